import type { DbOrTrx } from './database';

/** Bumped in the same transaction as every content write (see cache/public-cache.ts). */
export async function bumpContentVersion(trx: DbOrTrx): Promise<void> {
  await trx
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readContentVersion(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
