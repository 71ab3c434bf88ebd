import http from 'node:http';
import { messages } from '@/domain/messages';
import { countLoginAttempts } from '@/server/db/login-attempts-repository';
import type { ServerConfig } from '@/server/config';
import { BUSY_RETRY_AFTER_SECONDS } from '@/server/routes/token';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';

/**
 * The security issue's login items (docs/decisions/120-login-throttle-shared-and-bounded.md):
 * the rate limit holds under simultaneous requests and across instances, nobody can lock the
 * admin out, and password checks are bounded (503 with Retry-After). Sessions (rotation, sign-out,
 * password changes) are covered by sessions.test.ts.
 */

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

const tally = (answers: Answer[]): Record<number, number> =>
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
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => signInFrom(i % 2 ? second : first, '127.0.0.11', { username: 'nadie', password: 'x' })));
    expect(tally(answers)).toEqual({ 401: 10, 429: 290 });

    // Per username too: failures counted by one instance lock the username on the other.
    for (let i = 0; i < 10; i++) expect((await signInFrom(first, `127.0.1.${i}`, wrong)).status).toBe(401);
    expect((await signInFrom(second, '127.0.1.0', wrong)).status).toBe(429);
    // 300 requests through two instances, each a locked transaction on PostgreSQL: seconds on a shared machine, not Jest's default 5.
  }, 30_000);

  it('keeps its table small: attempts older than the window are swept', async () => {
    const server = await start(limited);
    const old = Date.now() - server.config.loginRateLimitWindowMs - 1000;
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

describe('nobody can lock the admin out', () => {
  it('after the maximum of wrong passwords for admin from elsewhere, the right one from an address with no recent failure signs in', async () => {
    const server = await start({ loginRateLimitMax: 3 });
    for (const from of ['127.0.0.20', '127.0.0.21', '127.0.0.22']) expect((await signInFrom(server, from, wrong)).status).toBe(401);

    // An address that failed is held by the username's limit, even with the right password.
    const held = await signInFrom(server, '127.0.0.20', TEST_ADMIN);
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ detail: messages.tooManyAttempts });

    // The real admin, from an address with no failure.
    const admin = await signInFrom(server, '127.0.0.23', TEST_ADMIN);
    expect(admin.status).toBe(200);
    expect(Object.keys(admin.body).sort()).toEqual(['access', 'refresh']);

    // A clean address gets one guess at a locked username; after failing it is held too.
    expect((await signInFrom(server, '127.0.0.24', wrong)).status).toBe(401);
    expect((await signInFrom(server, '127.0.0.24', TEST_ADMIN)).status).toBe(429);
  });

  it('gives a clean address one check at a time on a locked username, however many it sends at once', async () => {
    const server = await start({ loginRateLimitMax: 3, loginHashQueue: 1000 });
    for (const from of ['127.0.0.30', '127.0.0.31', '127.0.0.32']) await signInFrom(server, from, wrong);
    const answers = await Promise.all(Array.from({ length: 30 }, () => signInFrom(server, '127.0.0.33', wrong)));
    expect(tally(answers)).toEqual({ 401: 1, 429: 29 });
  });
});

describe('password checks are bounded', () => {
  it('when the waiting line is full, answers 503 with Retry-After and a Spanish detail, and the refused attempts do not count', async () => {
    const server = await start({ loginRateLimitMax: 1000, loginHashConcurrency: 1, loginHashQueue: 1 });
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
