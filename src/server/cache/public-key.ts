import { PublicBiographiesQuery, PublicPublicationsQuery } from '@/domain/schemas/public';

/**
 * The public GETs that are cached, and the query parameters each one reads:
 * the names its querystring schema declares (routes/public.ts), so that the
 * list cannot drift from what the route accepts.
 */
const CACHEABLE: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/api\/public\/publications\/?$/, params: Object.keys(PublicPublicationsQuery.properties) },
  { path: /^\/api\/public\/publication\/\d{1,10}\/?$/, params: [] },
  { path: /^\/api\/public\/biographies\/?$/, params: Object.keys(PublicBiographiesQuery.properties) },
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
