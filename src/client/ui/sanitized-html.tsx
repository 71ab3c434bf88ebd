import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Links that open elsewhere never hand the opener to the other page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

/** Rich text from the API as the browser may render it (requirements §10.4: the server sanitises on save; this is the second lock). */
export const sanitizeRichText = (html: string): string =>
  DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });

/** Rich text from the API, sanitised in the browser before rendering. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
