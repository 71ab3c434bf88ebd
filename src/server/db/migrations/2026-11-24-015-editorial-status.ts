import type { Kysely } from 'kysely';
import { storedImagesWithoutAlt } from '@/domain/publication-status';

/** Rows read and rewritten at a time while filling the new column. */
const BATCH = 500;

// Frozen: the publication list's status filter and the admin landing's panels of
// work stay as quick with 10,000 publications as with 100 (bench/dashboard.ts,
// docs/performance.md "Status filter and dashboard").
//
// images_without_alt: how many image cells of the layout show a picture with no
// alternative text (domain/publication-status.ts storedImagesWithoutAlt). The
// alternative text lives inside the layout's JSON, which no index can read;
// the publications repository writes the count with every layout, and the
// existing layouts are counted here.
//
// Indexes:
// - publications_status_order (status, order, id, publish_date, section_id): a
//   status's page in the list's order, and its count, from the index alone
//   (section_id for 'published', which needs a visible section);
// - publications_status_date (status, publish_date, id, section_id): the next
//   scheduled, the recently published and the undated ones, and the count of
//   what the public sees today, from the index alone (SQLite's planner picks it
//   for that count: without section_id it read 8,000 rows for it at 10,000);
// - publications_status_review (status, images_without_alt, id): published
//   publications with images lacking alternative text;
// - revisions_author_item (author_id, kind, item_id, created_at): the items a
//   person edited last ('Mis borradores') without reading anyone else's revisions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('publications')
    .addColumn('images_without_alt', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // One transaction, as migration 008 fills its column: PostgreSQL's migrations run in one
  // already; SQLite's do not, and a commit per row would wait for the disk each time.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fill = async (trx: Kysely<any>) => {
    let after = 0;
    for (;;) {
      const rows: { id: number; layout: string }[] = await trx
        .selectFrom('publications')
        .select(['id', 'layout'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        const count = storedImagesWithoutAlt(row.layout);
        if (count > 0) await trx.updateTable('publications').set({ images_without_alt: count }).where('id', '=', row.id).execute();
      }
      after = rows[rows.length - 1].id;
    }
  };
  await (db.isTransaction ? fill(db) : db.transaction().execute(fill));
  await db.schema
    .createIndex('publications_status_order')
    .on('publications')
    .columns(['status', 'order', 'id', 'publish_date', 'section_id'])
    .execute();
  await db.schema
    .createIndex('publications_status_date')
    .on('publications')
    .columns(['status', 'publish_date', 'id', 'section_id'])
    .execute();
  await db.schema.createIndex('publications_status_review').on('publications').columns(['status', 'images_without_alt', 'id']).execute();
  await db.schema.createIndex('revisions_author_item').on('revisions').columns(['author_id', 'kind', 'item_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('revisions_author_item').execute();
  await db.schema.dropIndex('publications_status_review').execute();
  await db.schema.dropIndex('publications_status_date').execute();
  await db.schema.dropIndex('publications_status_order').execute();
  await db.schema.alterTable('publications').dropColumn('images_without_alt').execute();
}
