import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: the outbox of mail (docs/decisions/202). A message is written in the
// transaction of the action that causes it and sent afterwards by whichever
// instance claims it first (a lease with an end, taken by a conditional
// update); it is retried with growing delays until the link it carries
// expires. Its body lives only until it is sent, fails or expires: then it is
// erased, and who, what, when and the server's answer stay. Left out of
// backups, as presence is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('outbox')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // What it is: 'password-reset', 'invitation', 'password-changed', …
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    // The account it is about, if any (kept when the account goes: the row is history).
    .addColumn('user_id', 'integer')
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    // Null once sent, failed or expired: a one-time link never outlives its need.
    .addColumn('body_text', 'text')
    .addColumn('body_html', 'text')
    // Stable across retries: a message delivered twice (a crash between the server's answer and the update) is one to mail clients.
    .addColumn('message_id', 'varchar(200)', (col) => col.notNull())
    // 'pending' | 'sent' | 'failed'.
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // ISO 8601, compared as text: when it may next be tried, until when a claim holds it, when its link expires.
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('leased_by', 'varchar(64)')
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    // The mail server's last answer to a failure (or why it was given up).
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_created').on('outbox').columns(['created_at', 'id']).execute();
  // The per-account limit counts an account's recent messages of a kind.
  await db.schema.createIndex('outbox_user_kind').on('outbox').columns(['user_id', 'kind', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
