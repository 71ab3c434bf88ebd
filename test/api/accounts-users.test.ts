import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';

/** Usuarios and the password links: invitations, resets, deactivation, and the rules that keep an Administrador. */

// Every sign-in and activation hashes a password on purpose slowly.
jest.setTimeout(30_000);

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startApiServer();
  adminToken = await server.adminToken();
}, 30_000);
afterAll(async () => server.close());

interface UserJson {
  id: number;
  username: string;
  name: string;
  role: string;
  state: string;
  last_login_at: string | null;
  email: string | null;
}

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const signIn = (username: string, password: string) => server.request('POST', '/api/token/', { json: { username, password } });
const opens = async (access: string) => (await server.request('GET', '/api/account/', { token: access })).status === 200;

async function invite(username: string, role: 'admin' | 'editor' = 'editor', token = adminToken) {
  const reply = await server.request('POST', '/api/users/', { token, json: { username, name: `Nombre de ${username}`, role } });
  expect(reply.status).toBe(201);
  return reply.body as { user: UserJson; invitation: { url: string; expires_at: string } };
}

/** A colleague invited and activated: their account, password and a signed-in pair. */
async function colleague(username: string, role: 'admin' | 'editor' = 'editor') {
  const { user, invitation } = await invite(username, role);
  const password = `la-clave-de-${username}-larga`;
  const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token: tokenOf(invitation.url), password } });
  expect(accepted.status).toBe(200);
  return { user, password, access: accepted.body.access as string, refresh: accepted.body.refresh as string };
}

const listUsers = async (token = adminToken): Promise<UserJson[]> => (await server.request('GET', '/api/users/', { token })).body;

