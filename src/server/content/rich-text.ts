import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '@/domain/text';

/** Video players a text cell may embed (the same hosts the CSP allows in frames). */
export const EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

// Styles TinyMCE writes for ordinary formatting; anything else is dropped.
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];
const LENGTH = [/^\d+(\.\d+)?(px|em|rem|%)?$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'span',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'figure',
    'figcaption',
    'iframe',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    // No `allow`: it would grant the frame camera, microphone, geolocation... on the site's
    // behalf. A player needs none of it; the public page renders players of video cells
    // itself (client/ui/video-embed.tsx, a fixed list), and its HTML sanitiser drops
    // frames in rich text anyway.
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'frameborder'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'padding-left': LENGTH,
      'margin-left': LENGTH,
      width: LENGTH,
      height: LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // No data: images: pasted images are uploaded and referenced by URL (requirements §10.6).
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  // A frame whose address was refused is left without src: drop the empty frame too.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    // A link that opens a new tab must not hand it window.opener.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/**
 * Cleans a text cell's HTML when it is saved (requirements §10.4): formatting,
 * links, images, tables and headings stay; scripts, event handlers,
 * javascript: URLs and frames from anywhere but the video players go. A
 * character the input rule refuses, which an entity such as &#xFFFF; becomes
 * once decoded, goes too, so that the next edit is not refused for it.
 */
export function sanitizeRichText(html: string): string {
  return withoutControlCharacters(sanitizeHtml(html, OPTIONS));
}

const DISPLAY_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: OPTIONS.allowedTags && OPTIONS.allowedTags.filter((tag) => tag !== 'iframe'),
};

/**
 * Rich text as a public page shows it, when the server draws the page
 * (render/site-renderer.ts): the second lock the browser applies with DOMPurify
 * (client/ui/sanitized-html.tsx), with its rules: what the save kept, without
 * frames (video cells have their own player).
 */
export function sanitizeForDisplay(html: string): string {
  return sanitizeHtml(html, DISPLAY_OPTIONS);
}
