import { decodeJwt } from 'jose';
import { accountMessages } from '@/domain/accounts';
import { createOrResetAccount, ensureAdmin, RefusedPasswordError } from '@/server/auth/ensure-admin';
import { findUserByUsername } from '@/server/db/users-repository';
import { startApiServer, type TestServer } from '../helpers/api-server';

/** Mi cuenta: the password change, the open sessions; and what a restart or create-admin does to an account. */

// Every sign-in hashes a password on purpose slowly.
jest.setTimeout(30_000);

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startApiServer();
  adminToken = await server.adminToken();
}, 30_000);
afterAll(async () => server.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function person(username: string) {
  const password = `la-clave-de-${username}-larga`;
  expect(await createOrResetAccount(server.services.db, username, password, 'editor')).toBe('created');
  return { username, password };
}

async function signIn(credentials: { username: string; password: string }, userAgent = FIREFOX) {
  const reply = await server.request('POST', '/api/token/', { json: credentials, headers: { 'User-Agent': userAgent } });
  expect(reply.status).toBe(200);
  return reply.body as { access: string; refresh: string };
}
const opens = async (access: string) => (await server.request('GET', '/api/account/', { token: access })).status === 200;
const refreshes = async (refresh: string) => (await server.request('POST', '/api/token/refresh/', { json: { refresh } })).status === 200;

describe('Mi cuenta', () => {
  it('tells who is signed in', async () => {
    const me = await server.request('GET', '/api/account/', { token: adminToken });
    expect(me).toMatchObject({ status: 200, body: { username: 'admin', role: 'admin', name: '' } });
  });

  it('changes the password: this session goes on with a fresh pair, every other one ends at once', async () => {
    const who = await person('cambia.clave');
    const here = await signIn(who, FIREFOX);
    const there = await signIn(who, SAFARI);
    const changed = await server.request('POST', '/api/account/password/', {
      token: here.access,
      json: { current_password: who.password, new_password: 'otra clave distinta y larga' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.detail).toBe(accountMessages.passwordChanged);
    // The new pair continues this sign-in.
    expect(decodeJwt(changed.body.access).family).toBe(decodeJwt(here.access).family);
    expect(await opens(changed.body.access)).toBe(true);
    expect(await refreshes(changed.body.refresh)).toBe(true);
    // The old tokens of this session, and everything of the other, stop working.
    expect(await opens(here.access)).toBe(false);
    expect(await opens(there.access)).toBe(false);
    expect(await refreshes(there.refresh)).toBe(false);
    expect((await server.request('POST', '/api/token/', { json: who })).status).toBe(401);
    expect(
      (await server.request('POST', '/api/token/', { json: { username: who.username, password: 'otra clave distinta y larga' } })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password and a weak new one, each beside its field', async () => {
    const who = await person('clave.mala');
    const { access } = await signIn(who);
    const wrong = await server.request('POST', '/api/account/password/', {
      token: access,
      json: { current_password: 'no-es-la-actual', new_password: 'otra clave distinta y larga' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { current_password: [accountMessages.wrongCurrentPassword] } });
    const weak = await server.request('POST', '/api/account/password/', {
      token: access,
      json: { current_password: who.password, new_password: 'passwordpassword' },
    });
    expect(weak).toMatchObject({ status: 400, body: { new_password: [accountMessages.passwordTooCommon] } });
    expect(await opens(access)).toBe(true);
  });

  it('lists the open sessions with browser, system and address, marks this one, and closes one or the others', async () => {
    const who = await person('varias.sesiones');
    const here = await signIn(who, FIREFOX);
    const phone = await signIn(who, SAFARI);
    const third = await signIn(who, FIREFOX);
    const listed = await server.request('GET', '/api/account/sessions/', { token: here.access });
    expect(listed.status).toBe(200);
    const sessions = listed.body as { id: string; browser: string; system: string; ip: string; current: boolean; started_at: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current).map((session) => session.id)).toEqual([decodeJwt(here.access).family]);
    const iphone = sessions.find((session) => session.id === decodeJwt(phone.access).family)!;
    expect(iphone).toMatchObject({ browser: 'Safari 17', system: 'iOS 17', ip: '127.0.0.1' });
    expect(sessions.find((session) => session.current)).toMatchObject({ browser: 'Firefox 128', system: 'Windows 10' });
    // A rotation keeps the sign-in's start.
    const rotated = await server.request('POST', '/api/token/refresh/', { json: { refresh: phone.refresh } });
    const again = (await server.request('GET', '/api/account/sessions/', { token: here.access })).body as typeof sessions;
    expect(again.find((session) => session.id === iphone.id)!.started_at).toBe(iphone.started_at);

    expect((await server.request('DELETE', `/api/account/sessions/${iphone.id}/`, { token: here.access })).status).toBe(204);
    expect(await opens(rotated.body.access)).toBe(false);
    expect((await server.request('DELETE', `/api/account/sessions/${iphone.id}/`, { token: here.access })).status).toBe(404);
    // Someone else's session is not found either.
    const admins = (await server.request('GET', '/api/account/sessions/', { token: adminToken })).body as typeof sessions;
    expect((await server.request('DELETE', `/api/account/sessions/${admins[0].id}/`, { token: here.access })).status).toBe(404);

    const closed = await server.request('POST', '/api/account/sessions/close-others/', { token: here.access });
    expect(closed).toMatchObject({ status: 200, body: { closed: 1 } });
    expect(await opens(third.access)).toBe(false);
    expect(await opens(here.access)).toBe(true);
  });

  it('clears the addresses of sessions after 90 days', async () => {
    const who = await person('direcciones.viejas');
    const old = await signIn(who);
    const family = decodeJwt(old.access).family as string;
    const longAgo = new Date(Date.now() - 91 * 24 * 3600 * 1000).toISOString();
    await server.services.db.updateTable('refresh_tokens').set({ last_used_at: longAgo }).where('family', '=', family).execute();
    await signIn(who);
    const sessions = (await server.request('GET', '/api/account/sessions/', { token: old.access })).body as {
      id: string;
      ip: string | null;
    }[];
    expect(sessions.find((session) => session.id === family)!.ip).toBeNull();
    expect(sessions.filter((session) => session.id !== family).every((session) => session.ip === '127.0.0.1')).toBe(true);
  });
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD at start', () => {
  it('changes nothing for an account that exists: no password, no reactivation, no promotion, sessions kept', async () => {
    const who = await person('ya.existe');
    const pair = await signIn(who);
    const row = (await findUserByUsername(server.services.db, who.username))!;
    await server.services.db.updateTable('users').set({ is_active: 0 }).where('id', '=', row.id).execute();
    expect(await ensureAdmin(server.services.db, who.username, 'otra-contraseña-de-entorno')).toBe('unchanged');
    expect(await ensureAdmin(server.services.db, 'YA.EXISTE', 'otra-contraseña-de-entorno')).toBe('unchanged');
    const after = (await findUserByUsername(server.services.db, who.username))!;
    expect(after).toEqual(row && { ...row, is_active: 0 });
    await server.services.db.updateTable('users').set({ is_active: 1 }).where('id', '=', row.id).execute();
    expect(await opens(pair.access)).toBe(true);
    expect((await server.request('POST', '/api/token/', { json: who })).status).toBe(200);
  });

  it('creates a missing account as an Administrador', async () => {
    expect(await ensureAdmin(server.services.db, 'desde.entorno', 'la-clave-del-entorno')).toBe('created');
    expect((await findUserByUsername(server.services.db, 'desde.entorno'))!.role).toBe('admin');
  });
});

describe('create-admin', () => {
  it('makes an Editor with --role editor, refuses a weak password, and resets an existing password ending its sessions', async () => {
    expect(await createOrResetAccount(server.services.db, 'por.consola', 'la-clave-de-la-consola', 'editor')).toBe('created');
    expect((await findUserByUsername(server.services.db, 'por.consola'))!.role).toBe('editor');
    await expect(createOrResetAccount(server.services.db, 'por.consola', 'corta')).rejects.toThrow(RefusedPasswordError);
    const pair = await signIn({ username: 'por.consola', password: 'la-clave-de-la-consola' });
    expect(await createOrResetAccount(server.services.db, 'por.consola', 'la-clave-de-la-consola')).toBe('unchanged');
    expect(await opens(pair.access)).toBe(true);
    expect(await createOrResetAccount(server.services.db, 'Por.Consola', 'una-clave-nueva-de-consola')).toBe('updated');
    expect(await opens(pair.access)).toBe(false);
    // The role stays as it was.
    expect((await findUserByUsername(server.services.db, 'por.consola'))!.role).toBe('editor');
  });
});
