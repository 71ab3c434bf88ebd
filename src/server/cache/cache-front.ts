import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidHost } from '../http/low-level-errors';
import { type CachedAnswer, deliver } from './public-answer';
import type { PublicCache } from './public-cache';
import { cacheKeyOf } from './public-key';

/**
 * Answers cached public GETs (API answers and drawn pages) before Fastify sees the request, the way a
 * caching proxy in front of the app would: the stored bytes and headers
 * (security headers included) go straight to the socket, compressed when the
 * client accepts it, or a 304 when it already holds them (cache/public-answer.ts). Anything else, or
 * a cache that is due for its version check, falls through (returns false).
 * Requests with credentials always fall through: an admin's answer may differ.
 * So do requests without a usable Host, which the app refuses (app.ts): the
 * key no longer holds the host, so the cache would otherwise answer them.
 */
export function createCacheFront(cache: PublicCache<CachedAnswer>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined || !req.url) return false;
    const key = cacheKeyOf(req.url);
    if (key === undefined || !isValidHost(req.headers.host)) return false;
    const hit = cache.peek(key);
    if (!hit) return false;
    const { status, headers, body } = deliver(hit, req.headers);
    res.writeHead(status, headers);
    res.end(body);
    return true;
  };
}
