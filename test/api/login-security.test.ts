import http from 'node:http';
import { messages } from '@/domain/messages';
import { PASSWORD_COST, setPasswordCost } from '@/server/auth/passwords';
import { countLoginAttempts } from '@/server/db/login-attempts-repository';
import type { ServerConfig } from '@/server/config';
import { BUSY_RETRY_AFTER_SECONDS } from '@/server/http/api-error';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { TEST_PASSWORD_COST } from '../helpers/api-server-constants';
import { PROCESS_TEST_GUARD_MS } from '../helpers/guards';

/**
 * The sign-in's defences (docs/decisions/120-login-throttle-shared-and-bounded.md, 123): the rate
 * limit holds under simultaneous requests and across instances, a pool of addresses or one IPv6
 * /64 gets no more guesses than one client, a known browser is not locked out, and password checks
 * are bounded (503 with Retry-After). Sessions (rotation, sign-out,
 * password changes) are covered by sessions.test.ts.
 */

// Every test here checks real passwords (scrypt, slow by design) dozens of times, and starts its
// own server: on a shared two-core machine that is seconds, not Jest's default five (a guard: test/helpers/guards.ts).
jest.setTimeout(PROCESS_TEST_GUARD_MS);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * POST /api/token/ from a given loopback address (127.0.0.0/8 all reaches the server on Linux),
 * so that tests can be several clients without trusting X-Forwarded-For. One connection per call.
 */
function signInFrom(server: TestServer, from: string, credentials: { username: string; password: string }): Promise<Answer> {
  const { port } = new URL(server.url);
  const payload = JSON.stringify(credentials);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/token/',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Accept: 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const tally = (answers: { status: number }[]): Record<number, number> =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const wrong = { username: TEST_ADMIN.username, password: 'equivocada' };

let servers: TestServer[] = [];
const start = async (overrides: Partial<ServerConfig>, shared?: TestServer) => {
  const server = await startApiServer(overrides, shared && { dataDir: shared.dataDir, databaseUrl: shared.config.databaseUrl });
  servers.push(server);
  return server;
};
afterEach(async () => {
  // The second instance of a shared database first: the first one drops the database.
  for (const server of servers.reverse()) await server.close();
  servers = [];
});

describe('the login rate limit counts each attempt before the password check', () => {
  // A waiting line long enough that every admitted check runs: these tests are about the throttle, not the 503.
  const limited = { loginRateLimitMax: 10, loginHashQueue: 1000 };

  it('of 100 simultaneous wrong passwords for one username, exactly LOGIN_RATE_LIMIT_MAX are checked (401); the rest get 429', async () => {
    const server = await start(limited);
    const answers = await Promise.all(Array.from({ length: 100 }, () => signInFrom(server, '127.0.0.10', wrong)));
    expect(tally(answers)).toEqual({ 401: 10, 429: 90 });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ detail: messages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(890);
    // The limit is reached: the right password is refused too, from that address.
    expect((await signInFrom(server, '127.0.0.10', TEST_ADMIN)).status).toBe(429);
    expect(await countLoginAttempts(server.services.db)).toBe(10);
  });

  it('two instances on one database count the same attempts: 300 simultaneous guesses across both get 10 checks', async () => {
    const first = await start(limited);
    const second = await start(limited, first);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => signInFrom(i % 2 ? second : first, '127.0.0.11', { username: 'nadie', password: 'x' })),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 290 });

    // Per username too: failures counted by one instance lock the username on the other.
    for (let i = 0; i < 10; i++) expect((await signInFrom(first, `127.0.1.${i}`, wrong)).status).toBe(401);
    expect((await signInFrom(second, '127.0.1.0', wrong)).status).toBe(429);
    // 300 requests through two instances, each a locked transaction on PostgreSQL: the file's long timeout.
  });

  it('keeps its table small: attempts older than the window are swept', async () => {
    const server = await start(limited);
    // Kept an hour (the unknown browsers' hourly budget) or the window, whichever is longer.
    const old = Date.now() - Math.max(server.config.loginRateLimitWindowMs, 60 * 60 * 1000) - 1000;
    await server.services.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 500 }, (_, i) => ({ ip: `10.1.${i >> 8}.${i & 255}`, username: 'admin', attempted_at: old })))
      .execute();
    expect((await signInFrom(server, '127.0.0.12', wrong)).status).toBe(401);
    expect(await countLoginAttempts(server.services.db)).toBe(1);
    // A success gives its place back: nothing of it stays.
    expect((await signInFrom(server, '127.0.0.13', TEST_ADMIN)).status).toBe(200);
    expect(await countLoginAttempts(server.services.db)).toBe(1);
  });
});

