import { SITE_NAME } from '@/domain/catalogue';
import { EXPIRED_UNSENT, listOutbox } from '@/server/db/outbox-repository';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { eventually } from '../helpers/eventually';
import { writeExpiredMail } from '../helpers/expired-mail';
import { quickMailTo, startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server';

/**
 * 'Correo' in Usuarios (docs/decisions/205): an account made with an address
 * has its invitation mailed there, and the answer says where (`mailed_to`);
 * GET /api/outbox/ lists the site's mail newest first for Administradores only,
 * with how each message went and never its body. On both databases.
 */

// Sign-ins and activations hash passwords on purpose slowly; the outbox works on its own time.
jest.setTimeout(60_000);

const PUBLIC_URL = 'https://master.example.org';
const FORBIDDEN = { detail: 'No tiene permiso para realizar esta acción.' };

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());
beforeEach(() => {
  smtp.received.length = 0;
  smtp.accept();
});

const mailSettings = () => quickMailTo(smtp);

interface Listed {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
}

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

async function createUser(server: TestServer, token: string, fields: Record<string, unknown>) {
  const reply = await server.request('POST', '/api/users/', { token, json: { role: 'editor', ...fields } });
  expect(reply.status).toBe(201);
  return reply.body as {
    user: { id: number; email: string | null };
    invitation: { url: string; expires_at: string; mailed_to: string | null };
  };
}

const outbox = (server: TestServer, token: string, query = '') => server.request('GET', `/api/outbox/${query}`, { token });

/** The outbox row of a message once it satisfies `done`: the runner sends on its own time. */
const rowWhen = (server: TestServer, recipient: string, done: (row: { status: string; last_error: string | null }) => boolean) =>
  eventually(async () => {
    const rows = await server.services.db
      .selectFrom('outbox')
      .select(['id', 'status', 'last_error', 'body_text'])
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .execute();
    if (!rows[0] || !done(rows[0]))
      throw new Error(`still waiting: ${JSON.stringify(rows.map((row) => ({ ...row, body_text: undefined })))}`);
    return rows[0];
  }, 40_000);

