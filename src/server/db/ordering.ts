import type { ReorderItem } from '@/domain/entities';
import type { DbOrTrx } from './database';

/** The tables whose rows the admin reorders by dragging. */
export type OrderedTable = 'sections' | 'publications' | 'biographies';

/** The order a new row takes to go to the end of its list (max + 1; 0 for the first). */
export async function nextOrder(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('order').as('max')).executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

/**
 * Writes new orders. Run it inside a transaction: when any id is unknown it
 * returns false before writing anything, and the caller rolls back.
 */
export async function applyOrder(trx: DbOrTrx, table: OrderedTable, items: ReorderItem[], updatedAt: string): Promise<boolean> {
  const ids = items.map((item) => item.id);
  const found = await trx.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).where('id', 'in', ids).executeTakeFirst();
  if (Number(found?.count ?? 0) !== ids.length) return false;
  for (const item of items) {
    await trx.updateTable(table).set({ order: item.order, updated_at: updatedAt }).where('id', '=', item.id).execute();
  }
  return true;
}
