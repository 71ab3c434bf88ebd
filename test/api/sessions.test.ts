import { decodeJwt } from 'jose';
import { messages } from '@/domain/messages';
import { createOrResetAccount, ensureAdmin } from '@/server/auth/ensure-admin';
import { ROTATION_GRACE_SECONDS } from '@/server/auth/sign-in';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';

/** requirements §10.7, server side: refresh families, sign-out, password changes. */

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => server.close());

interface Pair {
  access: string;
  refresh: string;
}

const signIn = async (credentials = TEST_ADMIN): Promise<Pair> => {
  const reply = await server.request('POST', '/api/token/', { json: credentials });
  expect(reply.status).toBe(200);
  return reply.body;
};
const refresh = (token: string) => server.request('POST', '/api/token/refresh/', { json: { refresh: token } });
const signOut = (body: unknown) => server.request('POST', '/api/token/blacklist/', { json: body });
const opens = async (access: string) => (await server.request('GET', '/api/sections/', { token: access })).status === 200;

/** Moves a refresh token's rotation into the past, as if it had happened `seconds` ago. */
async function rotatedAgo(token: string, seconds: number): Promise<void> {
  const { jti } = decodeJwt(token);
  await server.services.db
    .updateTable('refresh_tokens')
    .set({ rotated_at: Math.floor(Date.now() / 1000) - seconds })
    .where('jti', '=', jti as string)
    .execute();
}

