import { purgeEntries } from '../content/trash';
import { expiredTrashIds } from '../db/trash-repository';
import type { Services } from '../services';
import type { UpkeepJob, UpkeepLog } from './schedule';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries purged in one transaction, so that a long backlog never holds the write lock for long. */
const PURGE_BATCH = 50;

/**
 * Purges every trash entry deleted more than TRASH_RETENTION_DAYS before
 * `now`. Two processes may run it at once: each entry is taken under the
 * content write lock, so exactly one of them purges it and removes its
 * files. When nothing has expired it writes nothing (the public cache keeps
 * its answers).
 */
export async function purgeExpiredTrash(services: Services, log: UpkeepLog, now: Date = new Date()): Promise<number> {
  const deletedBefore = new Date(now.getTime() - services.config.trashRetentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const ids = await expiredTrashIds(services.db, deletedBefore, PURGE_BATCH);
    if (ids.length === 0) break;
    // Done by the timer, not by a person: the log entry names no one.
    const purged = await purgeEntries(services, log, ids, null, deletedBefore);
    total += purged;
    // None purged: another process has this batch; what is left waits for the next tick.
    if (purged === 0 || ids.length < PURGE_BATCH) break;
  }
  return total;
}

/** The purge of expired trash entries as an upkeep job. */
export function trashPurgeJob(services: Services, log: UpkeepLog): UpkeepJob {
  return { name: 'trash purge', run: async () => ({ purged: await purgeExpiredTrash(services, log) }) };
}
