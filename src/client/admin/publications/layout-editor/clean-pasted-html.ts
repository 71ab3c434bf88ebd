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

export interface ImageOrigins {
  /** Origins whose images are already the site's (this page's, the API's). */
  ownOrigins: readonly string[];
  /** Whether a blob: address is one the editor holds the bytes of (and will upload). */
  isKnownBlob: (uri: string) => boolean;
}

/**
 * Whether the browser can make an image the site's own: its bytes are in the
 * paste (`data:image/…`, a blob the editor holds) or it is on the site already.
 */
function isReadableImage(src: string, { ownOrigins, isKnownBlob }: ImageOrigins): boolean {
  if (/^data:image\//i.test(src)) return true;
  if (/^blob:/i.test(src)) return isKnownBlob(src);
  try {
    return ownOrigins.includes(new URL(src).origin);
  } catch {
    return false;
  }
}

/**
 * Takes out of a paste the images whose bytes the browser cannot read: those
 * on other sites, which would otherwise stay as links to them (a hotlink that
 * breaks when they move it, and the CSP does not show). The server never
 * fetches an address for us (decision 144). Answers how many went, for the
 * message that tells the person.
 */
export function removeForeignImages(root: HTMLElement, origins: ImageOrigins): number {
  let removed = 0;
  for (const image of Array.from(root.querySelectorAll('img'))) {
    if (isReadableImage(image.getAttribute('src') ?? '', origins)) continue;
    // A link or a figure around the image alone would be left empty.
    const wrapper = image.parentElement;
    image.remove();
    if (
      wrapper &&
      wrapper !== root &&
      wrapper.matches('a, figure, picture') &&
      wrapper.textContent?.trim() === '' &&
      !wrapper.querySelector('img')
    )
      wrapper.remove();
    removed += 1;
  }
  return removed;
}

/** Whether pasted HTML is only images (no text): the shape of a browser's 'Copiar imagen'. */
export function isImagesOnlyHtml(html: string): boolean {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return body.querySelector('img') !== null && (body.textContent ?? '').trim() === '';
}
