import { CALENDAR_PATH, CALENDAR_TITLE } from '@/domain/events';
import type { SiteSettings } from '@/domain/entities';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@/domain/public-pages';
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
  /**
   * The files of the page's lazy code (its chunk): its stylesheets are linked, since the
   * page is drawn before any script runs; its scripts are fetched beside the main script.
   */
  preload?: readonly string[];
  /** The page as the server drew it: the HTML of #root (server/render). */
  root?: string;
  /** What the app that takes the page over needs (domain/public-pages.ts PageData), written at the end of the body. */
  pageData?: PageData;
  /** JSON-LD nodes (schema.org) describing the page, each in a script of its own (seo/structured-data.ts). */
  structuredData?: readonly object[];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const TITLE = /<title>([\s\S]*?)<\/title>/i;
// The built template is minified (unquoted attributes), so match loosely.
const DESCRIPTION = /<meta\s[^>]*name=["']?description["']?[^>]*>/i;
const CONTENT = /content=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ROOT = /<div id=(["']?)root\1><\/div>/i;
// 'Este sitio necesita JavaScript…': true of the admin panel, no longer of a page the server has drawn.
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/i;

/**
 * index.html for one address: the template (the built SPA's index.html) with
 * the page's title, description, OpenGraph tags and structured data in its
 * <head>, the page the server drew in #root, the site settings for the app to
 * read from #site-settings (with the year and the site's day the page was made on) and the
 * page's data from #datos-de-la-pagina.
 * Values absent from `meta` keep the template's own title and description.
 */
export function renderIndex(template: string, meta: PageMeta, settings: SiteSettings & { year?: number; today?: string }): string {
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
    // The events' calendar, beside the feeds on every public page that announces them.
    ...(meta.feeds?.length ? [`<link rel="alternate" type="text/calendar" title="${CALENDAR_TITLE}" href="${CALENDAR_PATH}" />`] : []),
    ...(meta.preload ?? []).map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" href="${escapeHtml(file)}" />`
        : `<link rel="preload" href="${escapeHtml(file)}" as="script" />`,
    ),
    `<script id="site-settings" type="application/json">${jsonForScript(settings)}</script>`,
    ...(meta.structuredData ?? []).map((node) => `<script type="application/ld+json">${jsonForScript(node)}</script>`),
  ].join('\n    ');

  let html = template.replace(TITLE, () => `<title>${title}</title>`).replace(DESCRIPTION, '');
  if (meta.root !== undefined) html = html.replace(NOSCRIPT, '').replace(ROOT, () => `<div id="root">${meta.root}</div>`);
  const data = meta.pageData ? `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(meta.pageData)}</script>` : '';
  return html
    .replace('</head>', () => `<meta name="description" content="${description}" />\n    ${head}\n  </head>`)
    .replace('</body>', () => `${data}</body>`);
}
