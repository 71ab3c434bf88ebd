import { SITE_NAME } from '@/domain/catalogue';
import { passwordResetMessages } from '@/domain/password-reset';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { eventually } from '../helpers/eventually';
import { quickMailTo, startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server';

/**
 * '¿Ha olvidado su contraseña?' and the account mail (docs/decisions/204), against a real SMTP server:
 * a reset asked for at the sign-in page arrives with a one-hour link that sets a new password, ends the
 * other sessions and is followed by 'Su contraseña ha cambiado'; every request gets the same answer, and
 * no mail, for an unknown, addressless or deactivated account; an account gets at most three an hour;
 * only the network's limit answers 429. Invitations and resets made in 'Usuarios' are mailed too.
 */

jest.setTimeout(90_000);

const PUBLIC_URL = 'https://master.example.org';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
let smtp: SmtpTestServer;
let server: TestServer;

const startSite = (overrides: Record<string, unknown> = {}) =>
  startApiServer({
    publicUrl: PUBLIC_URL,
    mail: quickMailTo(smtp),
    ...overrides,
  });

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  smtp.received.length = 0;
  server = await startSite();
});
afterEach(() => server.close());

/**
 * An account made in 'Usuarios', its invitation accepted with `password`, then given `email` when
 * there is one (afterwards, so that no invitation is mailed to it).
 */
async function account(username: string, password: string, email?: string) {
  const admin = await server.adminToken();
  const created = await server.request('POST', '/api/users/', { token: admin, json: { username, name: '', role: 'editor' } });
  expect(created.status).toBe(201);
  const token = tokenOf(created.body.invitation.url);
  const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token, password } });
  expect(accepted.status).toBe(200);
  const user = created.body.user as { id: number };
  if (email) expect((await server.request('PATCH', `/api/users/${user.id}/`, { token: admin, json: { email } })).status).toBe(200);
  return user;
}

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const askReset = (usernameOrEmail: string) =>
  server.request('POST', '/api/password-reset/', { json: { username_or_email: usernameOrEmail }, headers: { 'User-Agent': FIREFOX } });
const signIn = (username: string, password: string) => server.request('POST', '/api/token/', { json: { username, password } });

/** The messages received for `to` once there are `count` of them. */
const mailTo = (to: string, count = 1) =>
  eventually(() => {
    // Addresses compare as mail does: the domain in any case.
    const found = smtp.received.filter(
      (mail) => mail.parsed.to && 'text' in mail.parsed.to && mail.parsed.to.text.toLowerCase() === to.toLowerCase(),
    );
    if (found.length < count)
      throw new Error(
        `${found.length} of ${count} messages to ${to} so far, among ${smtp.received.map((mail) => JSON.stringify(mail.parsed.to)).join(', ')}`,
      );
    return found;
  }, 40_000);

/** The one link a message carries, as an address of the site. */
function linkIn(mail: ReceivedMail): URL {
  const match = /https:\/\/master\.example\.org\/admin\/activar#[\w-]+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no link in: ${mail.parsed.text}`);
  return new URL(match[0]);
}

const outboxRows = () => server.services.db.selectFrom('outbox').select(['kind', 'recipient', 'user_id']).orderBy('id').execute();

