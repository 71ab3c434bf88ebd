import { decodeJwt } from 'jose';
import { messages } from '@/domain/messages';
import { createOrResetAccount, ensureAdmin } from '@/server/auth/ensure-admin';
import { ROTATION_GRACE_SECONDS } from '@/server/routes/token';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';

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
  it('within 30 s of the rotation (two tabs racing) is refused, and the session goes on', async () => {
    const pair = await signIn();
    const rotated = await refresh(pair.refresh);
    expect(rotated.status).toBe(200);
    const raced = await refresh(pair.refresh);
    expect(raced.status).toBe(401);
    expect(raced.body).toEqual({ detail: messages.invalidToken, code: 'token_not_valid' });
    const next = await refresh(rotated.body.refresh);
    expect(next.status).toBe(200);
    expect(await opens(next.body.access)).toBe(true);
  });

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

  it('lets only one of two simultaneous refreshes with one token win', async () => {
    const pair = await signIn();
    const replies = await Promise.all([refresh(pair.refresh), refresh(pair.refresh), refresh(pair.refresh)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    expect((await refresh(replies.find((r) => r.status === 200)!.body.refresh)).status).toBe(200);
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
