import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { eventually } from '../helpers/eventually';
import { quickMailTo, startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server';

/**
 * The owner's own email address in 'Mi cuenta' (docs/decisions/206), against
 * a real SMTP server: a new address is used only once the link mailed to it
 * is opened, once; the old address is told; the current password guards the
 * request and the link is throttled as sign-ins are. Without mail the change
 * is made at once.
 */

jest.setTimeout(60_000);

const PUBLIC_URL = 'https://master.example.org';
const PASSWORD = 'la clave larga de la editora 2026';
const LINK = /^https:\/\/master\.example\.org\/admin\/confirmar-correo#([A-Za-z0-9_-]{43})$/;

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());

const mailSettings = () => quickMailTo(smtp);

const withMail = (overrides: Parameters<typeof startApiServer>[0] = {}) =>
  startApiServer({ publicUrl: PUBLIC_URL, mail: mailSettings(), ...overrides });

let names = 0;

/** An Editor with a password, a session and, when given, an address (set by the Administrador in Usuarios). */
async function editor(server: TestServer, email: string | null = null) {
  const username = `editora.${++names}`;
  const made = await server.request('POST', '/api/users/', {
    token: await server.adminToken(),
    json: { username, name: 'Ana Editora', role: 'editor', ...(email ? { email } : {}) },
  });
  expect(made.status).toBe(201);
  const url = made.body.invitation.url as string;
  const accepted = await server.request('POST', '/api/invitations/accept/', {
    json: { token: url.slice(url.indexOf('#') + 1), password: PASSWORD },
  });
  expect(accepted.status).toBe(200);
  return { id: made.body.user.id as number, username, access: accepted.body.access as string };
}

const changeEmail = (server: TestServer, access: string, email: string, currentPassword = PASSWORD) =>
  server.request('POST', '/api/account/email/', { token: access, json: { email, current_password: currentPassword } });

/** The confirmation page's request: the token in the body, no session. */
const confirm = (server: TestServer, token: unknown) => server.request('POST', '/api/account/email/confirm/', { json: { token } });

const account = async (server: TestServer, access: string) => (await server.request('GET', '/api/account/', { token: access })).body;

/** The one message the test's mail server received for `to` with `subject`, once it has come. */
const mailTo = (to: string, subject: string) =>
  eventually(() => {
    const found = smtp.received.filter(({ parsed }) => parsed.to && !Array.isArray(parsed.to) && parsed.to.text === to);
    const matching = found.filter(({ parsed }) => parsed.subject === subject);
    if (matching.length !== 1) throw new Error(`${matching.length} messages «${subject}» to ${to}`);
    return matching[0].parsed;
  }, 40_000);

/** The confirmation link mailed to `to`, and its token (what follows '#'). */
async function linkMailedTo(to: string) {
  const mail = await mailTo(to, 'Confirme su nueva dirección de correo');
  const url = /Confirmar la dirección: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
  const token = LINK.exec(url)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${url}"`);
  return { url, token };
}