describe('with mail configured', () => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startApiServer({ publicUrl: PUBLIC_URL, mail: mailSettings() });
    adminToken = await server.adminToken();
  }, 60_000);
  afterAll(() => server.close());

  test('an account made with an address gets its invitation by mail, and the answer says where; one without gets none', async () => {
    const made = await createUser(server, adminToken, { username: 'ana.correo', name: 'Ana Correo', email: ' Ana.Correo@Example.org ' });
    expect(made.user.email).toBe('Ana.Correo@Example.org');
    expect(made.invitation.mailed_to).toBe('Ana.Correo@Example.org');
    await rowWhen(server, 'Ana.Correo@Example.org', (row) => row.status === 'sent');

    expect(smtp.received).toHaveLength(1);
    const [{ parsed }] = smtp.received;
    // The domain of an address has no case: the mail may carry it in lower case.
    expect(parsed.to).toMatchObject({ text: expect.stringMatching(/^Ana\.Correo@example\.org$/i) });
    expect(parsed.subject).toBe(`Invitación al panel de ${SITE_NAME}`);
    // The very link the panel shows, written whole at the address people reach the site at.
    expect(parsed.text).toContain(`${PUBLIC_URL}${made.invitation.url}`);
    expect(parsed.text).toContain('Hola, Ana Correo:');

    const before = (await outbox(server, adminToken)).body.count as number;
    const without = await createUser(server, adminToken, { username: 'sin.correo' });
    expect(without.invitation.mailed_to).toBeNull();
    // A fresh link for an account without an address: shown, not mailed.
    const again = await server.request('POST', `/api/users/${without.user.id}/invitation/`, { token: adminToken });
    expect(again).toMatchObject({ status: 201, body: { mailed_to: null } });
    expect((await outbox(server, adminToken)).body.count).toBe(before);
  });

  test('Correo lists the mail newest first with how each went (sent, pending with the refusal, failed), never a body or a link', async () => {
    const made = await createUser(server, adminToken, { username: 'luis.lista', email: 'luis@example.org' });
    const sent = await rowWhen(server, 'luis@example.org', (row) => row.status === 'sent');

    // The mail server now refuses: a new link for Luis waits, with the server's answer.
    smtp.refuseWith(550, 'Mailbox unavailable');
    const fresh = await server.request('POST', `/api/users/${made.user.id}/invitation/`, { token: adminToken });
    expect(fresh).toMatchObject({ status: 201, body: { mailed_to: 'luis@example.org' } });
    const pending = await rowWhen(server, 'luis@example.org', (row) => row.last_error !== null);
    expect(pending.status).toBe('pending');
    // Its body still holds the link, waiting to be sent: the list must not give it away.
    expect(pending.body_text).toContain(tokenOf(fresh.body.url));

    // A message whose link expired before it could go.
    // Written a moment ahead, so that it is the newest.
    await writeExpiredMail(server.services, 'tarde@example.org', {
      publicUrl: PUBLIC_URL,
      userId: made.user.id,
      writtenAt: new Date(Date.now() + 1),
    });
    await rowWhen(server, 'tarde@example.org', (row) => row.status === 'failed');

    const reply = await outbox(server, adminToken);
    expect(reply.status).toBe(200);
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain(tokenOf(fresh.body.url));
    expect(text).not.toContain(tokenOf(made.invitation.url));
    expect(text).not.toMatch(/body|activar|message_id|lease/i);

    const results = reply.body.results as Listed[];
    const mine = results.filter((message) => ['luis@example.org', 'tarde@example.org'].includes(message.recipient));
    expect(mine.map((message) => message.status)).toEqual(['failed', 'pending', 'sent']);
    const [failed, waiting, delivered] = mine;
    expect(Object.keys(delivered).sort()).toEqual(
      ['attempts', 'created_at', 'id', 'kind', 'last_error', 'next_attempt_at', 'recipient', 'sent_at', 'status', 'subject'].sort(),
    );
    expect(delivered).toMatchObject({
      id: sent.id,
      kind: 'invitation',
      subject: `Invitación al panel de ${SITE_NAME}`,
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
    });
    expect(Date.parse(delivered.sent_at!)).not.toBeNaN();
    expect(waiting).toMatchObject({
      id: pending.id,
      kind: 'invitation',
      sent_at: null,
      last_error: expect.stringMatching(/^550 .*Mailbox unavailable/),
    });
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(Date.parse(waiting.next_attempt_at!)).toBeGreaterThan(Date.parse(waiting.created_at));
    expect(failed).toMatchObject({ kind: 'password-reset', sent_at: null, next_attempt_at: null, attempts: 0, last_error: EXPIRED_UNSENT });
    // Not read at all, not merely left out by the answer's schema: the list never holds a body.
    const { rows } = await listOutbox(server.services.db);
    expect(rows.flatMap((row) => Object.keys(row)).filter((column) => /body|message_id|lease/.test(column))).toEqual([]);
    // Newest first, on the whole list.
    const created = results.map((message) => message.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    // Paged as the other admin lists are.
    const first = await outbox(server, adminToken, '?page_size=2');
    expect(first.body).toMatchObject({ count: results.length, previous: null });
    expect((first.body.results as Listed[]).map((message) => message.id)).toEqual(results.slice(0, 2).map((message) => message.id));
    expect(first.body.next).toMatch(/\/api\/outbox\/\?page_size=2&page=2$/);
    const second = await outbox(server, adminToken, '?page_size=2&page=2');
    expect((second.body.results as Listed[]).map((message) => message.id)).toEqual(results.slice(2, 4).map((message) => message.id));
  });

  test('only an Administrador reads Correo', async () => {
    const { invitation } = await createUser(server, adminToken, { username: 'editora.curiosa' });
    const accepted = await server.request('POST', '/api/invitations/accept/', {
      json: { token: tokenOf(invitation.url), password: 'una frase larga para la editora' },
    });
    expect(accepted.status).toBe(200);
    expect(await outbox(server, accepted.body.access)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await server.request('GET', '/api/outbox/')).status).toBe(401);
  });
});

test('without mail configured an address is kept but nothing is mailed: mailed_to is null and Correo is empty', async () => {
  const server = await startApiServer();
  try {
    const adminToken = await server.adminToken();
    const made = await createUser(server, adminToken, { username: 'sin.servidor', email: 'sin.servidor@example.org' });
    expect(made.user.email).toBe('sin.servidor@example.org');
    expect(made.invitation.mailed_to).toBeNull();
    const again = await server.request('POST', `/api/users/${made.user.id}/invitation/`, { token: adminToken });
    expect(again).toMatchObject({ status: 201, body: { mailed_to: null } });
    expect(await outbox(server, adminToken)).toMatchObject({ status: 200, body: { count: 0, next: null, results: [] } });
    expect(smtp.received).toEqual([]);
  } finally {
    await server.close();
  }
});
