import type { OrderedCollection } from '@/domain/content-kinds';
import type { ReorderItem } from '@/domain/entities';
import { ORDER_MAX, ORDER_MIN } from '@/domain/limits';
import { sql } from 'kysely';
import type { DbOrTrx } from './database';
import { toCount } from './paging';

/** The tables whose rows the admin reorders by dragging: the ordered kinds' (src/domain/content-kinds.ts). */
export type OrderedTable = OrderedCollection;

/** How each list names its rows: a biography by its name, the rest by their title. */
const LABEL_COLUMN = { publications: 'title', sections: 'title', biographies: 'name' } as const satisfies Record<OrderedTable, string>;

/** The rows of `ids` in their list's order (order, then id), with their names: what a reorder found. */
export async function labelledInOrder(db: DbOrTrx, table: OrderedTable, ids: readonly number[]): Promise<{ id: number; label: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(table)
    .select(['id', sql<string>`${sql.ref(LABEL_COLUMN[table])}`.as('label')])
    .where('id', 'in', [...ids])
    .orderBy('order')
    .orderBy('id')
    .execute();
}

/** How many rows a list holds: whether a reorder's view was all of it. */
export async function countRows(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}

// New rows stay within the 32-bit column even after an administrator typed an extreme order;
// at the bound the id breaks the tie.

/** The order a new row takes to go to the end of its list (max + 1; 0 for the first). */
export async function nextOrder(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('order').as('max'))
    .executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? 0 : Math.min(Number(max) + 1, ORDER_MAX);
}

/** The order a new row takes to lead its list (min − 1; 0 for the first). */
export async function firstOrder(db: DbOrTrx, table: OrderedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min('order').as('min'))
    .executeTakeFirst();
  const min = row?.min;
  return min === null || min === undefined ? 0 : Math.max(Number(min) - 1, ORDER_MIN);
}

/**
 * Sorted values made strictly increasing with as few changes as possible
 * (each value kept unless it does not exceed the one before); the positions
 * themselves when that would pass the 32-bit column's top.
 */
function strictlyIncreasing(sorted: readonly number[]): number[] {
  const values: number[] = [];
  for (const value of sorted) values.push(values.length === 0 ? value : Math.max(value, values[values.length - 1] + 1));
  return values.length > 0 && values[values.length - 1] > ORDER_MAX ? values.map((_, position) => position) : values;
}

/** Whether two rows of the table share an order value (older data, or new biographies taking the default 2). */
async function hasTies(trx: DbOrTrx, table: OrderedTable): Promise<boolean> {
  const tie = await trx
    .selectFrom(table)
    .select('order')
    .groupBy('order')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .limit(1)
    .executeTakeFirst();
  return tie !== undefined;
}

/** Rows per UPDATE when many rows take new values: two parameters each, well under both databases' limits. */
const WRITE_BATCH = 500;

/**
 * Stores new order values, one UPDATE per batch (a CASE on the id), so that a
 * renumbered list of 10,000 rows is a few statements, not 10,000 round trips.
 * Rows in `touched` also get `updatedAt`: the items the administrator moved,
 * not rows that only took a new number in the same place.
 */
async function writeOrders(
  trx: DbOrTrx,
  table: OrderedTable,
  changes: readonly ReorderItem[],
  touched: ReadonlySet<number>,
  updatedAt: string,
): Promise<void> {
  for (const moved of [true, false]) {
    const rows = changes.filter((change) => touched.has(change.id) === moved);
    for (let start = 0; start < rows.length; start += WRITE_BATCH) {
      const batch = rows.slice(start, start + WRITE_BATCH);
      await trx
        .updateTable(table)
        .set((eb) => {
          const order = batch
            .slice(1)
            .reduce(
              (chain, { id, order }) => chain.when('id', '=', id).then(order),
              eb.case().when('id', '=', batch[0].id).then(batch[0].order),
            )
            .else(eb.ref('order'))
            .end();
          return moved ? { order, updated_at: updatedAt } : { order };
        })
        .where(
          'id',
          'in',
          batch.map(({ id }) => id),
        )
        .execute();
    }
  }
}

/**
 * Puts the items of one view (the whole list, one section's publications, a
 * page, or the two rows that swap across a page edge) in their new sequence
 * (DECISIONS "Ordering and slugs"): `order` in the payload is the position
 * within that view. The items take the order values they already held
 * between them, in the new sequence, so rows outside the view keep their
 * place; when the view is the whole table the values are the positions
 * themselves (requirements §3). A reorder is not an edit: versions stay.
 *
 * No two rows are left with one order value (docs/decisions/141): when the
 * table holds a tie anywhere, inside the view or outside it, the held values
 * cannot simply be permuted, and the whole list is renumbered in this
 * transaction, in the sequence it shows (order, then id) with the view's
 * items in their new sequence in the places they held.
 *
 * Run it inside a transaction. Answers the items with their stored order, in
 * the new sequence, or null when some id does not exist (nothing written).
 */
export async function applyOrder(
  trx: DbOrTrx,
  table: OrderedTable,
  items: ReorderItem[],
  updatedAt: string,
): Promise<ReorderItem[] | null> {
  const ids = items.map((item) => item.id);
  const [rows, total] = await Promise.all([
    trx.selectFrom(table).select(['id', 'order']).where('id', 'in', ids).execute(),
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  if (rows.length !== ids.length) return null;
  // Array.prototype.sort is stable: equal positions keep the payload's sequence.
  const sequence = [...items].sort((a, b) => a.order - b.order).map((item) => item.id);
  const moved = new Set(ids);

  if (rows.length !== toCount(total?.count) && (await hasTies(trx, table))) {
    const all = await trx.selectFrom(table).select(['id', 'order']).orderBy('order').orderBy('id').execute();
    const values = strictlyIncreasing(all.map((row) => row.order));
    let next = 0;
    const renumbered = all.map((row, slot) => ({ id: moved.has(row.id) ? sequence[next++] : row.id, order: values[slot] }));
    const held = new Map(all.map((row) => [row.id, row.order]));
    await writeOrders(
      trx,
      table,
      renumbered.filter((row) => held.get(row.id) !== row.order),
      moved,
      updatedAt,
    );
    return renumbered.filter((row) => moved.has(row.id));
  }

  const values =
    rows.length === toCount(total?.count) ? sequence.map((_, position) => position) : rows.map((row) => row.order).sort((a, b) => a - b);
  const held = new Map(rows.map((row) => [row.id, row.order]));
  const placed = sequence.map((id, index) => ({ id, order: values[index] }));
  await writeOrders(
    trx,
    table,
    placed.filter((item) => held.get(item.id) !== item.order),
    moved,
    updatedAt,
  );
  return placed;
}
