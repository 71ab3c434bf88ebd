import type { Kysely } from 'kysely';

// Frozen: the order of a section's public list (docs/decisions/196), until now the dragged
// order for every section. 'manual' where that order is the point (the programme's
// presentation, read as a sequence), 'event' for the congresses, 'date' (newest first,
// featured first) everywhere else, and for every new section. The indexes serve the
// date order of one section's public list and of the whole site's, as
// publications_section_order_visibility serves the dragged one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sections')
    .addColumn('list_order', 'varchar(10)', (col) => col.notNull().defaultTo('date'))
    .execute();
  await db.updateTable('sections').set({ list_order: 'manual' }).where('slug', '=', 'presentacion-del-magister').execute();
  await db.updateTable('sections').set({ list_order: 'event' }).where('slug', '=', 'congresos').execute();
  await db.schema
    .createIndex('publications_section_date')
    .on('publications')
    .columns(['section_id', 'is_featured desc', 'publish_date desc', 'id desc', 'status'])
    .execute();
  await db.schema
    .createIndex('publications_date')
    .on('publications')
    .columns(['is_featured desc', 'publish_date desc', 'id desc', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('publications_date').execute();
  await db.schema.dropIndex('publications_section_date').execute();
  await db.schema.alterTable('sections').dropColumn('list_order').execute();
}
