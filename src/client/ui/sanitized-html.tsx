import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Links that open elsewhere never hand the opener to the other page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * Rich text from the API, sanitised in the browser before rendering
 * (requirements §10.4: the server sanitises on save; this is the second lock).
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
