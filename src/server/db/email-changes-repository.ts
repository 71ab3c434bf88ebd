import type { DbOrTrx } from './database';
import type { EmailChangeRow } from './schema';

/**
 * Addresses waiting for their confirmation link (docs/decisions/206): one per
 * account, only the hash of each link's token kept.
 */

export interface NewEmailChange {
  userId: number;
  email: string;
  tokenHash: string;
  sessionVersion: number;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
}

/**
 * Stores an account's pending address, replacing the one it had: only the
 * newest link works. Expired ones of every account go at the same time, so
 * that an address nobody confirmed is not kept past its link.
 */
export async function replaceEmailChange(db: DbOrTrx, change: NewEmailChange): Promise<void> {
  await db
    .deleteFrom('email_changes')
    .where((eb) => eb.or([eb('user_id', '=', change.userId), eb('expires_at', '<=', change.createdAt)]))
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      email: change.email,
      token_hash: change.tokenHash,
      session_version: change.sessionVersion,
      created_at: change.createdAt,
      expires_at: change.expiresAt,
    })
    .execute();
}

/** The unexpired pending address with this token hash, or undefined. */
export async function findUsableEmailChange(db: DbOrTrx, tokenHash: string, now: string): Promise<EmailChangeRow | undefined> {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** An account's pending address while it can still be confirmed (not expired, asked since the last password change), or undefined. */
export async function livePendingEmail(db: DbOrTrx, userId: number, sessionVersion: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_changes')
    .select('email')
    .where('user_id', '=', userId)
    .where('session_version', '=', sessionVersion)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

/** Deletes an unexpired pending address by id and says whether this call did it: two requests racing with one link cannot both win. */
export async function takeEmailChange(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db.deleteFrom('email_changes').where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Drops an account's pending address (its address was set another way, or it was deactivated). */
export async function dropEmailChange(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}
