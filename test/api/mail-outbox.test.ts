import { loadConfig } from '@/server/config';
import { composeMail } from '@/server/mail/compose';
import type { MailSettings } from '@/server/mail/mail-config';
import { enqueueMail, EXPIRED_UNSENT } from '@/server/db/outbox-repository';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { eventually } from '../helpers/eventually';
import { SMTP_USER, quickMailTo, startSmtpTestServer, TEST_MAIL_FROM, type SmtpTestServer } from '../helpers/smtp-test-server';

/**
 * The outbox against a real SMTP server (docs/decisions/202): a message
 * written to it is sent once, over STARTTLS with the configured user; a mail
 * server that is down or refuses is tried again with growing delays, and the
 * message still goes once it is back, across a restart of the site; two
 * instances on one database send each message once; a message whose link
 * expires unsent fails; a body never outlives its need.
 */

const PUBLIC_URL = 'https://master.example.org';
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());
beforeEach(() => {
  smtp.received.length = 0;
  smtp.accept();
});

const mailSettings = (overrides: Partial<MailSettings> = {}) => quickMailTo(smtp, overrides);

const startSite = (mail: MailSettings = mailSettings(), shared?: { dataDir: string; databaseUrl?: string }) =>
  startApiServer({ publicUrl: PUBLIC_URL, mail }, shared);

/** A reset-like message with a one-time link, written straight to the outbox as an action would. */
async function write(server: TestServer, to: string, { expiresInMs = 60 * 60 * 1000, label = 'Elegir una contraseña nueva' } = {}) {
  const mail = composeMail(
    {
      subject: 'Elija una contraseña nueva',
      greeting: 'Hola:',
      paragraphs: ['Alguien pidió elegir una contraseña nueva para su cuenta.'],
      action: { label, url: `${PUBLIC_URL}/admin/activar#token-secreto` },
      after: ['El enlace sirve una vez durante una hora.'],
    },
    PUBLIC_URL,
  );
  const now = new Date();
  const id = await enqueueMail(
    server.services.db,
    { kind: 'password-reset', userId: null, recipient: to, ...mail, expiresAt: new Date(now.getTime() + expiresInMs) },
    now,
  );
  server.services.outbox?.kick();
  return { id, ...mail };
}

const row = (server: TestServer, id: number) =>
  server.services.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A row once it satisfies `done`: the runner works on its own time, on a machine that may be busy. */
const rowWhen = (server: TestServer, id: number, done: (r: Awaited<ReturnType<typeof row>>) => boolean) =>
  eventually(async () => {
    const found = await row(server, id);
    if (!done(found)) throw new Error(`still waiting: ${JSON.stringify({ ...found, body_text: undefined, body_html: undefined })}`);
    return found;
  }, 40_000);

test('a message is sent once over STARTTLS as the configured user, in plain text and HTML, and its body is then erased', async () => {
  const server = await startSite();
  try {
    const sent = await write(server, 'ana@example.org');
    const stored = await rowWhen(server, sent.id, (r) => r.status === 'sent');
    expect(stored).toMatchObject({ recipient: 'ana@example.org', attempts: 1, body_text: null, body_html: null, last_error: null });
    expect(stored.sent_at).not.toBeNull();

    expect(smtp.received).toHaveLength(1);
    const [{ parsed, secure, user }] = smtp.received;
    expect({ secure, user }).toEqual({ secure: true, user: SMTP_USER });
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.messageId).toMatch(/@master\.example\.org>$/);
    expect(parsed.from?.text).toBe(TEST_MAIL_FROM);
    expect(parsed.to).toMatchObject({ text: 'ana@example.org' });
    expect(parsed.subject).toBe('Elija una contraseña nueva');
    expect(parsed.text).toContain(`Elegir una contraseña nueva: ${PUBLIC_URL}/admin/activar#token-secreto`);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/admin/activar#token-secreto"`);
    // Nothing a mail client would fetch.
    expect(parsed.html).not.toMatch(/<img|url\(/i);
  } finally {
    await server.close();
  }
});

