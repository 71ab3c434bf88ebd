import type { DbOrTrx } from './database';

/** A save's answer as kept for its key. */
export interface KeptAnswer {
  method: string;
  path: string;
  status: number;
  /** The body as JSON text. */
  answer: string;
}

/** The answer kept for a user's key, if one was written after `since` (unix ms). */
export async function findKeptAnswer(db: DbOrTrx, userId: number, key: string, since: number): Promise<KeptAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'status', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/** Keeps a save's answer for its key; an expired row of the same key makes way for it. */
export async function keepAnswer(
  db: DbOrTrx,
  row: KeptAnswer & { userId: number; key: string; now: number; since: number },
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', row.userId)
    .where('key', '=', row.key)
    .where('created_at', '<=', row.since)
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.userId,
      key: row.key,
      method: row.method,
      path: row.path,
      status: row.status,
      answer: row.answer,
      created_at: row.now,
    })
    .execute();
}

/** Sweeps answers kept at or before `since` (unix ms); answers how many went. */
export async function deleteKeptAnswersUpTo(db: DbOrTrx, since: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<=', since).executeTakeFirst();
  return Number(result.numDeletedRows);
}
