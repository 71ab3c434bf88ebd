import type { DbOrTrx } from './database';
import { toCount, type Slice, type RowRange } from './paging';
import type { BiographyRow, BiographyUpdate, NewBiographyRow } from './schema';

export async function listBiographies(db: DbOrTrx, options: { activeOnly: boolean; window?: RowRange }): Promise<Slice<BiographyRow>> {
  let query = db.selectFrom('biographies').selectAll().orderBy('order').orderBy('id');
  let total = db.selectFrom('biographies').select((eb) => eb.fn.countAll().as('count'));
  if (options.activeOnly) {
    query = query.where('is_active', '=', 1);
    total = total.where('is_active', '=', 1);
  }
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count as string | number) };
}

export async function findBiography(db: DbOrTrx, id: number): Promise<BiographyRow | undefined> {
  return db.selectFrom('biographies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBiography(db: DbOrTrx, row: NewBiographyRow): Promise<BiographyRow> {
  return db.insertInto('biographies').values(row).returningAll().executeTakeFirstOrThrow();
}

/** An edit: writes the patch and bumps the version (a reorder goes through db/ordering.ts and does not). */
export async function updateBiography(db: DbOrTrx, id: number, patch: BiographyUpdate): Promise<BiographyRow | undefined> {
  return db
    .updateTable('biographies')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteBiography(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('biographies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