describe('a new colleague', () => {
  it('is created without a password, with a link shown once, and signs in after choosing one', async () => {
    const { user, invitation } = await invite('nueva.profesora');
    expect(user).toMatchObject({
      username: 'nueva.profesora',
      name: 'Nombre de nueva.profesora',
      role: 'editor',
      state: 'invited',
      last_login_at: null,
    });
    expect(invitation.url).toMatch(/^\/admin\/activar#[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(71 * 3600 * 1000);
    // Only the hash is stored.
    const stored = await server.services.db.selectFrom('invitations').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(invitation.url));
    // Nobody signs in to an account without a password.
    expect((await signIn('nueva.profesora', '')).status).toBe(400);

    const token = tokenOf(invitation.url);
    expect(await server.request('POST', '/api/invitations/check/', { json: { token } })).toMatchObject({
      status: 200,
      body: { username: 'nueva.profesora', name: 'Nombre de nueva.profesora', kind: 'invitation' },
    });
    const weak = await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'corta' } });
    expect(weak).toMatchObject({ status: 400, body: { password: [accountMessages.passwordTooShort] } });
    const same = await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'Nueva.Profesora' } });
    expect(same).toMatchObject({ status: 400, body: { password: [accountMessages.passwordIsUsername] } });
    const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'una clave que nadie adivina' } });
    expect(accepted.status).toBe(200);
    expect(await opens(accepted.body.access)).toBe(true);
    expect((await signIn('nueva.profesora', 'una clave que nadie adivina')).status).toBe(200);
    const listed = (await listUsers()).find((row) => row.username === 'nueva.profesora')!;
    expect(listed.state).toBe('active');
    expect(listed.last_login_at).not.toBeNull();
  });

  it('cannot use a link twice, nor an expired one, nor a made-up one', async () => {
    const { invitation } = await invite('dos.veces');
    const token = tokenOf(invitation.url);
    const invalid = { status: 404, body: { detail: accountMessages.invalidLink } };
    expect((await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'la primera vez vale' } })).status).toBe(
      200,
    );
    expect(await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'la segunda vez no vale' } })).toMatchObject(
      invalid,
    );
    expect(await server.request('POST', '/api/invitations/check/', { json: { token } })).toMatchObject(invalid);

    const late = await invite('caducada');
    await server.services.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', late.user.id)
      .execute();
    expect(await server.request('POST', '/api/invitations/check/', { json: { token: tokenOf(late.invitation.url) } })).toMatchObject(
      invalid,
    );
    expect((await listUsers()).find((row) => row.username === 'caducada')!.state).toBe('invitation_expired');
    // 'Nuevo enlace' replaces it.
    const renewed = await server.request('POST', `/api/users/${late.user.id}/invitation/`, { token: adminToken });
    expect(renewed.status).toBe(201);
    expect((await server.request('POST', '/api/invitations/check/', { json: { token: tokenOf(renewed.body.url) } })).status).toBe(200);
    expect((await listUsers()).find((row) => row.username === 'caducada')!.state).toBe('invited');

    expect(await server.request('POST', '/api/invitations/check/', { json: { token: 'x'.repeat(43) } })).toMatchObject(invalid);
    expect((await server.request('POST', '/api/invitations/check/', { json: {} })).status).toBe(404);
  });

  it('gets a single winner when one link is used twice at the same moment', async () => {
    const { invitation } = await invite('carrera');
    const token = tokenOf(invitation.url);
    const replies = await Promise.all(
      ['primera contraseña larga', 'segunda contraseña larga'].map((password) =>
        server.request('POST', '/api/invitations/accept/', { json: { token, password } }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 404]);
  });

  it('refuses a username that differs from another only in case', async () => {
    await invite('Mayusculas');
    const taken = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'mayúsculas', name: '', role: 'editor' },
    });
    expect(taken.status).toBe(201);
    const again = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'MAYUSCULAS', name: '', role: 'editor' },
    });
    expect(again).toMatchObject({ status: 400, body: { username: [accountMessages.usernameTaken] } });
    const admin = await server.request('POST', '/api/users/', { token: adminToken, json: { username: 'ADMIN', name: '', role: 'admin' } });
    expect(admin).toMatchObject({ status: 400, body: { username: [accountMessages.usernameTaken] } });
  });

  it('refuses a blank username, a bad role and unknown fields', async () => {
    const blank = await server.request('POST', '/api/users/', { token: adminToken, json: { username: ' ', name: '', role: 'jefe' } });
    expect(blank).toMatchObject({ status: 400, body: { username: [messages.required], role: [accountMessages.invalidRole] } });
    const extra = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'extra', role: 'editor', password: 'x' },
    });
    expect(extra.status).toBe(400);
    // A role left unchosen is a missing field, as the form shows it.
    const unchosen = await server.request('POST', '/api/users/', { token: adminToken, json: { username: 'sinrol', role: '' } });
    expect(unchosen).toMatchObject({ status: 400, body: { role: [messages.required] } });
    expect((await listUsers()).map((user) => user.username)).not.toContain('sinrol');
  });

  it('refuses an unknown role in a change, and changes nothing', async () => {
    const person = await colleague('rolero');
    const changed = await server.request('PATCH', `/api/users/${person.user.id}/`, {
      token: adminToken,
      json: { name: 'Nombre nuevo', role: 'jefe' },
    });
    expect(changed).toMatchObject({ status: 400, body: { role: [accountMessages.invalidRole] } });
    expect((await listUsers()).find((user) => user.id === person.user.id)).toMatchObject({ role: 'editor', name: person.user.name });
  });
});

describe('a reset', () => {
  it('ends the old password and every session at once, and the link sets a new one', async () => {
    const person = await colleague('olvidadiza');
    const other = (await signIn('olvidadiza', person.password)).body;
    const link = await server.request('POST', `/api/users/${person.user.id}/invitation/`, { token: adminToken });
    expect(link.status).toBe(201);
    expect(await opens(person.access)).toBe(false);
    expect(await opens(other.access)).toBe(false);
    expect((await server.request('POST', '/api/token/refresh/', { json: { refresh: other.refresh } })).status).toBe(401);
    expect(await signIn('olvidadiza', person.password)).toMatchObject({ status: 401, body: { detail: messages.invalidCredentials } });
    const token = tokenOf(link.body.url);
    expect((await server.request('POST', '/api/invitations/check/', { json: { token } })).body.kind).toBe('reset');
    const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'mi contraseña nueva y larga' } });
    expect(accepted.status).toBe(200);
    expect((await signIn('olvidadiza', 'mi contraseña nueva y larga')).status).toBe(200);
  });
});

