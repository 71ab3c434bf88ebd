import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { messages } from '@/domain/messages';
import type { Database } from '../db/schema';
import { deleteKeptAnswersUpTo, findKeptAnswer, keepAnswer, type KeptAnswer } from '../db/idempotency-repository';
import type { DbOrTrx } from '../db/database';
import { ApiError, badRequestDetail } from '../http/api-error';
import type { Services } from '../services';
import type { Actor } from '../content/activity-log';
import type { UpkeepJob } from '../upkeep/schedule';

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
 * there before it looks at versions.
 */

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept: a double send comes within moments, a retry after a lost connection within minutes. */
export const SAVE_ANSWER_KEPT_MS = 60 * 60 * 1000;
/** Printable ASCII, as HTTP header values allow, and a bound on what is stored. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** One save attempt named by its key. */
export interface SaveAttempt {
  userId: number;
  key: string;
  method: string;
  path: string;
}

/** The kept answer, sent as the first save's answer. */
class ReplayedAnswer extends ApiError {
  constructor(kept: KeptAnswer) {
    super(kept.status, JSON.parse(kept.answer) as never, { 'Idempotent-Replayed': 'true' });
  }
}

const keptSince = (now: number) => now - SAVE_ANSWER_KEPT_MS;

async function replayIfAnswered(db: DbOrTrx, attempt: SaveAttempt): Promise<void> {
  const kept = await findKeptAnswer(db, attempt.userId, attempt.key, keptSince(Date.now()));
  if (!kept) return;
  // The key of another request: a client's mistake, never answered with another save's answer.
  if (kept.method !== attempt.method || kept.path !== attempt.path) throw new ApiError(422, { detail: messages.idempotencyKeyReused });
  throw new ReplayedAnswer(kept);
}

/**
 * The request's save attempt, or undefined when it carries no key (clients of
 * requirements §7 save as before). Call it first in the route: when this key's
 * save already succeeded, it throws that save's answer.
 */
export async function saveAttemptOf(services: Services, request: FastifyRequest, actor: Actor): Promise<SaveAttempt | undefined> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || actor.id === null) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequestDetail(messages.invalidIdempotencyKey);
  const attempt = { userId: actor.id, key: header, method: request.method, path: request.url.split('?')[0] };
  await replayIfAnswered(services.db, attempt);
  return attempt;
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

/** Answers older than SAVE_ANSWER_KEPT_MS go, as a job of the app's upkeep timer; idempotent. */
export function keptAnswersJob(services: Services): UpkeepJob {
  return { name: 'idempotency keys', run: async () => ({ expired: await deleteKeptAnswersUpTo(services.db, keptSince(Date.now())) }) };
}
