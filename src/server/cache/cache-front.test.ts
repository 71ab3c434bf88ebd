import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCacheFront } from './cache-front';
import { type CachedAnswer, PublicCache } from './public-cache';

describe('cache front', () => {
  const answer: CachedAnswer = { body: Buffer.from('{"count":0}'), headers: { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' } };
  let cache: PublicCache<CachedAnswer>;
  beforeEach(async () => {
    cache = new PublicCache<CachedAnswer>({ readVersion: async () => 1, today: () => '2026-01-01', checkIntervalMs: 60_000 });
    await cache.get('warm-up');
    cache.set('sitio.es/api/public/publications/?section_slug=noticias', answer, cache.begin());
  });

  const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    ({ method, url, headers: { host: 'sitio.es', ...headers } }) as unknown as IncomingMessage;
  const response = () => {
    const sent: { status?: number; headers?: unknown; body?: unknown } = {};
    const res = {
      writeHead: (status: number, headers: unknown) => Object.assign(sent, { status, headers }),
      end: (body: unknown) => Object.assign(sent, { body }),
    } as unknown as ServerResponse;
    return { res, sent };
  };

  it('answers a cached public GET with its stored bytes and headers', () => {
    const { res, sent } = response();
    expect(createCacheFront(cache)(request('/api/public/publications/?section_slug=noticias'), res)).toBe(true);
    expect(sent).toEqual({ status: 200, headers: answer.headers, body: answer.body });
  });

  it.each([
    ['another host', request('/api/public/publications/?section_slug=noticias', { host: 'otro.es' })],
    ['credentials', request('/api/public/publications/?section_slug=noticias', { authorization: 'Bearer x' })],
    ['a POST', request('/api/public/publications/?section_slug=noticias', {}, 'POST')],
    ['an admin path', request('/api/publications/?section_slug=noticias')],
    ['an uncached query', request('/api/public/publications/?section_slug=revista')],
  ])('lets %s through to Fastify', (_name, req) => {
    const { res, sent } = response();
    expect(createCacheFront(cache)(req, res)).toBe(false);
    expect(sent).toEqual({});
  });
});
