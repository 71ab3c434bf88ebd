import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { claimDueMail, expireUnsentMail, markMailSent, markMailUnsent } from '../db/outbox-repository';
import type { UpkeepLog } from '../upkeep/schedule';
import type { MailSettings } from './mail-config';
import { mailFailure, type MailTransport } from './transport';

/** How long a claim keeps a message to one instance: longer than a send may take (transport.ts's timeouts). */
const LEASE_MS = 90_000;
/** The longest wait between two tries of one message. */
const MAX_RETRY_MS = 60 * 60 * 1000;

export interface OutboxRunner {
  /** Looks for messages due now, without waiting for the timer (after an action wrote one); nothing before start. */
  kick(): void;
  /** Starts the timer and a first round; what happens is told to `log`. */
  start(log: UpkeepLog): void;
  /** Claims nothing more: the message in hand is finished (when the app starts closing). */
  halt(): void;
  /** Halts, and waits for the message in hand. */
  stop(): Promise<void>;
}

/** The wait before try number `attempts + 1`: the base, then twice as long each time, at most an hour. */
export const retryDelay = (attempts: number, baseMs: number): number => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * Sends the outbox's messages (docs/decisions/202): every `pollMs`, and at
 * once when kicked, this instance claims the messages due one at a time and
 * sends each; a failure is tried again after a growing delay until the link
 * expires. Any number of instances may run this: the claim is a conditional
 * update with a lease, so each message goes out once (at least once if an
 * instance dies between the server's answer and its update; the Message-ID
 * stays the same). Bodies never reach the log.
 */
export function createOutboxRunner(
  db: Db,
  settings: Pick<MailSettings, 'retryBaseMs' | 'pollMs'>,
  transport: MailTransport,
  now: () => Date = () => new Date(),
): OutboxRunner {
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let log: UpkeepLog | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const sendOne = async (): Promise<boolean> => {
    const message = await claimDueMail(db, worker, now(), LEASE_MS);
    if (!message) return false;
    try {
      await transport.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body_text ?? '',
        html: message.body_html ?? '',
        messageId: message.message_id,
      });
      await markMailSent(db, message.id, worker, now());
      log?.info({ outbox: message.id, kind: message.kind }, 'mail sent');
    } catch (error) {
      const failure = mailFailure(error);
      const next = new Date(now().getTime() + retryDelay(message.attempts, settings.retryBaseMs));
      const outcome = await markMailUnsent(db, message.id, worker, failure, next);
      log?.warn({ outbox: message.id, kind: message.kind, attempts: message.attempts, failure, outcome }, 'mail not sent');
    }
    return true;
  };

  const round = async () => {
    do {
      again = false;
      await expireUnsentMail(db, now());
      // A stopping instance finishes the message in hand and claims no other: the rest are the other
      // instances' (or this one's after its restart), and the stop is not held by a long backlog.
      while (timer && (await sendOne()));
    } while (again && timer);
  };

  const run = (): Promise<void> => {
    if (running) {
      // A kick during a round: one more pass, so that a message written meanwhile is not left for the timer.
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => log?.error({ err: error }, 'outbox round failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    kick: () => {
      if (timer) void run();
    },
    start(to) {
      if (timer) return;
      log = to;
      timer = setInterval(() => void run(), settings.pollMs);
      timer.unref();
      void run();
    },
    halt() {
      clearInterval(timer);
      timer = undefined;
    },
    async stop() {
      this.halt();
      await running;
      transport.close();
    },
  };
}
