import type { Kysely } from 'kysely';

// Frozen: an account's email address (docs/decisions/203), optional: where a
// forgotten password's link and an invitation are mailed. `email_key` is
// emailKey(email) (NFC, lower case, like usernames), unique: two spellings of
// one address are one address. Null for an account without one (unique
// indexes let any number of nulls through on both databases).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email', 'varchar(254)').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'varchar(254)').execute();
  await db.schema.createIndex('users_email_key').on('users').column('email_key').unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_key').execute();
  await db.schema.alterTable('users').dropColumn('email_key').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
}
