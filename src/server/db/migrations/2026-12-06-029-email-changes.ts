import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: an address an account's owner asked for in 'Mi cuenta', waiting for
// the link mailed to it (docs/decisions/206). One per account (a new request
// replaces it); the link's token is kept only as its hex SHA-256, unique.
// `session_version` is the account's when it was asked: a password change or
// reset after it (which bumps the account's) voids it. The row goes when the
// link is used, when the account is deactivated, and with the account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('email_changes')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    // As written; emailKey(email) is compared with users.email_key when it is used.
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('session_version', 'integer', (col) => col.notNull())
    // ISO 8601: compare as text.
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
