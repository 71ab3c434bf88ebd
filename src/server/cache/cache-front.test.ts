import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCacheFront } from './cache-front';
import { answerBytes, type CachedAnswer, prepareAnswer } from './public-answer';
import { PublicCache } from './public-cache';
import { publicCacheKey } from './public-key';

describe('cache front', () => {
  let answer: CachedAnswer;
  let cache: PublicCache<CachedAnswer>;
  beforeEach(async () => {
    answer = await prepareAnswer(Buffer.from(JSON.stringify({ count: 1, results: ['x'.repeat(2000)] })), {
      'content-type': 'application/json',
      'x-frame-options': 'SAMEORIGIN',
    });
    cache = new PublicCache<CachedAnswer>({
      readVersion: async () => 1,
      today: () => '2026-01-01',
      checkIntervalMs: 60_000,
      maxBytes: 1 << 20,
      sizeOf: answerBytes,
    });
    await cache.get('warm-up');
    cache.set(publicCacheKey('/api/public/publications/?section_slug=noticias') as string, answer, cache.begin());
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
    expect(sent).toEqual({ status: 200, headers: { ...answer.headers, 'content-length': answer.body.length }, body: answer.body });
  });

  it('sends the compressed form the client prefers, made once when the answer was cached', () => {
    const { res, sent } = response();
    createCacheFront(cache)(request('/api/public/publications/?section_slug=noticias', { 'accept-encoding': 'gzip, deflate, br' }), res);
    expect(sent.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-length': answer.encoded.br!.length });
    expect(sent.body).toBe(answer.encoded.br);
  });

  it('answers 304 without a body to a client that holds the same answer', () => {
    const { res, sent } = response();
    createCacheFront(cache)(
      request('/api/public/publications/?section_slug=noticias', { 'if-none-match': String(answer.headers.etag) }),
      res,
    );
    expect(sent.status).toBe(304);
    expect(sent.body).toBeUndefined();
    expect(sent.headers).toMatchObject({ etag: answer.headers.etag, 'cache-control': answer.headers['cache-control'] });
  });

  it('answers the same entry whatever unknown parameters come with the ones the route reads, and whatever the host', () => {
    for (const url of [
      '/api/public/publications?utm_source=x&section_slug=noticias',
      '/api/public/publications/?section_slug=noticias&_=1&_=2',
    ]) {
      const { res, sent } = response();
      expect(createCacheFront(cache)(request(url, { host: 'otro.es' }), res)).toBe(true);
      expect(sent.body).toBe(answer.body);
    }
  });

  it.each([
    ['a request without a usable Host', request('/api/public/publications/?section_slug=noticias', { host: 'a b' })],
    ['credentials', request('/api/public/publications/?section_slug=noticias', { authorization: 'Bearer x' })],
    ['a POST', request('/api/public/publications/?section_slug=noticias', {}, 'POST')],
    ['an admin path', request('/api/publications/?section_slug=noticias')],
    ['an uncached query', request('/api/public/publications/?section_slug=revista')],
    ['a parameter the route reads, twice', request('/api/public/publications/?section_slug=noticias&section_slug=revista')],
    ['a path that is not a cached route', request('/api/public/otra/?section_slug=noticias')],
  ])('lets %s through to Fastify', (_name, req) => {
    const { res, sent } = response();
    expect(createCacheFront(cache)(req, res)).toBe(false);
    expect(sent).toEqual({});
  });
});
