import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedAnswer, PublicCache } from './public-cache';

export const PUBLIC_API_PREFIX = '/api/public/';

/** The key of a public answer: host (next/previous links are absolute) and URL as sent. */
export const publicCacheKey = (host: string | undefined, url: string | undefined): string => `${host}${url}`;

/**
 * Answers cached public GETs before Fastify sees the request, the way a
 * caching proxy in front of the app would: the stored bytes and headers
 * (security headers included) go straight to the socket. Anything else, or
 * a cache that is due for its version check, falls through (returns false).
 * Requests with credentials always fall through: an admin's answer may differ.
 */
export function createCacheFront(cache: PublicCache<CachedAnswer>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined || !req.url?.startsWith(PUBLIC_API_PREFIX)) return false;
    const hit = cache.peek(publicCacheKey(req.headers.host, req.url));
    if (!hit) return false;
    res.writeHead(200, hit.headers);
    res.end(hit.body);
    return true;
  };
}