describe('deactivation', () => {
  it('refuses a token already held on its next request, and sign-in with the same 401 as a wrong password', async () => {
    const person = await colleague('se.marcha');
    expect(await opens(person.access)).toBe(true);
    const patched = await server.request('PATCH', `/api/users/${person.user.id}/`, { token: adminToken, json: { is_active: false } });
    expect(patched).toMatchObject({ status: 200, body: { state: 'inactive' } });
    expect(await server.request('GET', '/api/account/', { token: person.access })).toMatchObject({ status: 401 });
    expect((await server.request('POST', '/api/token/refresh/', { json: { refresh: person.refresh } })).status).toBe(401);
    const refused = await signIn('se.marcha', person.password);
    const wrong = await signIn('se.marcha', 'no-es-la-contraseña');
    expect(refused).toMatchObject({ status: 401, body: { detail: messages.invalidCredentials } });
    expect(refused.body).toEqual(wrong.body);
    // No link for a deactivated account until it is reactivated.
    expect(await server.request('POST', `/api/users/${person.user.id}/invitation/`, { token: adminToken })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.inactiveAccountLink },
    });
    expect(
      (await server.request('PATCH', `/api/users/${person.user.id}/`, { token: adminToken, json: { is_active: true } })).body.state,
    ).toBe('active');
    expect((await signIn('se.marcha', person.password)).status).toBe(200);
  });
});

describe('the rules that keep an Administrador', () => {
  it('refuse deactivating or demoting yourself', async () => {
    const me = (await listUsers()).find((row) => row.username === TEST_ADMIN.username)!;
    expect(await server.request('PATCH', `/api/users/${me.id}/`, { token: adminToken, json: { is_active: false } })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.cannotDeactivateSelf },
    });
    expect(await server.request('PATCH', `/api/users/${me.id}/`, { token: adminToken, json: { role: 'editor' } })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.cannotChangeOwnRole },
    });
    expect(await server.request('POST', `/api/users/${me.id}/invitation/`, { token: adminToken })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.ownLink },
    });
    // A change that changes nothing is no demotion.
    expect(
      (await server.request('PATCH', `/api/users/${me.id}/`, { token: adminToken, json: { role: 'admin', name: 'La administradora' } }))
        .status,
    ).toBe(200);
  });

  it('refuse leaving no active Administrador, also when two demote each other at the same moment', async () => {
    const first = await colleague('directora.a', 'admin');
    const second = await colleague('directora.b', 'admin');
    const me = (await listUsers()).find((row) => row.username === TEST_ADMIN.username)!;
    // Leave the two of them as the only active Administradores.
    expect((await server.request('PATCH', `/api/users/${me.id}/`, { token: first.access, json: { role: 'editor' } })).status).toBe(200);
    const replies = await Promise.all([
      server.request('PATCH', `/api/users/${second.user.id}/`, { token: first.access, json: { role: 'editor' } }),
      server.request('PATCH', `/api/users/${first.user.id}/`, { token: second.access, json: { role: 'editor' } }),
    ]);
    const statuses = replies.map((reply) => reply.status).sort();
    // One wins; the other is refused, for the last Administrador's sake or because its author is no longer one.
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const winner = replies[0].status === 200 ? first : second;
    const admins = (await listUsers(winner.access)).filter((row) => row.role === 'admin' && row.state === 'active');
    expect(admins.map((row) => row.id)).toEqual([winner.user.id]);
    const lastAdmin = admins[0];
    const lastToken = lastAdmin.id === first.user.id ? first.access : second.access;
    const deactivateLast = await server.request('PATCH', `/api/users/${lastAdmin.id}/`, { token: lastToken, json: { is_active: false } });
    expect(deactivateLast.body).toEqual({ detail: accountMessages.cannotDeactivateSelf });
    // Put the test admin back for the other tests.
    expect((await server.request('PATCH', `/api/users/${me.id}/`, { token: lastToken, json: { role: 'admin' } })).status).toBe(200);
    const demoteLastByAnother = await server.request('PATCH', `/api/users/${lastAdmin.id}/`, {
      token: adminToken,
      json: { role: 'editor' },
    });
    expect(demoteLastByAnother.status).toBe(200);
    const only = (await listUsers()).filter((row) => row.role === 'admin' && row.state === 'active');
    expect(only.map((row) => row.username)).toEqual([TEST_ADMIN.username]);
  });

  it('refuse deactivating the last active Administrador even by another (an Editor cannot, so it is refused at the door)', async () => {
    const editor = await colleague('editor.intenta');
    const me = (await listUsers()).find((row) => row.username === TEST_ADMIN.username)!;
    expect(await server.request('PATCH', `/api/users/${me.id}/`, { token: editor.access, json: { is_active: false } })).toMatchObject({
      status: 403,
      body: { detail: accountMessages.forbidden },
    });
  });
});