describe('on a site that sends mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMail();
  });
  afterAll(() => server.close());

  test('a new address waits for the link mailed to it; the link sets it once, and the old address is told', async () => {
    const ana = await editor(server, 'ana.vieja@example.org');
    expect(await account(server, ana.access)).toMatchObject({ email: 'ana.vieja@example.org', pending_email: null, mail: true });

    const asked = await changeEmail(server, ana.access, ' Ana.Nueva@example.org ');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ username: ana.username, email: 'ana.vieja@example.org', pending_email: 'Ana.Nueva@example.org' });
    // Nothing changes before the link is opened: the account, Usuarios and where a reset would be mailed.
    expect(await account(server, ana.access)).toMatchObject({ email: 'ana.vieja@example.org', pending_email: 'Ana.Nueva@example.org' });
    const listed = (await server.request('GET', '/api/users/', { token: await server.adminToken() })).body as {
      id: number;
      email: string;
    }[];
    expect(listed.find((user) => user.id === ana.id)?.email).toBe('ana.vieja@example.org');

    const { token } = await linkMailedTo('Ana.Nueva@example.org');
    const stored = await server.services.db.selectFrom('email_changes').selectAll().where('user_id', '=', ana.id).executeTakeFirstOrThrow();
    // The database keeps the token's hash only, and the link lasts 24 hours.
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(24 * 60 * 60 * 1000);

    // Opened in a browser where nobody is signed in.
    const confirmed = await confirm(server, token);
    expect(confirmed).toMatchObject({ status: 200, body: { email: 'Ana.Nueva@example.org' } });
    expect(await account(server, ana.access)).toMatchObject({ email: 'Ana.Nueva@example.org', pending_email: null });

    const notice = await mailTo('ana.vieja@example.org', 'Su dirección de correo ha cambiado');
    expect(notice.text).toContain(`La dirección de correo de su cuenta «${ana.username}»`);
    expect(notice.text).toContain('pasó a ser Ana.Nueva@example.org');

    // Once only.
    expect(await confirm(server, token)).toMatchObject({ status: 404, body: { detail: accountMessages.invalidEmailLink } });

    // Actividad says who asked and when it changed, never the address.
    const log = await server.request('GET', `/api/activity/?user=${ana.username}`, { token: await server.adminToken() });
    const actions = (log.body.results as { action: string; target_label: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['email_change_request', 'email_change']));
    expect(JSON.stringify(log.body)).not.toMatch(/example\.org/);
  });

  test('a first address is confirmed the same way, with nobody else to tell', async () => {
    const luis = await editor(server);
    expect((await account(server, luis.access)).email).toBe('');
    expect((await changeEmail(server, luis.access, 'luis@example.org')).status).toBe(202);
    const { token } = await linkMailedTo('luis@example.org');
    expect((await confirm(server, token)).status).toBe(200);
    expect(await account(server, luis.access)).toMatchObject({ email: 'luis@example.org', pending_email: null });
    const told = smtp.received.filter(
      ({ parsed }) => parsed.subject === 'Su dirección de correo ha cambiado' && parsed.text?.includes(luis.username),
    );
    expect(told).toHaveLength(0);
  });

  test('the current password is required and checked; a wrong one changes nothing and mails nothing', async () => {
    const eva = await editor(server, 'eva@example.org');
    const blank = await changeEmail(server, eva.access, 'eva.nueva@example.org', '');
    expect(blank).toMatchObject({ status: 400, body: { current_password: [messages.required] } });
    const wrong = await changeEmail(server, eva.access, 'eva.nueva@example.org', 'no es mi contraseña');
    expect(wrong).toMatchObject({ status: 400, body: { current_password: [accountMessages.wrongCurrentPassword] } });
    expect(await account(server, eva.access)).toMatchObject({ email: 'eva@example.org', pending_email: null });
    const queued = await server.services.db
      .selectFrom('outbox')
      .select('recipient')
      .where('recipient', '=', 'eva.nueva@example.org')
      .execute();
    expect(queued).toEqual([]);
  });

  test('an address that is not one, or that another account has in any spelling, is refused on its field', async () => {
    const rosa = await editor(server, 'rosa@example.org');
    await editor(server, 'ocupada@example.org');
    expect(await changeEmail(server, rosa.access, 'sin-arroba')).toMatchObject({
      status: 400,
      body: { email: [messages.invalidEmail] },
    });
    expect(await changeEmail(server, rosa.access, 'OCUPADA@example.org')).toMatchObject({
      status: 400,
      body: { email: [accountMessages.emailTaken] },
    });
    expect(await account(server, rosa.access)).toMatchObject({ email: 'rosa@example.org', pending_email: null });
  });

  test('only the newest link works; one past its 24 hours does not', async () => {
    const pilar = await editor(server);
    expect((await changeEmail(server, pilar.access, 'pilar.uno@example.org')).status).toBe(202);
    const first = await linkMailedTo('pilar.uno@example.org');
    expect((await changeEmail(server, pilar.access, 'pilar.dos@example.org')).status).toBe(202);
    const second = await linkMailedTo('pilar.dos@example.org');
    expect(await account(server, pilar.access)).toMatchObject({ pending_email: 'pilar.dos@example.org' });
    expect((await confirm(server, first.token)).status).toBe(404);

    await server.services.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', pilar.id)
      .execute();
    expect(await account(server, pilar.access)).toMatchObject({ email: '', pending_email: null });
    expect(await confirm(server, second.token)).toMatchObject({ status: 404, body: { detail: accountMessages.invalidEmailLink } });
    expect((await account(server, pilar.access)).email).toBe('');
  });

  test('a pending change dies when the account is deactivated, and when its password changes', async () => {
    const admin = await server.adminToken();
    const marta = await editor(server, 'marta@example.org');
    expect((await changeEmail(server, marta.access, 'marta.nueva@example.org')).status).toBe(202);
    const deactivated = await linkMailedTo('marta.nueva@example.org');
    await server.request('PATCH', `/api/users/${marta.id}/`, { token: admin, json: { is_active: false } });
    await server.request('PATCH', `/api/users/${marta.id}/`, { token: admin, json: { is_active: true } });
    expect((await confirm(server, deactivated.token)).status).toBe(404);

    const signedIn = await server.request('POST', '/api/token/', { json: { username: marta.username, password: PASSWORD } });
    const access = signedIn.body.access as string;
    expect((await changeEmail(server, access, 'marta.otra@example.org')).status).toBe(202);
    const beforeChange = await linkMailedTo('marta.otra@example.org');
    const changed = await server.request('POST', '/api/account/password/', {
      token: access,
      json: { current_password: PASSWORD, new_password: 'otra clave larga de marta 2026' },
    });
    expect(changed.status).toBe(200);
    // A password change is a fresh start: what was asked with the old one is void.
    expect(await account(server, changed.body.access)).toMatchObject({ email: 'marta@example.org', pending_email: null });
    expect((await confirm(server, beforeChange.token)).status).toBe(404);
    expect((await account(server, changed.body.access)).email).toBe('marta@example.org');
  });

  test('an empty address removes it at once, and the old address is told', async () => {
    const sara = await editor(server, 'sara@example.org');
    const removed = await changeEmail(server, sara.access, '');
    expect(removed).toMatchObject({ status: 200, body: { email: '', pending_email: null } });
    expect((await account(server, sara.access)).email).toBe('');
    const notice = await mailTo('sara@example.org', 'Su cuenta ya no tiene dirección de correo');
    expect(notice.text).toContain(`La dirección de correo de su cuenta «${sara.username}»`);
  });

  test('an address another account took meanwhile is not set by the link (409), which stays usable', async () => {
    const admin = await server.adminToken();
    const nuria = await editor(server);
    const other = await editor(server);
    expect((await changeEmail(server, nuria.access, 'compartida@example.org')).status).toBe(202);
    const { token } = await linkMailedTo('compartida@example.org');
    await server.request('PATCH', `/api/users/${other.id}/`, { token: admin, json: { email: 'Compartida@example.org' } });
    expect(await confirm(server, token)).toMatchObject({ status: 409, body: { detail: accountMessages.emailTaken } });
    expect((await account(server, nuria.access)).email).toBe('');
    await server.request('PATCH', `/api/users/${other.id}/`, { token: admin, json: { email: '' } });
    expect(await confirm(server, token)).toMatchObject({ status: 200, body: { email: 'compartida@example.org' } });
  });

  test('a token that is no token, or none at all, is the invalid link', async () => {
    expect(await confirm(server, 'x'.repeat(43))).toMatchObject({ status: 404, body: { detail: accountMessages.invalidEmailLink } });
    expect(await confirm(server, 'x'.repeat(500))).toMatchObject({ status: 404 });
    expect((await server.request('POST', '/api/account/email/confirm/', { json: {} })).status).toBe(404);
    expect((await confirm(server, 42)).status).toBe(400);
  });
});