describe('guessing from many addresses (docs/decisions/123-login-throttle-networks-and-known-devices.md)', () => {
  /** A sign-in as a client behind the trusted proxy, at `address`, with the cookies given. */
  const signInAs = async (server: TestServer, address: string, credentials: { username: string; password: string }, cookie?: string) =>
    server.request('POST', '/api/token/', {
      json: credentials,
      headers: { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
    });
  /** The device cookie a successful sign-in leaves, as the browser sends it back. */
  const deviceCookieOf = (reply: { headers: Headers }) => reply.headers.get('set-cookie')!.split(';')[0];
  const inSequence = async <T>(n: number, each: (i: number) => Promise<T>) => {
    const results: T[] = [];
    for (let i = 0; i < n; i++) results.push(await each(i));
    return results;
  };

  it('one IPv6 /64 is one client: 60 addresses of it get the per-address limit, not 60 guesses', async () => {
    const server = await start({ trustProxy: 1, loginRateLimitMax: 10 });
    const answers = await inSequence(60, (i) =>
      signInAs(server, `2001:db8:7:9::${(i + 1).toString(16)}`, { username: 'otra', password: 'x' }),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 50 });
    // The next /64 is another client (at another username: 'otra' has used up the unknown browsers' budget).
    expect((await signInAs(server, '2001:db8:7:a::1', { username: 'tercera', password: 'x' })).status).toBe(401);
  });

  it('an IPv4 client seen as ::ffff:a.b.c.d is that IPv4 client, not a /64 shared with every IPv4 visitor', async () => {
    const server = await start({ trustProxy: 1, loginRateLimitMax: 2 });
    expect((await signInAs(server, '::ffff:198.51.100.7', { username: 'uno', password: 'x' })).status).toBe(401);
    expect((await signInAs(server, '198.51.100.7', { username: 'dos', password: 'x' })).status).toBe(401);
    expect((await signInAs(server, '::ffff:198.51.100.7', { username: 'tres', password: 'x' })).status).toBe(429);
    // Another IPv4 client of the same dual-stack socket is not held.
    expect((await signInAs(server, '::ffff:198.51.100.8', { username: 'tres', password: 'x' })).status).toBe(401);
  });

  it('a pool of addresses gets no more than the hourly budget at one username; the real admin on a known browser still signs in', async () => {
    const server = await start({ trustProxy: 1, loginRateLimitMax: 1000, loginUnknownDeviceMax: 30 });
    // The admin signed in from this browser before: it keeps a device cookie.
    const earlier = await signInAs(server, '203.0.113.5', TEST_ADMIN);
    expect(earlier.status).toBe(200);
    const knownBrowser = deviceCookieOf(earlier);

    const guesses = await inSequence(61, (i) => signInAs(server, `10.${i >> 8}.${i & 255}.1`, wrong));
    expect(tally(guesses)).toEqual({ 401: 30, 429: 31 });
    // The right password from yet another address of the pool is refused too: the budget is the username's.
    expect((await signInAs(server, '10.9.9.9', TEST_ADMIN)).status).toBe(429);
    // Another username is not held.
    expect((await signInAs(server, '10.9.9.9', { username: 'otra', password: 'x' })).status).toBe(401);

    // The known browser gets in, wherever it is now.
    const admin = await signInAs(server, '192.0.2.44', TEST_ADMIN, knownBrowser);
    expect(admin.status).toBe(200);
    expect(Object.keys(admin.body).sort()).toEqual(['access', 'refresh']);
    // A cookie of another username, or a forged one, is no known browser.
    expect((await signInAs(server, '192.0.2.45', TEST_ADMIN, `${knownBrowser.slice(0, -4)}AAAA`)).status).toBe(429);
    const other = await server.services.loginDevices.issue('otra');
    expect((await signInAs(server, '192.0.2.46', TEST_ADMIN, `login_device=${other}`)).status).toBe(429);

    // The lock is in Actividad, once.
    const token = (admin.body as { access: string }).access;
    const log = (await server.request('GET', '/api/activity/?kind=sign_in_locked', { token })).body;
    expect(log.results.map((entry: { action: string; user: string }) => [entry.action, entry.user])).toEqual([
      ['sign_in_locked', TEST_ADMIN.username],
    ]);
  });

  it('the device cookie is HttpOnly, SameSite=Strict, sent to the sign-in routes only, and Secure on an https site', async () => {
    const plain = await start({});
    const onHttp = await plain.request('POST', '/api/token/', { json: TEST_ADMIN });
    expect(onHttp.headers.get('set-cookie')).toMatch(
      /^login_device=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=15552000; Path=\/api\/token\/; HttpOnly; SameSite=Strict$/,
    );
    const secure = await start({ publicUrl: 'https://master.example.org' });
    expect((await secure.request('POST', '/api/token/', { json: TEST_ADMIN })).headers.get('set-cookie')).toMatch(/; Secure/);
    // A failed sign-in makes no browser known.
    expect((await plain.request('POST', '/api/token/', { json: wrong })).headers.get('set-cookie')).toBeNull();
  });
});

describe('password checks are bounded', () => {
  // The site's own cost, not the cheaper one of the other API tests (test/helpers/api-setup.ts):
  // the burst must outlast a check for the line to fill.
  beforeEach(() => setPasswordCost(PASSWORD_COST));
  afterEach(() => setPasswordCost(TEST_PASSWORD_COST));

  it('when the waiting line is full, answers 503 with Retry-After and a Spanish detail, and the refused attempts do not count', async () => {
    const server = await start({ loginRateLimitMax: 1000, loginUnknownDeviceMax: 1000, loginHashConcurrency: 1, loginHashQueue: 1 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => signInFrom(server, '127.0.0.40', wrong)));
    const counts = tally(answers);
    expect(Object.keys(counts).sort()).toEqual(['401', '503']);
    expect(counts[401]).toBeGreaterThanOrEqual(2);
    const busy = answers.find((a) => a.status === 503)!;
    expect(busy.body).toEqual({ detail: messages.loginBusy });
    expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    // Only the checked attempts (the 401s) hold a place in the throttle.
    expect(await countLoginAttempts(server.services.db)).toBe(counts[401]);
    // Once the burst is over, the admin signs in.
    expect((await signInFrom(server, '127.0.0.41', TEST_ADMIN)).status).toBe(200);
  });
});
