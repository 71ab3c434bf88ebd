import sharp from 'sharp';
import { MEDIA_URL_PREFIX } from '../media/media-keys';
import type { Services } from '../services';
import type { UpkeepJob } from './schedule';

/** Items read and written at a time: a long backlog (an upgrade's whole library) never holds much in memory. */
const FACTS_BATCH = 50;

/**
 * Fills the size and dimensions of library images adopted from the content (db/media-adoption.ts),
 * read from storage: the migration that adopted them may not read a bucket. An image whose file
 * storage no longer has keeps size 0 and gets dimensions 0 × 0, so that it is not read again.
 * Idempotent; writes no revision (these are facts of the file, not an edit).
 */
export async function fillMediaFacts(services: Pick<Services, 'db' | 'media'>): Promise<number> {
  let filled = 0;
  for (;;) {
    const { read, count } = await fillBatch(services);
    filled += read;
    if (count < FACTS_BATCH) return filled;
  }
}

async function fillBatch({ db, media }: Pick<Services, 'db' | 'media'>): Promise<{ read: number; count: number }> {
  const rows = await db
    .selectFrom('media')
    .select(['id', 'url'])
    .where('kind', '=', 'image')
    .where('size', '=', 0)
    .where('width', 'is', null)
    .orderBy('id')
    .limit(FACTS_BATCH)
    .execute();
  let read = 0;
  for (const { id, url } of rows) {
    const bytes = await media.read(url.slice(MEDIA_URL_PREFIX.length)).catch(() => null);
    const { width = 0, height = 0 } = bytes ? await sharp(bytes).metadata() : {};
    await db
      .updateTable('media')
      .set({ size: bytes?.length ?? 0, width, height })
      .where('id', '=', id)
      .execute();
    if (bytes) read += 1;
  }
  return { read, count: rows.length };
}

/** The library's adopted images get their facts, as a job of the app's upkeep timer. */
export function mediaFactsJob(services: Services): UpkeepJob {
  return { name: 'media facts', run: async () => ({ filled: await fillMediaFacts(services) }) };
}