describe('the throttle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMail({ loginRateLimitMax: 3 });
  });
  afterAll(() => server.close());

  test('wrong current passwords count as failed sign-ins: then even the right one waits (429)', async () => {
    const ines = await editor(server, 'ines@example.org');
    for (let n = 0; n < 3; n++) expect((await changeEmail(server, ines.access, 'ines.nueva@example.org', `no es ${n}`)).status).toBe(400);
    const refused = await changeEmail(server, ines.access, 'ines.nueva@example.org');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await account(server, ines.access)).toMatchObject({ email: 'ines@example.org', pending_email: null });
  });

  test('wrong tokens count against the client’s network: then even a good link waits (429)', async () => {
    // The sign-in budget of this address is spent by the test before (a network's failures are counted together).
    await server.services.db.deleteFrom('login_attempts').execute();
    const olga = await editor(server);
    expect((await changeEmail(server, olga.access, 'olga@example.org')).status).toBe(202);
    const { token } = await linkMailedTo('olga@example.org');
    for (let n = 0; n < 3; n++) expect((await confirm(server, `${token.slice(0, -3)}no${n}`)).status).toBe(404);
    expect((await confirm(server, token)).status).toBe(429);
    expect((await account(server, olga.access)).email).toBe('');
  });
});

describe('on a site that sends no mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  test('no link could arrive: the change, made with the current password, is set at once, and nothing is queued', async () => {
    const teo = await editor(server, 'teo@example.org');
    expect(await account(server, teo.access)).toMatchObject({ email: 'teo@example.org', pending_email: null, mail: false });
    expect((await changeEmail(server, teo.access, 'teo.nuevo@example.org', 'no es la mía')).status).toBe(400);
    const changed = await changeEmail(server, teo.access, 'teo.nuevo@example.org');
    expect(changed).toMatchObject({ status: 200, body: { email: 'teo.nuevo@example.org', pending_email: null, mail: false } });
    expect(await account(server, teo.access)).toMatchObject({ email: 'teo.nuevo@example.org', pending_email: null });
    expect(await server.services.db.selectFrom('email_changes').selectAll().execute()).toEqual([]);
    expect(await server.services.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    const log = await server.request('GET', `/api/activity/?user=${teo.username}&kind=email_change`, { token: await server.adminToken() });
    expect(log.body.results).toHaveLength(1);
  });
});
