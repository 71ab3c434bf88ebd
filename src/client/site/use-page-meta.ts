import { useEffect } from 'react';
import { pageTitle, SITE_DESCRIPTION } from '@/domain/catalogue';

/**
 * Sets the document's <title> and meta description for the page being shown
 * (and its OpenGraph twins when present), so tabs, history and shared links
 * read well after client-side navigation.
 */
export function usePageMeta(title: string | undefined, description: string = SITE_DESCRIPTION): void {
  useEffect(() => {
    const fullTitle = pageTitle(title);
    document.title = fullTitle;
    const set = (selector: string, value: string) => document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', value);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
    set('meta[property="og:title"]', fullTitle);
    set('meta[property="og:description"]', description);
  }, [title, description]);
}
