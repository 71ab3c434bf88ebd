import type { Kysely } from 'kysely';

// Frozen: refresh tokens remember their family (the sign-in they descend from)
// and when they were rotated, so that reusing a rotated one can revoke the
// family; users gain the session version their tokens must carry
// (docs/decisions/021-sessions.md). Tokens issued before this migration form a
// family of their own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('family', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('refresh_tokens').addColumn('rotated_at', 'bigint').execute();
  await db
    .updateTable('refresh_tokens')
    .set((eb) => ({ family: eb.ref('jti') }))
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('session_version').execute();
  await db.schema.dropIndex('refresh_tokens_user').execute();
  await db.schema.dropIndex('refresh_tokens_family').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('rotated_at').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('family').execute();
}
