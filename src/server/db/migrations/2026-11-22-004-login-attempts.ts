import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: login attempts move from each process's memory to the database, so
// that every worker and every instance counts the same attempts
// (docs/decisions/120-login-throttle-shared-and-bounded.md). A row is written
// before the password is checked and deleted again when the password was right,
// so the rows in the window are the failures plus the checks still running.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    // Lower case, cut to the longest username that can exist (users.username).
    .addColumn('username', 'varchar(150)', (col) => col.notNull())
    // Unix milliseconds.
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .execute();
  // The two counts of a reservation, and the sweep of old rows.
  await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_username').on('login_attempts').columns(['username', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_attempted_at').on('login_attempts').column('attempted_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