test('a mail server that is down is tried again with growing delays; the message goes when it is back, after a restart of the site', async () => {
  await smtp.stop();
  const first = await startSite();
  let sent: Awaited<ReturnType<typeof write>>;
  const shared = { dataDir: first.dataDir, databaseUrl: first.config.databaseUrl };
  try {
    sent = await write(first, 'luis@example.org');
    const failing = await rowWhen(first, sent.id, (r) => r.attempts >= 3);
    expect(failing).toMatchObject({ status: 'pending', body_text: expect.stringContaining('token-secreto') });
    expect(failing.last_error).toMatch(/ECONNREFUSED/);
  } finally {
    // The site stops while the message waits (shared: its data stays for the next start).
    await first.services.outbox?.stop();
  }
  await smtp.start();
  const second = await startSite(mailSettings(), shared);
  try {
    const stored = await rowWhen(second, sent.id, (r) => r.status === 'sent');
    expect(stored.body_text).toBeNull();
    expect(smtp.received.map((mail) => mail.parsed.messageId)).toEqual([sent.messageId]);
  } finally {
    await second.close();
    await first.close();
  }
});

test("a refusal keeps the server's answer and the message, which goes once the server takes it", async () => {
  smtp.refuseWith(550, 'Mailbox unavailable');
  const server = await startSite();
  try {
    const sent = await write(server, 'nadie@example.org');
    const refused = await rowWhen(server, sent.id, (r) => r.last_error !== null);
    expect(refused).toMatchObject({ status: 'pending', body_text: expect.stringContaining('token-secreto') });
    expect(refused.last_error).toMatch(/^550 .*Mailbox unavailable/);
    expect(smtp.received).toHaveLength(0);
    smtp.accept();
    await rowWhen(server, sent.id, (r) => r.status === 'sent');
    expect(smtp.received.map((mail) => mail.parsed.messageId)).toEqual([sent.messageId]);
  } finally {
    await server.close();
  }
});

test('a message whose link has expired unsent is not sent: it fails, and loses its body', async () => {
  const server = await startSite();
  try {
    const late = await write(server, 'tarde@example.org', { expiresInMs: -1 });
    const failed = await rowWhen(server, late.id, (r) => r.status === 'failed');
    expect(failed).toMatchObject({ body_text: null, body_html: null, sent_at: null, attempts: 0, last_error: EXPIRED_UNSENT });
    expect(smtp.received).toHaveLength(0);
  } finally {
    await server.close();
  }
});

test('two instances on one database send each message once', async () => {
  const one = await startSite();
  const two = await startSite(mailSettings(), { dataDir: one.dataDir, databaseUrl: one.config.databaseUrl });
  try {
    const written = [];
    for (let n = 0; n < 12; n++) written.push(await write(n % 2 ? one : two, `persona${n}@example.org`));
    two.services.outbox?.kick();
    one.services.outbox?.kick();
    await eventually(async () => {
      expect(await one.services.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).toEqual([]);
    }, 40_000);
    const ids = smtp.received.map((mail) => mail.parsed.messageId).sort();
    expect(ids).toEqual(written.map((mail) => mail.messageId).sort());
  } finally {
    await two.close();
    await one.close();
  }
});

test('SMTP_URL needs PUBLIC_URL and MAIL_FROM, and must be an smtp:// or smtps:// address', () => {
  const base = { DATA_DIR: '/tmp/sin-uso', SECRET_KEY: 'x'.repeat(64) };
  expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.org:587', MAIL_FROM: 'a@example.org' })).toThrow(/PUBLIC_URL/);
  expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.org:587', PUBLIC_URL: PUBLIC_URL })).toThrow(/MAIL_FROM/);
  expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.org', PUBLIC_URL, MAIL_FROM: 'a@example.org' })).toThrow(/smtp:\/\//);
  expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.org', PUBLIC_URL, MAIL_FROM: 'a@example.org' }).mail).toMatchObject({
    url: 'smtps://u:p@mail.example.org',
    from: 'a@example.org',
  });
  expect(loadConfig(base).mail).toBeUndefined();
});
