import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { messages } from '@/domain/messages';
import { formData, startApiServer, type TestServer } from '../helpers/api-server';
import { eventually } from '../helpers/eventually';

/**
 * The HTTP layer as an attacker meets it (docs/decisions/121 and 122):
 * absolute addresses from PUBLIC_URL only, the proxy hops
 * trusted, slow and malformed requests answered in the API's Spanish shape
 * with the usual headers, and the hardening headers.
 */

/** Sends raw bytes and collects the whole answer (status line, headers, body). */
function raw(
  server: TestServer,
  text: string,
  { keepOpenMs = 3000 } = {},
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => (out += chunk));
    socket.on('error', reject);
    const timer = setTimeout(() => socket.destroy(), keepOpenMs);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head, ...rest] = out.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** Two active biographies, so that a public page of one has a next link. */
async function twoBiographies(server: TestServer) {
  const token = await server.adminToken();
  for (const name of ['Ana Ruiz', 'Luis Gil']) {
    const reply = await server.request('POST', '/api/biographies/', {
      token,
      form: formData({ name, position: 'Docente', biography: 'Bio', is_active: 'true' }),
    });
    expect(reply.status).toBe(201);
  }
}

const PAGE = '/api/public/biographies/?page_size=1';

const get = (path: string, host = 'Host: 127.0.0.1\r\n', version = '1.1') =>
  `GET ${path} HTTP/${version}\r\n${host}Connection: close\r\n\r\n`;