describe('Actividad', () => {
  it('records account events, never a password or a link', async () => {
    const person = await colleague('registrada');
    await server.request('PATCH', `/api/users/${person.user.id}/`, { token: adminToken, json: { role: 'admin' } });
    await server.request('PATCH', `/api/users/${person.user.id}/`, { token: adminToken, json: { is_active: false } });
    await server.request('PATCH', `/api/users/${person.user.id}/`, { token: adminToken, json: { is_active: true } });
    const link = await server.request('POST', `/api/users/${person.user.id}/invitation/`, { token: adminToken });
    const rows = await server.services.db
      .selectFrom('activity')
      .selectAll()
      .where('target_kind', '=', 'user')
      .where('target_id', '=', person.user.id)
      .execute();
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        'account_create',
        'invitation_create',
        'account_activate',
        'role_change',
        'account_deactivate',
        'account_reactivate',
        'password_reset',
      ]),
    );
    const everything = JSON.stringify(await server.services.db.selectFrom('activity').selectAll().execute());
    expect(everything).not.toContain(person.password);
    expect(everything).not.toContain(tokenOf(link.body.url));
  });
});

describe('email addresses', () => {
  it('refuses an Administrador’s own address here, which Mi cuenta changes with a confirmation', async () => {
    const me = (await listUsers()).find((user) => user.username === 'admin')!;
    const changed = await server.request('PATCH', `/api/users/${me.id}/`, { token: adminToken, json: { email: 'otra@example.org' } });
    expect(changed).toMatchObject({ status: 400, body: { email: [accountMessages.ownEmailInAccount] } });
    expect((await listUsers()).find((user) => user.id === me.id)?.email).toBe(me.email);
    // Sent back as it is (a form with every field), it is no change.
    expect(
      (await server.request('PATCH', `/api/users/${me.id}/`, { token: adminToken, json: { name: me.name, email: me.email } })).status,
    ).toBe(200);
  });

  it('are optional, kept as written, unique in any case or accent form, checked, changed and removed by an Administrador', async () => {
    const created = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'con.correo', role: 'editor', email: ' Ana.Ruiz@Example.org ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.user.email).toBe('Ana.Ruiz@Example.org');
    const { user } = await invite('sin.correo');
    expect(user).toMatchObject({ email: null });

    const taken = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'otra.cuenta', role: 'editor', email: 'ana.ruiz@example.ORG' },
    });
    expect(taken).toMatchObject({ status: 400, body: { email: [accountMessages.emailTaken] } });
    const invalid = await server.request('POST', '/api/users/', {
      token: adminToken,
      json: { username: 'otra.cuenta', role: 'editor', email: 'ana@' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { email: [messages.invalidEmail] } });
    expect((await listUsers()).some((u) => u.username === 'otra.cuenta')).toBe(false);

    const path = `/api/users/${user.id}/`;
    expect(await server.request('PATCH', path, { token: adminToken, json: { email: 'ANA.RUIZ@example.org' } })).toMatchObject({
      status: 400,
      body: { email: [accountMessages.emailTaken] },
    });
    expect(await server.request('PATCH', path, { token: adminToken, json: { email: 'luis@example.org' } })).toMatchObject({
      status: 200,
      body: { email: 'luis@example.org' },
    });
    // Its own address, in another case, is no clash.
    expect(
      await server.request('PATCH', `/api/users/${created.body.user.id}/`, { token: adminToken, json: { email: 'ana.ruiz@example.org' } }),
    ).toMatchObject({ status: 200, body: { email: 'ana.ruiz@example.org' } });
    expect(await server.request('PATCH', path, { token: adminToken, json: { email: null } })).toMatchObject({
      status: 200,
      body: { email: null },
    });
    // Freed: another account may take it.
    expect(
      await server.request('POST', '/api/users/', {
        token: adminToken,
        json: { username: 'toma.correo', role: 'editor', email: 'luis@example.org' },
      }),
    ).toMatchObject({ status: 201 });
  });
});