test('a reset asked for by username arrives with a one-hour link that sets a new password, ends the other sessions and is followed by a notice', async () => {
  await account('lucia', 'la clave de antes 2026', 'lucia@example.org');
  const earlier = await signIn('lucia', 'la clave de antes 2026');
  expect(earlier.status).toBe(200);

  const asked = await askReset('lucia');
  expect(asked.status).toBe(202);
  expect(asked.body).toEqual({ detail: passwordResetMessages.sent });
  expect(asked.headers.get('cache-control')).toBe('no-store');

  const [mail] = await mailTo('lucia@example.org');
  expect(mail.parsed.subject).toBe('Elija una contraseña nueva');
  expect(mail.parsed.text).toContain('«lucia»');
  expect(mail.parsed.text).toContain('Su contraseña actual sigue sirviendo');
  const link = linkIn(mail);
  expect(link.pathname).toBe('/admin/activar');
  // Until it is used, the old password still works: asking is not enough to lock anyone out.
  expect((await signIn('lucia', 'la clave de antes 2026')).status).toBe(200);

  const token = link.hash.slice(1);
  const check = await server.request('POST', '/api/invitations/check/', { json: { token } });
  expect(check.body).toMatchObject({ username: 'lucia', kind: 'reset' });
  const [row] = await server.services.db
    .selectFrom('invitations')
    .select(['created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .execute();
  expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);

  const chosen = await server.request('POST', '/api/invitations/accept/', {
    json: { token, password: 'otra clave bien larga' },
    headers: { 'User-Agent': FIREFOX },
  });
  expect(chosen.status).toBe(200);
  expect((await signIn('lucia', 'la clave de antes 2026')).status).toBe(401);
  expect((await signIn('lucia', 'otra clave bien larga')).status).toBe(200);
  // The sign-in from before the reset is over.
  expect((await server.request('POST', '/api/token/refresh/', { json: { refresh: earlier.body.refresh } })).status).toBe(401);
  // The link served once.
  expect((await server.request('POST', '/api/invitations/accept/', { json: { token, password: 'y otra clave larga más' } })).status).toBe(
    404,
  );

  const [, notice] = await mailTo('lucia@example.org', 2);
  expect(notice.parsed.subject).toBe('Su contraseña ha cambiado');
  expect(notice.parsed.text).toContain('Firefox 128 en Linux');
  expect(notice.parsed.text).toContain('Si no ha sido usted');
  expect(notice.parsed.text).not.toMatch(/activar#/);
});

test('the email address finds the account in any case; unknown, addressless and deactivated accounts get the same answer and no mail', async () => {
  await account('marta', 'la clave de marta 2026', 'Marta.Diaz@Example.org');
  await account('sin.correo', 'la clave sin correo 2026');
  const gone = await account('ya.no', 'la clave de quien se fue', 'ya.no@example.org');
  const admin = await server.adminToken();
  expect((await server.request('PATCH', `/api/users/${gone.id}/`, { token: admin, json: { is_active: false } })).status).toBe(200);
  smtp.received.length = 0;
  const before = (await outboxRows()).length;

  const answers = await Promise.all(['nadie', 'nadie@example.org', 'sin.correo', 'ya.no', 'ya.no@example.org'].map(askReset));
  for (const answer of answers)
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { detail: passwordResetMessages.sent } });
  // Looked up one after another, after their answers: once the last request's mail is written, the others were looked at.
  expect((await askReset('MARTA.DIAZ@example.ORG')).status).toBe(202);

  const [mail] = await mailTo('Marta.Diaz@Example.org');
  expect(mail.parsed.text).toContain('«marta»');
  const written = (await outboxRows()).slice(before);
  expect(written).toEqual([{ kind: 'password-reset', recipient: 'Marta.Diaz@Example.org', user_id: expect.any(Number) }]);
});

test('an account gets at most three links an hour, and the fourth request is answered the same', async () => {
  await account('pedro', 'la clave de pedro 2026', 'pedro@example.org');
  smtp.received.length = 0;
  for (let i = 0; i < 4; i += 1) expect((await askReset('pedro')).body).toEqual({ detail: passwordResetMessages.sent });
  // The marker: a request for another account, looked up after pedro's four.
  await account('otra', 'la clave de la otra 2026', 'otra@example.org');
  expect((await askReset('otra')).status).toBe(202);
  await eventually(
    async () =>
      expect((await outboxRows()).filter((row) => row.kind === 'password-reset' && row.recipient === 'otra@example.org')).toHaveLength(1),
    40_000,
  );

  const resets = (await outboxRows()).filter((row) => row.kind === 'password-reset' && row.recipient === 'pedro@example.org');
  expect(resets).toHaveLength(3);
  const received = await mailTo('pedro@example.org', 3);
  // Only the newest link works: each request replaced the one before.
  const tokens = received.map((mail) => linkIn(mail).hash.slice(1));
  const usable = await Promise.all(tokens.map((token) => server.request('POST', '/api/invitations/check/', { json: { token } })));
  expect(usable.filter((answer) => answer.status === 200)).toHaveLength(1);
});

