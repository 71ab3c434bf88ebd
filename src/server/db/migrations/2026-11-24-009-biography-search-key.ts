import type { Kysely } from 'kysely';
import { searchKey } from '@/domain/search';

/** Rows read and rewritten at a time while filling the new column. */
const BATCH = 500;

// Frozen: 'Buscar por nombre' in the admin biography list compares a stored
// key, as the publication search does (2026-11-23-008). name_search holds
// searchKey(name) (src/domain/search.ts: lower case, accents removed), which
// the biographies repository writes with every name; the search looks in it
// with a plain LIKE on SQLite and PostgreSQL alike. The default only serves
// rows written around the repository.
//
// biographies_order_search (order, id, name_search) gives a search its count
// and its matching ids in the list's order from the index alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('biographies')
    .addColumn('name_search', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // The existing names, in batches by id, in one transaction (PostgreSQL's
  // migrations run in one already; SQLite's do not).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fill = async (trx: Kysely<any>) => {
    let after = 0;
    for (;;) {
      const rows: { id: number; name: string }[] = await trx
        .selectFrom('biographies')
        .select(['id', 'name'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        await trx
          .updateTable('biographies')
          .set({ name_search: searchKey(row.name) })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows[rows.length - 1].id;
    }
  };
  await (db.isTransaction ? fill(db) : db.transaction().execute(fill));
  await db.schema.createIndex('biographies_order_search').on('biographies').columns(['order', 'id', 'name_search']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('biographies_order_search').execute();
  await db.schema.alterTable('biographies').dropColumn('name_search').execute();
}
