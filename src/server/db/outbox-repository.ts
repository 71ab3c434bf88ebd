import type { MailKind } from '@/domain/mail';
import type { DbOrTrx } from './database';
import { toCount, type RowRange, type Slice } from './paging';
import type { OutboxRow } from './schema';

/**
 * The outbox of mail (docs/decisions/202): messages written with the action
 * that causes them, claimed by one instance at a time through a lease, sent,
 * retried, and stripped of their bodies once they are no longer needed.
 */

/** Left out of backups and never restored (backup/schema.ts): its links are one-time and short-lived. */
export const isOutboxTable = (name: string): boolean => name === 'outbox';

export interface NewMail {
  kind: MailKind;
  userId: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** When the link it carries stops working: it is not sent after that. */
  expiresAt: Date;
}

/** Writes a message to send, due at once; in the caller's transaction when given one. */
export async function enqueueMail(db: DbOrTrx, mail: NewMail, now: Date): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      user_id: mail.userId,
      recipient: mail.recipient,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      message_id: mail.messageId,
      status: 'pending',
      next_attempt_at: now.toISOString(),
      expires_at: mail.expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the next message due for `worker`, for `leaseMs`: one conditional
 * update, so that of two instances asking at once only one gets it (on
 * PostgreSQL the second update waits for the first and then finds the lease
 * taken; SQLite runs them one after the other). Counts the attempt.
 */
export async function claimDueMail(db: DbOrTrx, worker: string, now: Date, leaseMs: number): Promise<OutboxRow | undefined> {
  const at = now.toISOString();
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where('expires_at', '>', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1);
  return db
    .updateTable('outbox')
    .set((eb) => ({
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      leased_by: worker,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sent: the body goes, the rest stays to be seen in 'Correo'. Only the
 * instance that holds the claim settles it (a claim that ran out and was
 * taken over is the new holder's).
 */
export async function markMailSent(db: DbOrTrx, id: number, worker: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      body_text: null,
      body_html: null,
      lease_until: null,
      leased_by: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .execute();
}

/** Not sent this time: tried again at `nextAt`, unless that is past the link's expiry, when it fails for good. */
export async function markMailUnsent(db: DbOrTrx, id: number, worker: string, error: string, nextAt: Date): Promise<'retry' | 'failed'> {
  const row = await db.selectFrom('outbox').select('expires_at').where('id', '=', id).executeTakeFirst();
  const givesUp = !row || nextAt.toISOString() >= row.expires_at;
  await db
    .updateTable('outbox')
    .set(
      givesUp
        ? { status: 'failed', body_text: null, body_html: null, lease_until: null, leased_by: null, last_error: error.slice(0, 500) }
        : { next_attempt_at: nextAt.toISOString(), lease_until: null, leased_by: null, last_error: error.slice(0, 500) },
    )
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .execute();
  return givesUp ? 'failed' : 'retry';
}

/** What a message that could not be sent before its link expired says in 'Correo'. */
export const EXPIRED_UNSENT = 'El enlace caducó antes de poder enviarse.';

/** Messages still waiting when their link expires fail, and lose their bodies; answers how many. */
export async function expireUnsentMail(db: DbOrTrx, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'failed',
      body_text: null,
      body_html: null,
      lease_until: null,
      leased_by: null,
      last_error: eb.fn.coalesce('last_error', eb.val(EXPIRED_UNSENT)),
    }))
    .where('status', '=', 'pending')
    .where('expires_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many messages of `kind` were written for an account since `since`: the limit of resets asked for at the sign-in page. */
export async function countRecentMail(db: DbOrTrx, userId: number, kind: MailKind, since: Date): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** The columns 'Correo' may read: never the bodies, which hold one-time links, nor the lease. */
const LISTED_COLUMNS = [
  'id',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'created_at',
  'sent_at',
  'next_attempt_at',
  'last_error',
] as const;

export type ListedMail = Pick<OutboxRow, (typeof LISTED_COLUMNS)[number]>;

/** The outbox for 'Correo', newest first (ties by id), one page of it; every message when no window is given. */
export async function listOutbox(db: DbOrTrx, window?: RowRange): Promise<Slice<ListedMail>> {
  let query = db.selectFrom('outbox').select(LISTED_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  const total = db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('count'));
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count) };
}