describe('behind a proxy, with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer({ trustProxy: 1, publicUrl: 'https://master.example.org' });
    await twoBiographies(server);
  });
  afterAll(async () => server.close());

  const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http', Host: 'evil.example' };

  it('writes every absolute address from PUBLIC_URL, whatever the request says, and the cache keeps it so', async () => {
    const first = await server.request('GET', PAGE, { headers: forged });
    expect(first.body.next).toBe(`https://master.example.org${PAGE}&page=2`);
    const later = await server.request('GET', PAGE);
    expect(later.body.next).toBe(first.body.next);

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`, { headers: forged })).text();
    expect(sitemap).toContain('<loc>https://master.example.org/cuerpo-docente</loc>');
    expect(sitemap).not.toContain('evil.example');
    expect(await (await fetch(`${server.url}/robots.txt`, { headers: forged })).text()).toContain(
      'Sitemap: https://master.example.org/sitemap.xml',
    );
    const page = await (await fetch(`${server.url}/noticias`, { headers: forged })).text();
    expect(page).toContain('<meta property="og:url" content="https://master.example.org/noticias" />');
  });

  it('sends HSTS and upgrade-insecure-requests when the site is served over HTTPS, and a Permissions-Policy', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });
});

describe('behind one trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer({ trustProxy: 1, loginRateLimitMax: 2 });
  });
  afterAll(async () => server.close());

  const attempt = (username: string, forwardedFor: string) =>
    server.request('POST', '/api/token/', { json: { username, password: 'equivocada' }, headers: { 'X-Forwarded-For': forwardedFor } });

  it('counts a client by the address the proxy saw, not by what the client wrote first in X-Forwarded-For', async () => {
    // The login throttle counts failures per client address (and per username: each try names another).
    expect((await attempt('uno', '203.0.113.9, 198.51.100.7')).status).toBe(401);
    expect((await attempt('dos', '10.0.0.1, 198.51.100.7')).status).toBe(401);
    // Rewriting the first address does not make a new client...
    expect((await attempt('tres', '192.0.2.55, 198.51.100.7')).status).toBe(429);
    // ...the address the proxy added does.
    expect((await attempt('cuatro', '203.0.113.9, 198.51.100.8')).status).toBe(401);
  });
});

describe('the HTTP layer of a plain server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer({ requestTimeoutMs: 1000, headersTimeoutMs: 1000, maxConnections: 40 });
    await twoBiographies(server);
  });
  afterAll(async () => server.close());

  it('over plain HTTP sends no HSTS and no upgrade-insecure-requests', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('permissions-policy')).toContain('microphone=()');
  });

  it("absolute addresses use the server's own address, never the Host sent", async () => {
    const reply = await server.request('GET', PAGE, { headers: { Host: 'evil.example:81' } });
    expect(reply.body.next).toBe(`${server.url}${PAGE}&page=2`);
  });

  it.each([
    ['a Host with a space', get('/api/public/publications/', 'Host: a b\r\n'), 400, messages.invalidHost],
    ['a broken IPv6 Host', get('/api/public/publications/', 'Host: [\r\n'), 400, messages.invalidHost],
    ['an empty Host', get('/api/public/publications/', 'Host: \r\n'), 400, messages.invalidHost],
    ['HTTP/1.0 without Host', get('/api/public/publications/?section_slug=noticias', '', '1.0'), 400, messages.invalidHost],
    ['an undecodable address', get('/api/%ZZ/'), 400, messages.malformedUrl],
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, messages.headersTooLarge],
    [
      'an Expect header',
      'POST /api/token/ HTTP/1.1\r\nHost: x\r\nExpect: 100-nope\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      417,
      messages.expectationFailed,
    ],
    ['a request line that is not HTTP', 'HELLO /<script>\r\n\r\n', 400, messages.malformedRequest],
  ])('%s: a Spanish answer with the usual headers, echoing nothing', async (_case, request, status, detail) => {
    const answer = await raw(server, request);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ detail });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body).not.toMatch(/%ZZ|script|nope/);
  });

  it.each(['//evil.com', '/%00', '/noticias/16//'])('%s gets the site (its 404 page, status 404), not a 403', async (address) => {
    const answer = await raw(server, get(address));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatch(/<div id="?root"?>/);
  });

  it("cuts a body sent a byte at a time with 408, in the API's shape", async () => {
    const { port } = new URL(server.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
        const drip = setInterval(() => socket.writable && socket.write(' '), 200);
        socket.on('close', () => clearInterval(drip));
      });
      let out = '';
      socket.on('data', (chunk) => (out += chunk));
      socket.on('close', () => resolve(out));
      socket.on('error', () => resolve(out));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(JSON.stringify({ detail: messages.requestTimeout }));
    // Not a timing assertion on the machine's speed: only that it did not wait for the whole body.
    expect(Date.now() - started).toBeLessThan(1000 * 200 * 0.2);
  });

  it('closes connections past the ceiling at once', async () => {
    const { port } = new URL(server.url);
    const open: net.Socket[] = [];
    for (let i = 0; i < 40; i += 1) {
      open.push(
        await new Promise<net.Socket>((resolve) => {
          const s = net.connect(Number(port), '127.0.0.1', () => resolve(s));
        }),
      );
    }
    const refused = await new Promise<boolean>((resolve) => {
      const extra = net.connect(Number(port), '127.0.0.1');
      extra.on('close', () => resolve(true));
      extra.on('data', () => resolve(false));
      extra.on('connect', () => extra.write(get('/api/public/sections/')));
    });
    open.forEach((socket) => socket.destroy());
    expect(refused).toBe(true);
    // The server counts those connections closed only as it notices them: until then it refuses new
    // ones too. Its next tests need it serving again, as it does a moment later.
    await eventually(async () => expect((await raw(server, get(PAGE))).status).toBe(200));
  });

  it('answers token requests with Cache-Control: no-store', async () => {
    const response = await server.request('POST', '/api/token/', { json: { username: 'admin', password: 'mal' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the data folder and the SQLite file to their owner', () => {
    if (server.config.databaseUrl) return; // PostgreSQL keeps its own files.
    expect(fs.statSync(path.join(server.dataDir, 'db.sqlite3')).mode & 0o777).toBe(0o600);
  });
});
