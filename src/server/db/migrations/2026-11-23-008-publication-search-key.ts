import type { Kysely } from 'kysely';
import { searchKey } from '@/domain/search';

/** Rows read and rewritten at a time while filling the new column. */
const BATCH = 500;

// Frozen: the admin list's title search compares a stored key instead of
// lowering every title at query time (docs/performance.md "Ten thousand
// publications"). title_search holds searchKey(title) (src/domain/search.ts:
// lower case, accents removed), which the publications repository writes with
// every title; the search looks in it with a plain LIKE, on SQLite and
// PostgreSQL alike, with no function or extension of either. The default only
// serves rows written around the repository.
//
// publications_order_search (order, id, title_search) holds everything a search
// reads before it has its page: the count and the matching ids in the list's
// order come from the index alone, without reading the rows and their layouts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('publications')
    .addColumn('title_search', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // The existing titles, in batches by id: the key is computed here, not in SQL. One
  // transaction: PostgreSQL's migrations run in one already; SQLite's do not, and a
  // commit per row would wait for the disk 10,000 times on a large site.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fill = async (trx: Kysely<any>) => {
    let after = 0;
    for (;;) {
      const rows: { id: number; title: string }[] = await trx
        .selectFrom('publications')
        .select(['id', 'title'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        await trx
          .updateTable('publications')
          .set({ title_search: searchKey(row.title) })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows[rows.length - 1].id;
    }
  };
  await (db.isTransaction ? fill(db) : db.transaction().execute(fill));
  await db.schema.createIndex('publications_order_search').on('publications').columns(['order', 'id', 'title_search']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('publications_order_search').execute();
  await db.schema.alterTable('publications').dropColumn('title_search').execute();
}
