import http from 'node:http';
import zlib from 'node:zlib';
import { todayIso } from '@/server/clock';
import { formData, startApiServer, startSignedIn, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';

/**
 * /sitemap.xml as crawlers and caches get it: written once per content
 * change, with a validator, compressed when asked, and never older than the
 * last write, on this instance or on another sharing the database.
 */

let server: TestServer;
let token: string;
let jpeg: Buffer;
let sectionId: number;

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  const section = await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } });
  expect(section.status).toBe(201);
  sectionId = section.body.id;
});
afterAll(async () => server.close());

async function publish(title: string, target = server, tokenOf = token) {
  const reply = await target.request('POST', '/api/publications/', {
    token: tokenOf,
    form: formData(
      { title, section_id: String(sectionId), status: 'published', publish_date: todayIso() },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number };
}

const sitemap = (headers: Record<string, string> = {}) => fetch(`${server.url}/sitemap.xml`, { headers });
const address = (id: number) => `<loc>${server.url}/noticias/${id}</loc>`;

describe('/sitemap.xml', () => {
  it('is XML that caches may keep an hour, with a validator that a revisit sends back for a 304', async () => {
    const first = await sitemap();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    // The security headers travel with it, as with every answer.
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(await first.text()).toContain('<urlset');

    const again = await sitemap({ 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('comes compressed to a client that accepts it, with the same content', async () => {
    // Past the size worth compressing (a kilobyte).
    for (let i = 1; i <= 8; i++) await publish(`Noticia ${i}`);
    const plain = await (await sitemap({ 'accept-encoding': 'identity' })).text();
    // Read as bytes: undici would otherwise decode it before the test sees the encoding.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('gzip');
    expect(zlib.gunzipSync(raw.body).toString('utf8')).toBe(plain);
  });

  it('shows a write at once on the instance that made it: a new publication, and one withdrawn', async () => {
    const before = await sitemap();
    const etag = before.headers.get('etag')!;
    const created = await publish('Recién publicada');
    const after = await sitemap({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(address(created.id));

    const withdrawn = await server.request('PATCH', `/api/publications/${created.id}/`, { token, form: formData({ status: 'draft' }) });
    expect(withdrawn.status).toBe(200);
    expect(await (await sitemap()).text()).not.toContain(address(created.id));
  });

  it('shows a write made through another instance sharing the database within the check interval', async () => {
    expect(await (await sitemap()).text()).toContain('<urlset');
    const other = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
    try {
      const created = await publish('Publicada en otra instancia', other, await other.adminToken());
      // The server's clock moved on by the check interval, rather than waiting it out: the cache
      // checked last at the latest now, so its next answer must come from a new check.
      fakeDateOnly(Date.now() + server.config.cacheCheckIntervalMs);
      expect(await (await sitemap()).text()).toContain(address(created.id));
    } finally {
      jest.useRealTimers();
      await other.close();
    }
  });
});

describe('/robots.txt', () => {
  it('points at the sitemap by its full address', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await robots.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
