import { SignJWT } from 'jose';
import { messages } from '@/domain/messages';
import { createOrResetAccount, ensureAdmin } from '@/server/auth/ensure-admin';
import { formData, startApiServer, TEST_ADMIN, TEST_SECRET, type TestServer } from '../helpers/api-server';

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => server.close());

const signIn = (body: unknown) => server.request('POST', '/api/token/', { json: body });
const refresh = (token: string) => server.request('POST', '/api/token/refresh/', { json: { refresh: token } });
const listSections = (token?: string) => server.request('GET', '/api/sections/', { token });

const sign = (claims: Record<string, unknown>, { secret = TEST_SECRET, expiresIn = '5m' } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setJti('abc')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));

describe('POST /api/token/', () => {
  it('answers an access and a refresh token that open the admin API', async () => {
    const reply = await signIn(TEST_ADMIN);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['access', 'refresh']);
    expect((await listSections(reply.body.access)).status).toBe(200);
  });

  it('accepts the credentials as a multipart form too', async () => {
    const reply = await server.request('POST', '/api/token/', { form: formData(TEST_ADMIN) });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.access).toBe('string');
  });

  it('refuses a wrong password or an unknown user with 401 and the Spanish detail', async () => {
    for (const body of [
      { ...TEST_ADMIN, password: 'otra' },
      { username: 'nadie', password: 'x' },
    ]) {
      const reply = await signIn(body);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ detail: messages.invalidCredentials });
    }
  });

  it('answers field errors for missing fields', async () => {
    const reply = await signIn({ username: '', password: undefined });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ username: [messages.required], password: [messages.required] });
  });

  it('answers 400, not 500, for malformed JSON and for a body that is not an object', async () => {
    const malformed = await server.request('POST', '/api/token/', {
      raw: { body: '{"username": "admin",', contentType: 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: messages.malformedBody });
    const array = await signIn(['admin', 'x']);
    expect(array.status).toBe(400);
  });
});

describe('creating and updating admins (npm run create-admin, ADMIN_USERNAME/ADMIN_PASSWORD)', () => {
  it("creates a new admin who can sign in, and create-admin resets an existing one's password", async () => {
    expect(await ensureAdmin(server.services.db, 'segunda', 'clave-uno')).toBe('created');
    expect((await signIn({ username: 'segunda', password: 'clave-uno' })).status).toBe(200);
    expect(await createOrResetAccount(server.services.db, 'segunda', 'la-segunda-clave-larga')).toBe('updated');
    expect((await signIn({ username: 'segunda', password: 'clave-uno' })).status).toBe(401);
    expect((await signIn({ username: 'segunda', password: 'la-segunda-clave-larga' })).status).toBe(200);
    // Five slow password hashes on purpose.
  }, 30_000);
});

describe('POST /api/token/refresh/', () => {
  it('answers a new pair and the used refresh token rotates no more (rotation)', async () => {
    const pair = (await signIn(TEST_ADMIN)).body;
    const first = await refresh(pair.refresh);
    expect(first.status).toBe(200);
    expect(typeof first.body.access).toBe('string');
    expect(first.body.refresh).not.toBe(pair.refresh);
    expect((await listSections(first.body.access)).status).toBe(200);

    // Sent again right away (a reload before the new pair was stored), it answers the same refresh token.
    const reused = await refresh(pair.refresh);
    expect(reused.status).toBe(200);
    expect(reused.body.refresh).toBe(first.body.refresh);
    expect((await refresh(first.body.refresh)).status).toBe(200);
    // Once that one was rotated in turn, the first is refused (sessions.test.ts: the rest of the rules).
    const stale = await refresh(pair.refresh);
    expect(stale.status).toBe(401);
    expect(stale.body.detail).toBe(messages.invalidToken);
  });

  it('refuses an access token, garbage and a missing field', async () => {
    const pair = (await signIn(TEST_ADMIN)).body;
    expect((await refresh(pair.access)).status).toBe(401);
    expect((await refresh('basura')).status).toBe(401);
    const missing = await server.request('POST', '/api/token/refresh/', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ refresh: [messages.required] });
  });
});

describe('admin endpoints', () => {
  const adminCalls: [string, string][] = [
    ['GET', '/api/sections/'],
    ['GET', '/api/sections/1/'],
    ['POST', '/api/sections/'],
    ['PATCH', '/api/sections/1/'],
    ['DELETE', '/api/sections/1/'],
    ['PATCH', '/api/sections/reorder/'],
    ['GET', '/api/publications/'],
    ['GET', '/api/publications/1/'],
    ['POST', '/api/publications/'],
    ['PATCH', '/api/publications/1/'],
    ['DELETE', '/api/publications/1/'],
    ['PATCH', '/api/publications/reorder/'],
    ['POST', '/api/publications/1/upload_cell_image/'],
    ['GET', '/api/biographies/'],
    ['GET', '/api/biographies/1/'],
    ['POST', '/api/biographies/'],
    ['PATCH', '/api/biographies/1/'],
    ['DELETE', '/api/biographies/1/'],
    ['PATCH', '/api/biographies/reorder/'],
    ['POST', '/api/upload-image/'],
  ];

  it.each(adminCalls)('%s %s without a token is 401 with the Spanish detail', async (method, path) => {
    const reply = await server.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ detail: messages.notAuthenticated });
  });

  it('refuses garbage, tampered, expired, foreign-key and refresh tokens', async () => {
    const { access, refresh: refreshToken } = (await signIn(TEST_ADMIN)).body;
    const [header, payload, signature] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, user_id: 999 })).toString('base64url'), signature].join('.');
    const expired = await sign({ token_type: 'access', user_id: claims.user_id }, { expiresIn: '-1m' });
    const otherSecret = await sign({ token_type: 'access', user_id: claims.user_id }, { secret: 'otro-secreto' });
    for (const token of ['basura', `${access}x`, tampered, expired, otherSecret, refreshToken]) {
      const reply = await listSections(token);
      expect(reply.status).toBe(401);
      expect(reply.body.detail).toBe(messages.invalidToken);
    }
    // The same claims, correctly signed, are accepted: the refusals above are about the token, not the user.
    expect((await listSections(await sign({ token_type: 'access', user_id: claims.user_id }))).status).toBe(200);
  });

  it('refuses a valid token of a user that does not exist', async () => {
    expect((await listSections(await sign({ token_type: 'access', user_id: 4242 }))).status).toBe(401);
  });
});

describe('login rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startApiServer({ loginRateLimitMax: 3 });
  });
  afterAll(async () => limited.close());

  const attempt = (username: string, password: string, ip?: string) =>
    limited.request('POST', '/api/token/', { json: { username, password }, headers: ip ? { 'X-Forwarded-For': ip } : {} });

  it('answers 429 with a Spanish detail after repeated failures for a username, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(TEST_ADMIN.username, 'mal')).status).toBe(401);
    const blocked = await attempt(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: messages.tooManyAttempts });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 429 for an address that keeps failing with different usernames', async () => {
    // The server does not trust X-Forwarded-For by default, so every attempt comes from 127.0.0.1,
    // which the previous test already used up.
    const reply = await attempt('alguien-nuevo', 'x', '10.0.0.9');
    expect(reply.status).toBe(429);
  });
});
