import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: the trash ('Papelera', docs/decisions/130-trash.md). A delete moves
// the row (a section with its publications) here as JSON, so no query of the
// content tables needs a "not deleted" filter and nothing deleted can reach the
// public. Entries are purged for good after TRASH_RETENTION_DAYS.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('trash')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // 'publication' | 'biography' | 'section'.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    // The item's title or name when it was deleted.
    .addColumn('label', 'text', (col) => col.notNull())
    // The deleted item's id, which a restore takes again when it is free.
    .addColumn('item_id', 'integer', (col) => col.notNull())
    // {"sections": [...], "publications": [...], "biographies": [...]}: the rows as they were.
    .addColumn('data', 'text', (col) => col.notNull())
    // A section's publications that went with it (0 for the other kinds).
    .addColumn('publication_count', 'integer', (col) => col.notNull().defaultTo(0))
    // ISO 8601, as created_at elsewhere: compares as text.
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    // Who deleted it: the user's id (no foreign key: the entry outlives the user) and username.
    .addColumn('deleted_by_id', 'integer')
    .addColumn('deleted_by', 'varchar(150)', (col) => col.notNull().defaultTo(''))
    .execute();
  // The list (newest first) and the purge (oldest first).
  await db.schema.createIndex('trash_deleted_at').on('trash').columns(['deleted_at', 'id']).execute();
  // "Is this publication's section in the trash?"
  await db.schema.createIndex('trash_kind_item').on('trash').columns(['kind', 'item_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash').execute();
}
