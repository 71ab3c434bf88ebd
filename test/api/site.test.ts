import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages } from '@/domain/messages';
import { publicSiteSettings } from '@/domain/site-settings';
import { todayIso } from '@/server/clock';
import { startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => server.close());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });
/** GET with the path sent exactly as written (fetch would resolve '..' first). */
const rawGet = (path: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const { port } = new URL(server.url);
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
const siteSettings = (html: string) =>
  JSON.parse(/<script id="site-settings" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('the single-page app', () => {
  it.each([
    ['/', 'main', 'Máster de pruebas'],
    ['/noticias', 'main', 'Noticias · Máster en Educación Emocional y Convivencia Escolar'],
    ['/media', 'main', 'Media · Máster en Educación Emocional y Convivencia Escolar'],
    ['/admin', 'admin', 'Máster de pruebas'],
    ['/admin/login', 'admin', 'Máster de pruebas'],
    ['/admin/publications/edit/3', 'admin', 'Máster de pruebas'],
    ['/login', 'admin', 'Máster de pruebas'],
  ])('answers %s with its document (the %s entry), with its title, meta and site settings', async (path, entry, title) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toMatch(entry === 'main' ? /<div id="root">(<link [^>]*>)*<div class="site">/ : /<div id=root><\/div>/);
    expect(html).toContain(`<script defer src=/assets/${entry}.abc123.js>`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:url" content="${server.url}${path}" />`);
    // No section beyond the five exists here: the list of added ones is empty.
    expect(siteSettings(html)).toEqual({
      ...publicSiteSettings(server.config.siteSettingsDefaults),
      sections: [],
      // This test site sends no mail: the sign-in page offers no link by mail.
      mail: false,
      year: new Date().getFullYear(),
      today: todayIso(),
    });
  });

  // Addresses that name nothing answer 404 with the same document: the browser app renders its 404 page.
  it.each(['/noticias/3', '/media/7', '/giese', '/administracion'])(
    'answers %s, which names nothing, 404 with the site document',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<script defer src=/assets/main.abc123.js>');
      expect(html).toContain('<title>Página no encontrada · Máster en Educación Emocional y Convivencia Escolar</title>');
      expect(html).not.toContain('og:url');
      expect(siteSettings(html)).toEqual({
        ...publicSiteSettings(server.config.siteSettingsDefaults),
        sections: [],
        // This test site sends no mail: the sign-in page offers no link by mail.
        mail: false,
        year: new Date().getFullYear(),
        today: todayIso(),
      });
    },
  );

  it('never sends a document as a raw template', async () => {
    for (const path of ['/index.html', '/admin.html']) {
      const html = await (await get(path)).text();
      expect(html).toContain('<script id="site-settings"');
    }
  });

  it('sends a page compressed in the form the browser takes, the same page as uncompressed, and a 304 for a repeat', async () => {
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const { port } = new URL(server.url);
        http
          .get({ host: '127.0.0.1', port, path: '/noticias', headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await ask({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await ask({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toBe(plain.bytes.toString());
    const gzip = await ask({ 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(plain.bytes.toString());
    // One validator for every form: a browser holding the page gets a 304 whichever it took.
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect((await ask({ 'Accept-Encoding': 'br', 'If-None-Match': String(brotli.headers.etag) })).status).toBe(304);
  });

  it('serves built assets with a long cache and other files briefly', async () => {
    const asset = await get('/assets/main.abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers JSON 404 for unknown /api addresses and missing media files', async () => {
    for (const path of ['/api/nada/', '/api', '/media/nada.jpg', '/media/images/nada-480.webp']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: messages.notFound });
    }
  });

  it('sends security headers on every answer, with a CSP that allows the video players', async () => {
    for (const path of ['/', '/api/public/publications/', '/api/nada/']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain('frame-src https://www.youtube.com');
      expect(csp).toContain('https://player.vimeo.com');
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    }
  });
});

describe('/media/', () => {
  it('serves the files the site ships (hero video, poster) beside the uploads, cached briefly', async () => {
    const response = await get('/media/hero-poster.jpg');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('poster');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('lists no directory and lets nothing out of the media folder', async () => {
    fs.writeFileSync(path.join(server.dataDir, 'privado.txt'), 'CONTENIDO-PRIVADO');
    fs.mkdirSync(path.join(server.dataDir, 'media', 'images'), { recursive: true });
    fs.writeFileSync(path.join(server.dataDir, 'media', 'images', '.oculto'), 'CONTENIDO-PRIVADO');
    const attempts = [
      '/media/',
      '/media/images/',
      '/media/images/.oculto',
      '/media/../privado.txt',
      '/media/%2e%2e/privado.txt',
      '/media/..%2fprivado.txt',
      '/media/images/..%2f..%2fprivado.txt',
      '/media/..%5cprivado.txt',
    ];
    fs.writeFileSync(path.join(server.dataDir, 'media', 'images', 'foto-subida.jpg'), 'x');
    for (const attempt of attempts) {
      const response = await rawGet(attempt);
      // Refused, or (for folder-like addresses, which are also SPA routes under /media) the SPA's page.
      if (response.status === 200) expect(response.text).toMatch(/<div id="?root"?>/);
      else expect([400, 403, 404]).toContain(response.status);
      expect(response.text).not.toContain('CONTENIDO-PRIVADO');
      expect(response.text).not.toContain('foto-subida');
    }
  });
});

describe('bad requests', () => {
  it('answers 415 in Spanish for a body type the API does not read', async () => {
    const token = await server.adminToken();
    const reply = await server.request('POST', '/api/sections/', {
      token,
      raw: { body: '<title>x</title>', contentType: 'application/xml' },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ detail: messages.unsupportedMediaType });
  });

  it('answers 400 for an empty JSON body and for JSON with __proto__', async () => {
    const token = await server.adminToken();
    for (const body of ['', '{"__proto__": {"x": 1}, "title": "a"}']) {
      const reply = await server.request('POST', '/api/sections/', { token, raw: { body, contentType: 'application/json' } });
      expect(reply.status).toBe(400);
    }
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const token = await server.adminToken();
    const reply = await server.request('POST', '/api/sections/', { token, json: { title: 'x'.repeat(3 * 1024 * 1024) } });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ detail: messages.payloadTooLarge });
  });
});
