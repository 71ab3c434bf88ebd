import type { ReorderItem } from '@/domain/entities';
import { ORDER_MAX, ORDER_MIN } from '@/domain/limits';
import type { DbOrTrx } from './database';
import { toCount } from './paging';

/** The tables whose rows the admin reorders by dragging. */
export type OrderedTable = 'sections' | 'publications' | 'biographies';

// New rows stay within the 32-bit column even after an administrator typed an extreme order;
// at the bound the id breaks the tie.

/** The order a new row takes to go to the end of its list (max + 1; 0 for the first). */
export async function nextOrder(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('order').as('max')).executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? 0 : Math.min(Number(max) + 1, ORDER_MAX);
}

/** The order a new row takes to lead its list (min − 1; 0 for the first). */
export async function firstOrder(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.min('order').as('min')).executeTakeFirst();
  const min = row?.min;
  return min === null || min === undefined ? 0 : Math.max(Number(min) - 1, ORDER_MIN);
}

/** Sorted values made strictly increasing, so that rows which shared one value still come out in the new sequence. */
function strictlyIncreasing(sorted: number[]): number[] {
  const values: number[] = [];
  for (const value of sorted) values.push(values.length === 0 ? value : Math.min(Math.max(value, values[values.length - 1] + 1), ORDER_MAX));
  return values;
}

/**
 * Puts the items of one view (the whole list, one section's publications, a
 * page) in their new sequence (requirements §10.5): `order` in
 * the payload is the position within that view. The items take the order
 * values they already held between them, in the new sequence, so rows outside
 * the view keep their place; when the view is the whole table the values are
 * the positions themselves (requirements §3). A reorder is not an edit: versions stay.
 *
 * Run it inside a transaction. Answers the items with their stored order, in
 * the new sequence, or null when some id does not exist (nothing written).
 */
export async function applyOrder(trx: DbOrTrx, table: OrderedTable, items: ReorderItem[], updatedAt: string): Promise<ReorderItem[] | null> {
  const ids = items.map((item) => item.id);
  const [rows, total] = await Promise.all([
    trx.selectFrom(table).select(['id', 'order']).where('id', 'in', ids).execute(),
    trx.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  if (rows.length !== ids.length) return null;
  // Array.prototype.sort is stable: equal positions keep the payload's sequence.
  const sequence = [...items].sort((a, b) => a.order - b.order);
  const values =
    rows.length === toCount(total?.count as string | number)
      ? sequence.map((_, position) => position)
      : strictlyIncreasing(rows.map((row) => row.order).sort((a, b) => a - b));
  const held = new Map(rows.map((row) => [row.id, row.order]));
  const placed = sequence.map((item, index) => ({ id: item.id, order: values[index] }));
  for (const item of placed) {
    if (held.get(item.id) === item.order) continue;
    await trx.updateTable(table).set({ order: item.order, updated_at: updatedAt }).where('id', '=', item.id).execute();
  }
  return placed;
}
