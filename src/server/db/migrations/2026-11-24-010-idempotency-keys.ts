import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: a save sent twice is answered once (docs/decisions/145-a-save-goes-out-once.md).
// The admin sends an Idempotency-Key with every save attempt; the server keeps,
// per user and key, the answer of the save that succeeded, for a short time, in
// the database so that every instance answers a repeat the same way. The row is
// written in the save's own transaction: a repeat waiting on the write lock
// finds it there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    // As the client sent it: printable ASCII, at most 255 characters.
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    // The request it answered: a key sent again with another request is refused, never answered with this one.
    .addColumn('method', 'varchar(8)', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    // The answer's body as JSON text.
    .addColumn('answer', 'text', (col) => col.notNull())
    // Unix milliseconds.
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // A user's key is one save; and the sweep of old rows.
  await db.schema.createIndex('idempotency_keys_user_key').unique().on('idempotency_keys').columns(['user_id', 'key']).execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
