import { E2E_ADMIN } from '../../playwright.config';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server';
import { violations } from './admin-helpers';
import { startDemoSiteWith, type RunningSite } from './support/sites';
import { expect, test } from './support/fixtures';

/**
 * '¿Ha olvidado su contraseña?' end to end (docs/decisions/204): on a site that sends mail to a real
 * SMTP server, a person asks for a link at the sign-in page, reads it in the mail, chooses a new
 * password and is signed in; the server then refuses the old password and the session opened before,
 * and mails 'Su contraseña ha cambiado'. An unknown name gets the same answer on screen.
 */

// The address mailed links are written with: the site listens on a port the system gives, so the
// test opens a link's path and token at the site's own origin.
const PUBLIC_URL = 'https://master.example.org';
const ACCOUNT = { username: 'coordinacion', email: 'coordinacion@example.org', password: 'la clave de antes 2026' };

let smtp: SmtpTestServer;
let site: RunningSite;

test.beforeAll(async () => {
  smtp = await startSmtpTestServer();
  site = await startDemoSiteWith({
    SMTP_URL: smtp.url(),
    MAIL_FROM: '"Máster EEyCE" <no-responder@master.example.org>',
    PUBLIC_URL,
    MAIL_POLL_MS: '200',
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

/** The site's API, as a colleague's script would call it. */
async function api(method: string, path: string, json?: unknown, token?: string) {
  const response = await fetch(`${site.origin}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The messages with `subject` received for ACCOUNT's address, once there are `count`. */
const mails = (subject: string, count = 1) =>
  expect
    .poll(() => smtp.received.filter((mail) => mail.parsed.subject === subject).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count)
    .then(() => smtp.received.filter((mail) => mail.parsed.subject === subject));

test('a forgotten password is one email away: link, new password, old one and old sessions refused, a notice', async ({ page }) => {
  // An account with an address, its first password chosen through the invitation.
  const admin = (await api('POST', '/api/token/', E2E_ADMIN)).body.access as string;
  const created = await api(
    'POST',
    '/api/users/',
    { username: ACCOUNT.username, name: 'Coordinación', role: 'editor', email: ACCOUNT.email },
    admin,
  );
  expect(created.status).toBe(201);
  const invitationToken = (created.body.invitation.url as string).split('#')[1];
  expect((await api('POST', '/api/invitations/accept/', { token: invitationToken, password: ACCOUNT.password })).status).toBe(200);
  const earlier = await api('POST', '/api/token/', { username: ACCOUNT.username, password: ACCOUNT.password });
  expect(earlier.status).toBe(200);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.origin}/admin/login`);
  await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
  await expect(page).toHaveURL(/\/admin\/contrasena-olvidada$/);
  await expect(page.getByRole('heading', { level: 1, name: '¿Ha olvidado su contraseña?' })).toBeVisible();
  const field = page.getByLabel('Usuario o correo electrónico');
  await expect(field).toBeFocused();
  // Empty: the field says so, and nothing is sent.
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(field).toHaveAccessibleDescription(/Este campo es obligatorio/);
  expect(await violations(page)).toEqual([]);

  await field.fill(ACCOUNT.email.toUpperCase());
  await field.press('Enter');
  const answer = page.getByRole('heading', { level: 1, name: 'Revise su correo' });
  await expect(answer).toBeFocused();
  await expect(page.getByRole('status')).toContainText('Si existe una cuenta con esos datos, recibirá un correo');
  expect(await violations(page)).toEqual([]);

  const [mail] = await mails('Elija una contraseña nueva');
  expect(mail.parsed.to && 'text' in mail.parsed.to && mail.parsed.to.text.toLowerCase()).toBe(ACCOUNT.email);
  const link = new URL(/https:\/\/master\.example\.org\/admin\/activar#[\w-]+/.exec(mail.parsed.text ?? '')![0]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${site.origin}${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Elija una contraseña nueva' })).toBeVisible();
  await page.getByLabel(/^Contraseña/).fill('una clave nueva y larga');
  await page.getByLabel(/^Repetir contraseña/).fill('una clave nueva y larga');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText('Panel de Control');

  // What the server holds now: the new password only, and the sign-in from before is over.
  expect((await api('POST', '/api/token/', { username: ACCOUNT.username, password: ACCOUNT.password })).status).toBe(401);
  expect((await api('POST', '/api/token/', { username: ACCOUNT.username, password: 'una clave nueva y larga' })).status).toBe(200);
  expect((await api('POST', '/api/token/refresh/', { refresh: earlier.body.refresh })).status).toBe(401);
  const [notice] = await mails('Su contraseña ha cambiado');
  expect(notice.parsed.text).toContain('Si no ha sido usted');

  // Someone unknown is told the same, in the same words.
  await page.goto(`${site.origin}/admin/contrasena-olvidada`);
  await page.getByLabel('Usuario o correo electrónico').fill('nadie@example.org');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si existe una cuenta con esos datos, recibirá un correo');
});
