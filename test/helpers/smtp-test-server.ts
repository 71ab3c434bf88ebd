import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailSettings } from '@/server/mail/mail-config';

export const SMTP_USER = 'buzon';
const SMTP_PASSWORD = 'clave-del-buzon';

/** A message as the test's mail server received it: parsed, with how the session went. */
export interface ReceivedMail {
  parsed: ParsedMail;
  /** Whether the session had switched to TLS (STARTTLS) before the message. */
  secure: boolean;
  user: string | undefined;
  /** The name the sender gave itself (EHLO): its host name, or nodemailer's `name` option. */
  client: string;
}

/**
 * A real SMTP server on loopback for the mail tests (the `smtp-server`
 * package): it asks for a user and password, offers STARTTLS with the
 * package's test certificate, and parses what it receives (mailparser).
 * `refuseWith` makes it answer messages with an SMTP error; `hold` makes it
 * keep every message unanswered until `release`, as a server that is slow to
 * answer does; `stop` and `start` take it down and bring it back on the same port.
 */
export async function startSmtpTestServer() {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; text: string } | null = null;
  /** While holding: the messages received but not answered yet, each with its sender's name and how to answer it. */
  let held: { client: string; answer: () => void }[] | null = null;
  let port = 0;
  let server: SMTPServer | undefined;

  const create = () =>
    new SMTPServer({
      // No log, and no warning about the test certificate (the tests trust it on purpose).
      logger: false,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        if (refusal) {
          stream.resume();
          const error = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
          stream.on('end', () => callback(error));
          return;
        }
        const client = session.hostNameAppearsAs;
        simpleParser(stream)
          .then((parsed) => {
            const answer = () => {
              received.push({ parsed, secure: session.secure, user: typeof session.user === 'string' ? session.user : undefined, client });
              callback();
            };
            if (held) held.push({ client, answer });
            else answer();
          })
          .catch(callback);
      },
    });

  const start = async () => {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.server.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await start();

  return {
    received,
    /** SMTP_URL for the site: the test certificate is not checked (it is self-signed). */
    url: () => `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    refuseWith(code: number, text: string) {
      refusal = { code, text };
    },
    accept() {
      refusal = null;
    },
    hold() {
      held ??= [];
    },
    /** The senders (by name) of the messages held unanswered now. */
    holding: (): string[] => held?.map((message) => message.client) ?? [],
    /** Answers the messages held, which count as received from then on, and answers the next ones at once. */
    release() {
      const waiting = held ?? [];
      held = null;
      for (const message of waiting) message.answer();
    },
    start,
    stop,
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The sender the tests' sites write as. */
export const TEST_MAIL_FROM = '"Máster EEyCE" <no-responder@master.example.org>';

/** A site's mail through `smtp`, retried and polled quickly so that a test waits little. */
export const quickMailTo = (smtp: SmtpTestServer, overrides: Partial<MailSettings> = {}): MailSettings => ({
  url: smtp.url(),
  from: TEST_MAIL_FROM,
  retryBaseMs: 200,
  pollMs: 100,
  ...overrides,
});
