import type { AddressObject } from 'mailparser';
import { createDatabase, type Db } from '@/server/db/database';
import { eventually } from '../helpers/eventually';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server';
import { type Deployment, type InstanceName, startDeployment } from './deployment';

/**
 * The mail outbox on two instances (docs/decisions/202), both sending to one
 * real SMTP server (test/helpers/smtp-test-server.ts): invitations made
 * through nginx arrive once each, by Message-ID, while both instances look at
 * the outbox ten times a second; a mail server that is down for a while gets
 * every one once it is back; and an instance stopped (SIGTERM) while it is
 * sending finishes that message and exits, while the other sends what is
 * left with it and then carries on alone.
 *
 * A stopping instance claims nothing more from the moment it starts closing
 * (mail/outbox.ts `halt`) and finishes the message in hand: after the signal A
 * sends that one only, and B the rest.
 *
 * An instance killed (SIGKILL) while it holds a message is not covered: the
 * message waits for the lease (LEASE_MS, 90 s) to run out before the other
 * sends it again, with the same Message-ID, far past this suite's time.
 */

const PUBLIC_URL = 'https://master.example.org';

/**
 * The name an instance gives the mail server (nodemailer's `name`, in SMTP_URL): two machines would
 * each give their own host name; here both run on one, and this is how the test tells who sent what.
 */
const senderName = (name: InstanceName) => `sitio-${name}`;

let smtp: SmtpTestServer;
let deployment: Deployment;
/** The instances' database, to read the outbox past the site. */
let db: Db;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  deployment = await startDeployment({
    // No demo content: nothing here reads a page, and seeding it would double this file's time.
    content: 'one section',
    env: (name) => {
      const smtpUrl = new URL(smtp.url());
      smtpUrl.searchParams.set('name', senderName(name));
      return {
        SMTP_URL: smtpUrl.toString(),
        MAIL_FROM: '"Máster EEyCE" <no-responder@master.example.org>',
        PUBLIC_URL,
        // Both instances look ten times a second, so that they are often at the same messages at once;
        // a failure is tried again after 0.2 s, then 0.4 s, 0.8 s…
        MAIL_POLL_MS: '100',
        MAIL_RETRY_BASE_MS: '200',
      };
    },
  });
  // PostgreSQL: no data directory is used.
  db = createDatabase({ dataDir: '', databaseUrl: deployment.databaseUrl });
}, 300_000);

afterAll(async () => {
  await db?.destroy();
  await deployment?.stop();
  await smtp?.stop();
}, 60_000);

interface Invited {
  email: string;
  /** The activation link the panel showed, as the mail writes it. */
  link: string;
}

/**
 * An Administrador creates `count` accounts with an address through nginx, all at once (so both
 * instances write some and are kicked): each creation says its invitation was mailed.
 */