test("only the network's limit answers 429, for known and unknown names alike; an empty request is a field error", async () => {
  await server.close();
  server = await startSite({ loginRateLimitMax: 3 });
  await account('rosa', 'la clave de rosa 2026', 'rosa@example.org');
  expect((await askReset('   ')).body).toEqual({ username_or_email: ['Este campo es obligatorio.'] });
  for (let i = 0; i < 3; i += 1) expect((await askReset(i % 2 ? 'rosa' : 'nadie')).status).toBe(202);
  for (const name of ['rosa', 'nadie']) {
    const refused = await askReset(name);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: passwordResetMessages.tooMany });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

test('without mail the request is refused with what to do instead, and nothing is written', async () => {
  await server.close();
  server = await startApiServer({ publicUrl: PUBLIC_URL });
  const refused = await askReset('admin');
  expect(refused.status).toBe(404);
  expect(refused.body).toEqual({ detail: passwordResetMessages.noMail });
  expect(await outboxRows()).toEqual([]);
});

test("'Usuarios' mails a new account's invitation and a reset to the account's address, and a first password sends no notice", async () => {
  const admin = await server.adminToken();
  const created = await server.request('POST', '/api/users/', {
    token: admin,
    json: { username: 'nuevo', name: 'Nuevo Docente', role: 'editor', email: 'nuevo@example.org' },
  });
  expect(created.body.invitation.mailed_to).toBe('nuevo@example.org');
  const [invitation] = await mailTo('nuevo@example.org');
  expect(invitation.parsed.subject).toBe(`Invitación al panel de ${SITE_NAME}`);
  expect(invitation.parsed.text).toContain('Hola, Nuevo Docente:');
  // The mailed link is the one the panel showed.
  expect(linkIn(invitation).hash).toBe(new URL(created.body.invitation.url, PUBLIC_URL).hash);
  expect(
    (
      await server.request('POST', '/api/invitations/accept/', {
        json: { token: linkIn(invitation).hash.slice(1), password: 'primera clave larga' },
      })
    ).status,
  ).toBe(200);

  const reset = await server.request('POST', `/api/users/${created.body.user.id}/invitation/`, { token: admin });
  expect(reset.body.mailed_to).toBe('nuevo@example.org');
  const [, resetMail] = await mailTo('nuevo@example.org', 2);
  expect(resetMail.parsed.subject).toBe('Su contraseña se ha restablecido');
  expect(linkIn(resetMail).hash).toBe(new URL(reset.body.url, PUBLIC_URL).hash);
  // The first password chose nothing over an old one: the only messages are the invitation and the reset.
  expect((await outboxRows()).map((row) => row.kind)).toEqual(['invitation', 'reset-by-admin']);

  // An account without an address: the link is shown only.
  const plain = await server.request('POST', '/api/users/', { token: admin, json: { username: 'sin.dir', name: '', role: 'editor' } });
  expect(plain.body.invitation.mailed_to).toBeNull();
});

test("a password changed in 'Mi cuenta' is told to the account's address, with the browser it was changed from", async () => {
  await account('ines', 'la clave de ines 2026', 'ines@example.org');
  const session = await signIn('ines', 'la clave de ines 2026');
  const changed = await server.request('POST', '/api/account/password/', {
    token: session.body.access,
    json: { current_password: 'la clave de ines 2026', new_password: 'la clave nueva de ines' },
    headers: { 'User-Agent': FIREFOX },
  });
  expect(changed.status).toBe(200);
  const [notice] = await mailTo('ines@example.org');
  expect(notice.parsed.subject).toBe('Su contraseña ha cambiado');
  expect(notice.parsed.text).toMatch(/se cambió el \d+ de \w+ de \d{4} a las \d{2}:\d{2} \(hora de Madrid\), desde Firefox 128 en Linux/);
});
