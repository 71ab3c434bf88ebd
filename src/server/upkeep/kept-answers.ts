import { keptSince } from '../content/kept-answers';
import { deleteKeptAnswersUpTo } from '../db/idempotency-repository';
import type { Services } from '../services';
import type { UpkeepJob } from './schedule';

/** Kept save answers older than SAVE_ANSWER_KEPT_MS go, as a job of the app's upkeep timer; idempotent. */
export function keptAnswersJob(services: Services): UpkeepJob {
  return { name: 'idempotency keys', run: async () => ({ expired: await deleteKeptAnswersUpTo(services.db, keptSince(Date.now())) }) };
}
