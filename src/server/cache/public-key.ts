import { FACULTY_SEGMENT } from '@/domain/catalogue';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import { PAGE_PARAM } from '@/domain/public-pages';
import { SEARCH_SEGMENT } from '@/domain/site-search';
import { PublicBiographiesQuery, PublicPublicationsQuery } from '@/domain/schemas/public';
import { PageQuery } from '@/domain/schemas/common';

/**
 * The public GETs that are cached, and the query parameters each one reads:
 * the names its querystring schema declares (routes/public.ts), so that the
 * list cannot drift from what the route accepts.
 */
const CACHEABLE: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/api\/public\/publications\/?$/, params: Object.keys(PublicPublicationsQuery.properties) },
  { path: /^\/api\/public\/publication\/\d{1,10}\/?$/, params: [] },
  { path: /^\/api\/public\/biographies\/?$/, params: Object.keys(PublicBiographiesQuery.properties) },
  { path: /^\/api\/public\/events\/?$/, params: Object.keys(PageQuery.properties) },
];

/** A public request reduced to what its answer depends on. */
export interface CanonicalRequest {
  /** Path (with its trailing slash) and the parameters the route reads, in a fixed order: the cache key. */
  url: string;
  /** Those parameters, for the route to compute the answer from exactly what the key says. */
  query: Record<string, string>;
}

/**
 * The canonical form of a public GET's address, so that query strings cannot multiply the cache's entries:
 * unknown parameters (tracking tags, cache busters) are dropped and the known
 * ones put in the schema's order, so `?x=1&section_slug=a` and
 * `?section_slug=a&x=2` are one answer and one cache entry. undefined when
 * the address is not a cached route, or names a known parameter twice (then
 * the route answers as usual, without the cache).
 *
 * The host is not part of it: answers write absolute links from the site's
 * public origin, never from the request's Host (http/public-origin.ts).
 */
export function canonicalPublicRequest(url: string): CanonicalRequest | undefined {
  // Every request passes the cache front: anything else leaves at once.
  if (!url.startsWith('/api/public/')) return undefined;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const route = CACHEABLE.find((candidate) => candidate.path.test(path));
  if (!route) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1))) {
    if (!route.params.includes(name)) continue;
    if (name in query) return undefined;
    query[name] = value;
  }
  // Joined by hand, not with URLSearchParams: this runs for every cached hit, and it is quicker.
  const search = route.params
    .filter((name) => name in query)
    .map((name) => `${name}=${encodeURIComponent(query[name])}`)
    .join('&');
  const canonicalPath = path.endsWith('/') ? path : `${path}/`;
  return { url: search ? `${canonicalPath}?${search}` : canonicalPath, query };
}

/** The cache key of a public GET, or undefined when it is not cached. */
export const publicCacheKey = (url: string): string | undefined => canonicalPublicRequest(url)?.url;

/**
 * The public pages kept in the public cache once drawn (plugins/spa.ts): the home page, a list
 * (/noticias, an added section), a publication (/noticias/12) and the faculty, by their path;
 * not the search, a preview, the admin panel or files, which never match this.
 */
const CACHEABLE_PAGE = /^\/(?:[a-z0-9-]{1,100}(?:\/\d{1,10})?)?$/;
const NOT_CACHED_SEGMENTS = new Set(['admin', 'login', 'api', SEARCH_SEGMENT, PREVIEW_SEGMENT]);

/** A kept page's path that is a list's (/noticias, an added section's): the one kind of kept page that reads ?pagina. */
const isListPath = (path: string): boolean => /^\/[a-z0-9-]+$/.test(path) && path !== `/${FACULTY_SEGMENT}`;

/**
 * The address a kept public page is drawn at: its path, with ?pagina=N when the address
 * names a page of a list (the only parameter such a page reads; tracking tags and the like
 * are dropped, so they make no copies, and so is ?pagina on the home page, the faculty or
 * a publication, which read none). undefined for an address whose page is not kept.
 */
export function publicPageAddress(url: string): string | undefined {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (!CACHEABLE_PAGE.test(path) || NOT_CACHED_SEGMENTS.has(path.slice(1).split('/')[0])) return undefined;
  if (mark === -1 || !isListPath(path)) return path;
  const pages = new URLSearchParams(url.slice(mark + 1)).getAll(PAGE_PARAM);
  if (pages.length > 1) return undefined;
  return pages.length === 1 ? `${path}?${PAGE_PARAM}=${encodeURIComponent(pages[0])}` : path;
}

/** A kept public page's key in the public cache: 'page:' and the address it is drawn at (never an API key, which starts with '/'). */
export const pageCacheKey = (address: string): string => `page:${address}`;

/** The public cache's key of a GET, an API answer's or a page's; undefined when it is not cached. */
export function cacheKeyOf(url: string): string | undefined {
  const api = publicCacheKey(url);
  if (api !== undefined) return api;
  const page = publicPageAddress(url);
  return page === undefined ? undefined : pageCacheKey(page);
}
