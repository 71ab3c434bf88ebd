/** Attributes a pasted element keeps; everything else (class, style, id, lang, Word's mso-*) goes. */
const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  A: ['href', 'title', 'target'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan', 'scope'],
  OL: ['start', 'type'],
};

const isBold = (style: CSSStyleDeclaration) => style.fontWeight === 'bold' || Number(style.fontWeight) >= 600;

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Replaces an element by `tag` holding its children. */
function wrapChildrenIn(element: HTMLElement, tag: 'strong' | 'em'): HTMLElement {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...Array.from(element.childNodes));
  element.append(wrapper);
  return wrapper;
}

/**
 * Cleans HTML pasted from Word or Google Docs before it enters a text cell:
 * bold and italics written as styles become <strong> and <em>; then styles,
 * classes, ids, Office tags (o:p ...), comments and the wrappers Google Docs
 * adds are removed, so the text takes the site's typography. Works in place on
 * the element TinyMCE hands to `paste_postprocess`.
 */
export function cleanPastedHtml(root: HTMLElement): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((comment) => comment.parentNode?.removeChild(comment));

  for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    const tag = element.tagName;
    if (tag.includes(':') || tag === 'META' || tag === 'STYLE' || tag === 'LINK' || tag === 'XML') {
      element.remove();
      continue;
    }
    // Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-...">.
    if (tag === 'B' && element.id.startsWith('docs-internal-guid')) {
      unwrap(element);
      continue;
    }
    const { style } = element;
    if (tag !== 'B' && tag !== 'STRONG' && !/^H\d$/.test(tag) && isBold(style)) wrapChildrenIn(element, 'strong');
    if (tag !== 'I' && tag !== 'EM' && style.fontStyle === 'italic') wrapChildrenIn(element, 'em');
    const kept = KEPT_ATTRIBUTES[tag] ?? [];
    for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
  }
  // Spans and fonts with nothing left to say are only noise.
  for (const element of Array.from(root.querySelectorAll('span, font'))) unwrap(element);
}
