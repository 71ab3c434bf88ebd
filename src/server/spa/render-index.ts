import type { SiteSettings } from '@/domain/entities';
import { imageSrcSet } from '@/domain/images';
import { FIRST_ANSWER_ELEMENT_ID, type FirstRead } from '@/domain/public-pages';
import { jsonForScript } from './site-settings-json';

/** What a page tells search engines and link previews. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** Absolute or host-relative image address for og:image. */
  image?: string;
  /**
   * The page's canonical absolute address (og:url and rel=canonical); none for
   * an address that names nothing (a 404), which no link should point at.
   */
  url?: string;
  /** The site's origin, against which a relative image is resolved when the page has no address. */
  origin?: string;
  /** The Atom feeds the page announces (rel=alternate): feed readers run no JavaScript, so the server writes them. */
  feeds?: readonly { title: string; href: string }[];
  /** Pages search engines should not keep (search results, 404s). */
  noindex?: boolean;
  /** Scripts and stylesheets the page's app will load (its lazy page's chunk): fetched beside the main script. */
  preload?: readonly string[];
  /** The API answer the page reads first, with what it answers (domain/public-pages.ts FirstRead): the app draws the page from it. */
  firstAnswer?: { read: FirstRead; answer: unknown };
  /** The image the page shows first and largest (domain/public-pages.ts leadImage): fetched beside the scripts. */
  leadImage?: { src: string; sizes: string };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A preload of the page's lead image with the srcset and sizes its <img> will have (ResponsiveImage),
 * so the browser picks the same variant once and the <img> finds it fetched.
 */
function imagePreload({ src, sizes }: { src: string; sizes: string }): string {
  const srcset = imageSrcSet(src);
  const variants = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${variants} fetchpriority="high" />`;
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
// The built template is minified (unquoted attributes), so match loosely.
const DESCRIPTION = /<meta\s[^>]*name=["']?description["']?[^>]*>/i;
const CONTENT = /content=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * index.html for one address: the template (the built SPA's index.html) with
 * the page's title, description and OpenGraph tags in its <head>, and the
 * site settings for the SPA to read from #site-settings (and the page's first
 * API answer from #primera-respuesta). Values absent from
 * `meta` keep the template's own title and description.
 */
export function renderIndex(template: string, meta: PageMeta, settings: SiteSettings): string {
  const templateTitle = TITLE.exec(template)?.[1]?.trim() ?? '';
  const content = CONTENT.exec(DESCRIPTION.exec(template)?.[0] ?? '');
  const templateDescription = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
  const title = meta.title ? escapeHtml(meta.title) : templateTitle;
  const description = meta.description !== undefined ? escapeHtml(meta.description) : templateDescription;
  const base = meta.url ?? meta.origin;
  const image = meta.image && base ? new URL(meta.image, base).toString() : undefined;

  const head = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${templateTitle}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(meta.url
      ? [`<meta property="og:url" content="${escapeHtml(meta.url)}" />`, `<link rel="canonical" href="${escapeHtml(meta.url)}" />`]
      : []),
    `<meta property="og:locale" content="es_ES" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(meta.feeds ?? []).map(
      (feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}" />`,
    ),
    ...(meta.preload ?? []).map(
      (file) => `<link rel="preload" href="${escapeHtml(file)}" as="${file.endsWith('.css') ? 'style' : 'script'}" />`,
    ),
    ...(meta.leadImage ? [imagePreload(meta.leadImage)] : []),
    `<script id="site-settings" type="application/json">${jsonForScript(settings)}</script>`,
    ...(meta.firstAnswer
      ? [`<script id="${FIRST_ANSWER_ELEMENT_ID}" type="application/json">${jsonForScript(meta.firstAnswer)}</script>`]
      : []),
  ].join('\n    ');

  const html = template.replace(TITLE, () => `<title>${title}</title>`).replace(DESCRIPTION, '');
  return html.replace('</head>', () => `<meta name="description" content="${description}" />\n    ${head}\n  </head>`);
}
