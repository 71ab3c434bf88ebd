import type { Transaction } from 'kysely';
import { messages } from '@/domain/messages';
import type { Database } from '../db/schema';
import { findKeptAnswer, keepAnswer, type KeptAnswer } from '../db/idempotency-repository';
import type { DbOrTrx } from '../db/database';
import { Refusal } from '../refusal';
import type { Services } from '../services';

/**
 * A save sent twice is answered once (docs/decisions/145-a-save-goes-out-once.md).
 * The admin sends `Idempotency-Key` with every attempt to save (create, edit,
 * restore a revision); the answer of the save that succeeded is kept for that
 * user and key for SAVE_ANSWER_KEPT_MS, in the database so that every instance
 * sees it, and a repeat is answered with it (header `Idempotent-Replayed: true`)
 * instead of saving again or being refused as stale (409).
 *
 * A repeat may arrive once the first has committed (it finds the answer before
 * doing anything) or while the first is still saving: saves take the content
 * write lock one after another (services.writeContent), and the answer is
 * written in the first save's transaction, so the repeat, next in line, finds it
 * there before it looks at versions. The key is read from the request by
 * http/idempotency.ts; what is kept, and when, is decided here, for any caller.
 */

/** How long an answer is kept: a double send comes within moments, a retry after a lost connection within minutes. */
export const SAVE_ANSWER_KEPT_MS = 60 * 60 * 1000;

/** One save attempt named by its key. */
export interface SaveAttempt {
  userId: number;
  key: string;
  method: string;
  path: string;
}

/**
 * The kept answer, thrown to be sent as the first save's answer: the status and
 * body that save answered (the error handler marks it `Idempotent-Replayed`).
 */
export class ReplayedAnswer extends Error {
  readonly statusCode: number;
  /** JSON this server wrote for the first save, sent back as it is, never read. */
  readonly body: unknown;

  constructor(kept: KeptAnswer) {
    super('Replayed answer');
    this.statusCode = kept.status;
    this.body = JSON.parse(kept.answer);
  }
}

export const keptSince = (now: number) => now - SAVE_ANSWER_KEPT_MS;

/** Throws the kept answer of this attempt's key, if its save already succeeded. */
export async function replayIfAnswered(db: DbOrTrx, attempt: SaveAttempt): Promise<void> {
  const kept = await findKeptAnswer(db, attempt.userId, attempt.key, keptSince(Date.now()));
  if (!kept) return;
  // The key of another request: a client's mistake, never answered with another save's answer.
  if (kept.method !== attempt.method || kept.path !== attempt.path)
    throw new Refusal('key_reused', { detail: messages.idempotencyKeyReused });
  throw new ReplayedAnswer(kept);
}

/**
 * A check made before the write lock (an edit's version, asked before its
 * upload is stored). A repeat may pass the route's look for a kept answer
 * while its first is still saving, and find at this check the version that
 * first wrote: when the check refuses and this attempt's save has succeeded
 * meanwhile, the kept answer, committed with that version, is thrown instead.
 */
export async function checkUnlessAnswered<T>(db: DbOrTrx, attempt: SaveAttempt | undefined, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (attempt) await replayIfAnswered(db, attempt);
    throw error;
  }
}

/**
 * services.writeContent for a save that answers `status` with what `work`
 * returns: with a key, a repeat that waited for the write lock is answered
 * with the first save's answer, and this save's answer is kept in its own
 * transaction (both or neither).
 */
export async function writeSave<T>(
  services: Services,
  attempt: SaveAttempt | undefined,
  status: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!attempt) return services.writeContent(work);
  return services.writeContent(async (trx) => {
    await replayIfAnswered(trx, attempt);
    const answer = await work(trx);
    const now = Date.now();
    await keepAnswer(trx, { ...attempt, status, answer: JSON.stringify(answer), now, since: keptSince(now) });
    return answer;
  });
}