describe('reusing a rotated refresh token', () => {
  it('within 30 s of the rotation (a reload, two tabs racing) answers the refresh token the rotation issued, again and again', async () => {
    const pair = await signIn();
    const rotated = await refresh(pair.refresh);
    expect(rotated.status).toBe(200);
    const raced = await refresh(pair.refresh);
    expect(raced.status).toBe(200);
    expect(raced.body.refresh).toBe(rotated.body.refresh);
    const again = await refresh(pair.refresh);
    expect(again.status).toBe(200);
    expect(again.body.refresh).toBe(rotated.body.refresh);
    // A new access token of the same sign-in, which opens the admin API.
    expect(raced.body.access).not.toBe(pair.access);
    expect(decodeJwt(raced.body.access).family).toBe(decodeJwt(rotated.body.access).family);
    expect(await opens(raced.body.access)).toBe(true);
    expect(await opens(again.body.access)).toBe(true);
    // The refresh token handed back is the live one: the session goes on with it.
    const next = await refresh(raced.body.refresh);
    expect(next.status).toBe(200);
    expect(next.body.refresh).not.toBe(rotated.body.refresh);
    expect(await opens(next.body.access)).toBe(true);
  });

  it('within 30 s answers the same refresh token through another server on the same database', async () => {
    const other = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
    try {
      const pair = await signIn();
      const rotated = await refresh(pair.refresh);
      expect(rotated.status).toBe(200);
      const elsewhere = await other.request('POST', '/api/token/refresh/', { json: { refresh: pair.refresh } });
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.refresh).toBe(rotated.body.refresh);
      expect(await opens(elsewhere.body.access)).toBe(true);
      const here = await refresh(pair.refresh);
      expect(here.status).toBe(200);
      expect(here.body.refresh).toBe(rotated.body.refresh);
      // The live token rotates once, wherever it is sent.
      const next = await other.request('POST', '/api/token/refresh/', { json: { refresh: elsewhere.body.refresh } });
      expect(next.status).toBe(200);
      expect(next.body.refresh).not.toBe(rotated.body.refresh);
      expect((await refresh(next.body.refresh)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('within 30 s is refused, and nothing revoked, once the token the rotation issued was rotated in turn', async () => {
    const pair = await signIn();
    const second = (await refresh(pair.refresh)).body as Pair;
    const third = (await refresh(second.refresh)).body as Pair;
    const raced = await refresh(pair.refresh);
    expect(raced.status).toBe(401);
    expect(raced.body).toEqual({ detail: messages.invalidToken, code: 'token_not_valid' });
    // The second token, sent again within its own 30 s, still answers the third.
    expect((await refresh(second.refresh)).body.refresh).toBe(third.refresh);
    expect(await opens(third.access)).toBe(true);
    expect((await refresh(third.refresh)).status).toBe(200);
  });

  it('within 30 s is still refused after a sign-out, a deactivation or a new session version (a password change)', async () => {
    const person = { username: 'dos-pestanas', password: 'clave-de-dos-pestanas' };
    expect(await ensureAdmin(server.services.db, person.username, person.password)).toBe('created');
    const users = () => server.services.db.updateTable('users').where('username', '=', person.username);

    // Signed out with the token the rotation issued: the rotated one finds nothing stored.
    const signedOut = await signIn(person);
    const signedOutNext = (await refresh(signedOut.refresh)).body as Pair;
    expect((await signOut({ refresh: signedOutNext.refresh })).status).toBe(200);
    expect((await refresh(signedOut.refresh)).status).toBe(401);

    // The refresh route reads the account: a deactivated one gets nothing, rotated token or live.
    const deactivated = await signIn(person);
    expect((await refresh(deactivated.refresh)).status).toBe(200);
    await users().set({ is_active: 0 }).execute();
    expect((await refresh(deactivated.refresh)).status).toBe(401);
    await users().set({ is_active: 1 }).execute();

    // The session version alone, as a password change sets it (its revocation aside).
    const changed = await signIn(person);
    const changedNext = (await refresh(changed.refresh)).body as Pair;
    await users()
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .execute();
    expect((await refresh(changed.refresh)).status).toBe(401);
    expect((await refresh(changedNext.refresh)).status).toBe(401);
    // Four slow password hashes on purpose.
  }, 30_000);

  it('later than that revokes the whole family: the live refresh token stops working too', async () => {
    const pair = await signIn();
    const second = (await refresh(pair.refresh)).body as Pair;
    const third = (await refresh(second.refresh)).body as Pair;
    await rotatedAgo(pair.refresh, ROTATION_GRACE_SECONDS + 1);
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect((await refresh(third.refresh)).status).toBe(401);
    expect((await refresh(second.refresh)).status).toBe(401);
  });

  it('later than that also ends the access tokens of the whole family at once', async () => {
    const pair = await signIn();
    const second = (await refresh(pair.refresh)).body as Pair;
    expect(await opens(second.access)).toBe(true);
    await rotatedAgo(pair.refresh, ROTATION_GRACE_SECONDS + 1);
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect(await opens(second.access)).toBe(false);
    expect(await opens(pair.access)).toBe(false);
  });

  it('leaves the other sign-ins of the same user alone', async () => {
    const stolen = await signIn();
    const other = await signIn();
    await refresh(stolen.refresh);
    await rotatedAgo(stolen.refresh, ROTATION_GRACE_SECONDS + 5);
    expect((await refresh(stolen.refresh)).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('rotates once for simultaneous refreshes with one token: every one answers the same refresh token', async () => {
    const pair = await signIn();
    const replies = await Promise.all([refresh(pair.refresh), refresh(pair.refresh), refresh(pair.refresh)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.refresh)).size).toBe(1);
    const family = await server.services.db
      .selectFrom('refresh_tokens')
      .select(['jti', 'rotated_at'])
      .where('family', '=', decodeJwt(pair.refresh).jti as string)
      .execute();
    expect(family).toHaveLength(2);
    expect((await refresh(replies[0].body.refresh)).status).toBe(200);
  });
});

describe('a rotated refresh token sent again, on a clock that moves', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same refresh token up to 30 s after the rotation; later it is refused and its whole sign-in revoked', async () => {
    // A whole second, so that the rotation's time (stored in seconds) is exactly `start`.
    const start = Math.ceil(Date.now() / 1000) * 1000;
    fakeDateOnly(start);
    const pair = await signIn();
    const rotated = (await refresh(pair.refresh)).body as Pair;
    jest.setSystemTime(start + ROTATION_GRACE_SECONDS * 1000);
    const late = await refresh(pair.refresh);
    expect(late.status).toBe(200);
    expect(late.body.refresh).toBe(rotated.refresh);
    expect(await opens(late.body.access)).toBe(true);

    jest.setSystemTime(start + (ROTATION_GRACE_SECONDS + 1) * 1000);
    const reused = await refresh(pair.refresh);
    expect(reused).toMatchObject({ status: 401, body: { detail: messages.invalidToken, code: 'token_not_valid' } });
    // The token the rotation issued, and every access token of the sign-in, stop working too.
    expect((await refresh(rotated.refresh)).status).toBe(401);
    expect(await opens(rotated.access)).toBe(false);
    expect(await opens(late.body.access)).toBe(false);
    expect((await refresh(pair.refresh)).status).toBe(401);
  });
});

describe('POST /api/token/blacklist/ (sign out)', () => {
  it('revokes the refresh token and every token rotated from its sign-in, and answers 200 {}', async () => {
    const pair = await signIn();
    const rotated = (await refresh(pair.refresh)).body as Pair;
    const other = await signIn();
    const reply = await signOut({ refresh: rotated.refresh });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({});
    expect((await refresh(rotated.refresh)).status).toBe(401);
    expect(await opens(rotated.access)).toBe(false);
    expect((await refresh(other.refresh)).status).toBe(200);
    // Signing out twice is still a success; an old token of the same sign-in revokes nothing more.
    expect((await signOut({ refresh: rotated.refresh })).status).toBe(200);
    expect((await signOut({ refresh: pair.refresh })).status).toBe(200);
  });

  it('needs no access token, and refuses what is not a refresh token', async () => {
    const pair = await signIn();
    expect(await signOut({ refresh: pair.access })).toMatchObject({ status: 401, body: { detail: messages.invalidToken } });
    expect((await signOut({ refresh: 'basura' })).status).toBe(401);
    expect(await signOut({})).toMatchObject({ status: 400, body: { refresh: [messages.required] } });
  });
});

describe('a password change', () => {
  const person = { username: 'cambiante', password: 'clave-primera' };

  it('keeps every session when the password stays the same (a restart with the same ADMIN_PASSWORD)', async () => {
    expect(await ensureAdmin(server.services.db, person.username, person.password)).toBe('created');
    const pair = await signIn(person);
    expect(await ensureAdmin(server.services.db, person.username, person.password)).toBe('unchanged');
    expect(await opens(pair.access)).toBe(true);
    expect((await refresh(pair.refresh)).status).toBe(200);
  });

  it('signs the user out everywhere when it really changes: access and refresh tokens stop working', async () => {
    const pair = await signIn(person);
    const bystander = await signIn();
    expect(await createOrResetAccount(server.services.db, person.username, 'clave-segunda-larga')).toBe('updated');
    expect(await opens(pair.access)).toBe(false);
    expect((await refresh(pair.refresh)).status).toBe(401);
    const fresh = await signIn({ username: person.username, password: 'clave-segunda-larga' });
    expect(await opens(fresh.access)).toBe(true);
    expect((await refresh(fresh.refresh)).status).toBe(200);
    expect(await opens(bystander.access)).toBe(true);
    // Four slow password hashes on purpose.
  }, 30_000);
});