async function invite(batch: string, count: number): Promise<Invited[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const email = `${batch}-${n}@example.org`;
      const response = await fetch(`${deployment.nginx.url}/api/users/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deployment.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: `${batch}-${n}`, name: `Persona ${n}`, role: 'editor', email }),
      });
      expect({ email, status: response.status }).toEqual({ email, status: 201 });
      const { invitation } = (await response.json()) as { invitation: { url: string; mailed_to: string | null } };
      expect(invitation.mailed_to).toBe(email);
      return { email, link: new URL(invitation.url, PUBLIC_URL).toString() };
    }),
  );
}

const recipientOf = (mail: ReceivedMail) => (mail.parsed.to as AddressObject).value[0].address;
const mailTo = (invited: Invited[]) => smtp.received.filter((mail) => invited.some(({ email }) => email === recipientOf(mail)));
const outboxRows = (invited: Invited[]) => {
  const emails = invited.map(({ email }) => email);
  return db
    .selectFrom('outbox')
    .select(['recipient', 'message_id', 'status', 'attempts', 'last_error'])
    .where('recipient', 'in', emails)
    .execute();
};

/** The outbox's rows for `invited` once all are sent and the mail server has as many messages for them. */
const allSent = (invited: Invited[]) =>
  eventually(async () => {
    const rows = await outboxRows(invited);
    expect(rows).toHaveLength(invited.length);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    expect(mailTo(invited).length).toBeGreaterThanOrEqual(invited.length);
    return rows;
  }, 30_000);

/** Each person received one message, the one the outbox holds for them (its Message-ID), with the link the panel showed. */
function expectEachOnce(invited: Invited[], rows: Awaited<ReturnType<typeof outboxRows>>) {
  const mail = mailTo(invited);
  expect(mail.map(recipientOf).sort()).toEqual(invited.map(({ email }) => email).sort());
  expect(mail.map((m) => m.parsed.messageId).sort()).toEqual(rows.map((row) => row.message_id).sort());
  for (const { email, link } of invited) expect(mail.find((m) => recipientOf(m) === email)!.parsed.text).toContain(link);
}

it('sends each invitation once, by Message-ID, while both instances look at the outbox at once', async () => {
  // The mail server answers nothing while the batch is written, so that both instances then go
  // through the same waiting messages together, each claiming the next one as the other does.
  smtp.hold();
  let invited: Invited[];
  try {
    invited = await invite('ambas', 30);
  } finally {
    smtp.release();
  }
  const rows = await allSent(invited);
  expectEachOnce(invited, rows);
  // Each message was claimed once (a claim counts an attempt): never by both instances.
  expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
  // And both instances sent: the batch was shared, not sent by one while the other stood by.
  expect(new Set(mailTo(invited).map((mail) => mail.client))).toEqual(new Set([senderName('a'), senderName('b')]));
}, 60_000);

it('sends every invitation once when the mail server comes back after being down, both instances trying again', async () => {
  await smtp.stop();
  let invited: Invited[];
  try {
    invited = await invite('caida', 20);
    // The instances try, fail and wait longer each time: every message has been tried twice at least.
    await eventually(async () => {
      const rows = await outboxRows(invited);
      expect(rows).toHaveLength(invited.length);
      expect(rows.filter((row) => row.status !== 'pending' || row.attempts < 2 || !/ECONNREFUSED/.test(row.last_error ?? ''))).toEqual([]);
    }, 30_000);
  } finally {
    await smtp.start();
  }
  const rows = await allSent(invited);
  expectEachOnce(invited, rows);
  expect(rows.filter((row) => row.attempts < 3)).toEqual([]);
}, 60_000);

it('loses no invitation and sends none twice when A stops in the middle of a batch; B then sends alone', async () => {
  const { a } = deployment;
  // The whole batch is written before anything goes: the mail server answers nothing meanwhile.
  smtp.hold();
  let invited: Invited[];
  let sentBeforeStop: number;
  try {
    invited = await invite('parada', 30);
    smtp.release();
    await eventually(() => expect(mailTo(invited).length).toBeGreaterThanOrEqual(5));
    // Then A stops while it is sending one (the mail server has it and has not answered yet).
    smtp.hold();
    await eventually(() => expect(smtp.holding()).toContain(senderName('a')));
    sentBeforeStop = mailTo(invited).length;
    a.child.kill('SIGTERM');
    // A stops taking requests (it refuses connections, or answers 503 on one it had), but does not
    // exit while the message it is sending is unanswered.
    const answer = () =>
      fetch(`${a.url}/api/public/biographies/`).then(
        (response) => response.status,
        () => 'refused',
      );
    await eventually(async () => expect(await answer()).not.toBe(200));
    expect({ code: a.child.exitCode, signal: a.child.signalCode }).toEqual({ code: null, signal: null });
  } finally {
    smtp.release();
  }
  expect(sentBeforeStop).toBeLessThan(invited.length);
  // A finishes the message it holds, then exits: it keeps no claim for the lease to undo.
  expect(await a.exited).toBe(0);
  const rows = await allSent(invited);
  expectEachOnce(invited, rows);
  expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
  // After the signal A sent the message it held, and nothing more: B sent the rest.
  const afterStop = mailTo(invited)
    .slice(sentBeforeStop)
    .map((mail) => mail.client);
  expect(afterStop.filter((client) => client === senderName('a'))).toHaveLength(1);
  expect(afterStop.filter((client) => client === senderName('b'))).toHaveLength(invited.length - sentBeforeStop - 1);

  // With A gone, B sends what is written next, through nginx, on its own.
  const later = await invite('sin-a', 3);
  expectEachOnce(later, await allSent(later));
  expect(mailTo(later).map((mail) => mail.client)).toEqual(later.map(() => senderName('b')));

  // Over this whole file, late arrivals included: every message the outbox sent arrived once, and nothing else did.
  const everything = await db.selectFrom('outbox').select(['message_id', 'status']).execute();
  expect(everything.filter((row) => row.status !== 'sent')).toEqual([]);
  expect(smtp.received.map((mail) => mail.parsed.messageId).sort()).toEqual(everything.map((row) => row.message_id).sort());
}, 60_000);
