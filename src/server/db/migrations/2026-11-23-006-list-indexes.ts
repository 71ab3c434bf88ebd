import type { Kysely } from 'kysely';

// Frozen: the publication lists stay as quick with 10,000 publications as with
// 100 (bench/scale.ts, docs/performance.md "Ten thousand publications"). Both
// indexes end with the public filter's columns (status, publish_date), so that
// counts, and the rows an OFFSET skips, are read from the index alone:
// - publications_order: the whole table in the admin's order (the admin list,
//   a title search's first page, the sitemap) without sorting it, and the
//   landing's count of published publications;
// - publications_section_order_visibility: one section's list, public or admin,
//   and its count. It replaces publications_section_order, which is its prefix.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('publications_order').on('publications').columns(['order', 'id', 'status', 'publish_date']).execute();
  await db.schema
    .createIndex('publications_section_order_visibility')
    .on('publications')
    .columns(['section_id', 'order', 'id', 'status', 'publish_date'])
    .execute();
  await db.schema.dropIndex('publications_section_order').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('publications_section_order').on('publications').columns(['section_id', 'order', 'id']).execute();
  await db.schema.dropIndex('publications_section_order_visibility').execute();
  await db.schema.dropIndex('publications_order').execute();
}
