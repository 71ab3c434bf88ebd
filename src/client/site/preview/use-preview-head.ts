import { useEffect } from 'react';
import { paths } from '@/client/app/paths';
import type { PreviewPublication } from '@/client/ui/preview-channel';

function headElement<T extends HTMLElement>(selector: string, make: () => T): { element: T; made: boolean } {
  const found = document.head.querySelector<T>(selector);
  if (found) return { element: found, made: false };
  const element = make();
  document.head.appendChild(element);
  return { element, made: true };
}

/**
 * A preview's head: 'noindex' for robots (the server says so too, in its
 * headers), and as canonical the address the publication will have,
 * /{section}/{id}, or none while it has no id or section. What was there
 * before comes back when the preview goes.
 */
export function usePreviewHead(publication: Pick<PreviewPublication, 'id' | 'section_slug'> | null): void {
  const id = publication?.id ?? null;
  const sectionSlug = publication?.section_slug ?? '';
  useEffect(() => {
    const robots = headElement('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' }));
    const robotsBefore = robots.element.content;
    robots.element.content = 'noindex';

    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const canonicalBefore = canonical?.getAttribute('href') ?? null;
    const future = id !== null && sectionSlug ? new URL(paths.publication.getHref(sectionSlug, id), window.location.origin).href : null;
    let made: HTMLLinkElement | null = null;
    if (future) {
      if (canonical) canonical.href = future;
      else {
        made = Object.assign(document.createElement('link'), { rel: 'canonical', href: future });
        document.head.appendChild(made);
      }
    } else canonical?.remove();

    return () => {
      if (robots.made) robots.element.remove();
      else robots.element.content = robotsBefore;
      made?.remove();
      if (canonical && canonicalBefore !== null) {
        canonical.setAttribute('href', canonicalBefore);
        if (!canonical.isConnected) document.head.appendChild(canonical);
      }
    };
  }, [id, sectionSlug]);
}
