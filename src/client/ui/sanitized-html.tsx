import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

// Links that open elsewhere never hand the opener to the other page. (On the server DOMPurify has
// no document to work on, and the server's own sanitiser is given instead: RichTextSanitizer.)
if (DOMPurify.isSupported) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Rich text from the API as the browser may render it (requirements §10.4: the server sanitises on save; this is the second lock). */
export const sanitizeRichText = (html: string): string =>
  DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });

const Sanitizer = createContext<(html: string) => string>(sanitizeRichText);

/**
 * The second lock where pages are drawn without a document: the server gives its own
 * sanitiser, with the browser's rules (server/content/rich-text.ts sanitizeForDisplay).
 */
export const RichTextSanitizer = Sanitizer.Provider;

/** Rich text from the API, sanitised before rendering (in the browser, or on the server that draws the page). */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const sanitize = useContext(Sanitizer);
  const clean = useMemo(() => sanitize(html), [sanitize, html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
