import http from 'node:http';
import zlib from 'node:zlib';
import { PUBLIC_API_CACHE_CONTROL } from '@/server/cache/public-answer';
import { todayIso } from '@/server/clock';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';

/**
 * HTTP caching for a CDN in front of the site (docs/decisions/017): public API
 * answers carry an ETag and a short shared-cache lifetime, come compressed
 * when the client accepts it and answer 304 when it holds them; pages are
 * revalidated on every visit; admin answers are never kept.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
  const section = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body;
  // Enough publications that the answer is worth compressing.
  const jpeg = await makeImage();
  for (let i = 0; i < 8; i++) {
    const fields = {
      title: `Noticia número ${i} del curso`,
      section_id: String(section.id),
      status: 'published',
      publish_date: todayIso(),
    };
    const form = formData(fields, { featured_image: { bytes: jpeg } });
    expect((await server.request('POST', '/api/publications/', { token, form })).status).toBe(201);
  }
});
afterAll(async () => server.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the given headers (fetch would add and undo encodings itself). */
const raw = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    const { port } = new URL(server.url);
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const LIST = '/api/public/publications/?section_slug=noticias';

describe('public API answers', () => {
  // The first request of each pair is computed by the route, the second served by the cache front.
  it.each(['computed', 'cached'])('carry an ETag, a shared-cache lifetime under a minute and Vary (%s)', async () => {
    const response = await raw(LIST);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_API_CACHE_CONTROL);
    expect(response.headers['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    const [maxage, stale] = /s-maxage=(\d+), stale-while-revalidate=(\d+)/
      .exec(String(response.headers['cache-control']))!
      .slice(1)
      .map(Number);
    expect(maxage + stale).toBeLessThan(60);
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(response.body.toString()).count).toBe(8);
  });

  it('answer 304 without a body to If-None-Match, from the route and from the cache', async () => {
    server.services.publicCache.invalidate();
    const first = await raw(LIST);
    server.services.publicCache.invalidate();
    const fromRoute = await raw(LIST, { 'if-none-match': String(first.headers.etag) });
    const fromCache = await raw(LIST, { 'if-none-match': String(first.headers.etag) });
    for (const response of [fromRoute, fromCache]) {
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(first.headers.etag);
    }
  });

  it('change their ETag when the content changes', async () => {
    const before = await raw(LIST);
    const id = JSON.parse(before.body.toString()).results[0].id;
    await server.request('PATCH', `/api/publications/${id}/`, { token, json: { title: 'Título nuevo' } });
    const after = await raw(LIST, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('come compressed with %s when the client accepts only it, the same bytes once decoded', async (encoding, decode) => {
    const plain = await raw(LIST);
    for (let i = 0; i < 2; i++) {
      const response = await raw(LIST, { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(plain.body.length);
      expect(decode(response.body)).toEqual(plain.body);
    }
  });

  it('come uncompressed to a client that accepts no encoding', async () => {
    const response = await raw(LIST, { 'accept-encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString()).count).toBe(8);
  });
});

describe('pages and the admin API', () => {
  it('pages are revalidated on every visit and answer 304 when unchanged', async () => {
    const page = await raw('/noticias');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toMatch(/^W\/".+"$/);
    const again = await raw('/noticias', { 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw('/revista', { 'if-none-match': String(page.headers.etag) })).status).toBe(200);
  });

  it.each(['/api/publications/', '/api/sections/', '/api/summary/'])('%s is never cacheable, answered or refused', async (path) => {
    const answered = await raw(path, { authorization: `Bearer ${token}` });
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(answered.headers.etag).toBeUndefined();
    expect((await raw(path)).headers['cache-control']).toBe('no-store');
  });
});
