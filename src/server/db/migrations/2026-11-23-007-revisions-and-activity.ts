import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: the history of content and the activity log
// (docs/decisions/132-revisions-and-activity-log.md).
// - revisions: every create and update of a publication, section or biography
//   keeps the record as its admin GET answered it, numbered per item; pruned to
//   the newest 50 per item plus those younger than 30 days when one is added.
// - activity: who did what and when (sign-ins, content changes, uploads),
//   kept ACTIVITY_RETENTION_DAYS; a sign-in's IP is cleared after 90 days.
// Neither has a foreign key: both outlive the users and the items they name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('revisions')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // 'publication' | 'section' | 'biography'.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    // 1 for the item's first revision, then one more each time; never reused.
    .addColumn('number', 'integer', (col) => col.notNull())
    // ISO 8601: compares as text.
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer')
    // The username as it was ('' when unknown).
    .addColumn('author', 'varchar(150)', (col) => col.notNull().defaultTo(''))
    // The record as the item's admin GET answered it, as JSON text.
    .addColumn('data', 'text', (col) => col.notNull())
    // What changed, as a JSON array of short Spanish phrases.
    .addColumn('summary', 'text', (col) => col.notNull())
    // The number of the revision this one restored, or null.
    .addColumn('restored_from', 'integer')
    .execute();
  // One item's history, newest first; its next number; and no number twice.
  await db.schema.createIndex('revisions_item_number').unique().on('revisions').columns(['kind', 'item_id', 'number']).execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // ISO 8601: compares as text.
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    // The username as it was; null for a failed sign-in with a name that is no administrator's, and for the automatic purge.
    .addColumn('username', 'varchar(150)')
    .addColumn('action', 'varchar(24)', (col) => col.notNull())
    // 'publication' | 'section' | 'biography' | 'image', or null.
    .addColumn('target_kind', 'varchar(16)')
    .addColumn('target_id', 'integer')
    .addColumn('target_label', 'text', (col) => col.notNull().defaultTo(''))
    // A sign-in's address (personal data: cleared after 90 days).
    .addColumn('ip', 'varchar(64)')
    .execute();
  // The log newest first, a date range of it, and the retention (oldest first).
  await db.schema.createIndex('activity_at').on('activity').columns(['at', 'id']).execute();
  // The log filtered by person or by action.
  await db.schema.createIndex('activity_username_at').on('activity').columns(['username', 'at', 'id']).execute();
  await db.schema.createIndex('activity_action_at').on('activity').columns(['action', 'at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('revisions').execute();
}
