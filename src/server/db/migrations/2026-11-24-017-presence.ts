import type { Kysely } from 'kysely';

// Frozen: who has a form open ('Ana está editando esta publicación desde las
// 10:42', docs/decisions/182-presence.md). One row per open form: a person's
// browser tab on one record, renewed by a heartbeat every 20 s and forgotten
// 60 s after the last one. Kept in the database so that every instance behind
// the proxy sees the same people; a table of its own, which no content write
// touches, so that a heartbeat neither waits for the content write lock nor
// bumps the version that clears the public caches.
//
// No foreign keys: a row lives a minute, and a heartbeat must not lock the
// account's or the record's row (PostgreSQL checks a foreign key with a lock
// on the row it names). A gone record or account simply stops being shown.
// Not copied by a backup (backup/schema.ts siteTables): it says nothing about
// the site once a minute has passed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('presence')
    // 'publication' | 'biography' | 'section'.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    // The browser tab's own random id: one person may have the form open in two tabs.
    .addColumn('tab', 'varchar(64)', (col) => col.notNull())
    // The sign-in (refresh-token family) of the heartbeat: signing out ends its presence at once.
    .addColumn('family', 'varchar(64)')
    // ISO 8601, compared as text: the first heartbeat, and the last.
    .addColumn('since', 'varchar(32)', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('presence_pkey', ['kind', 'item_id', 'user_id', 'tab'])
    .execute();
  // The sweep of rows older than a minute.
  await db.schema.createIndex('presence_seen_at').on('presence').column('seen_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('presence').execute();
}
