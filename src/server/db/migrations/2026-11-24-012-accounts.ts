import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: staff accounts gain a name, one of two roles and an active flag, and
// remember their last sign-in; every account that existed becomes an
// Administrador, active. Usernames become unique regardless of case: should two
// differ only in case already, the later ones get their id appended, so that the
// index can exist and nobody loses their account. Password links (invitation,
// reset) keep only the SHA-256 of their token. A sign-in (refresh-token
// family) remembers its browser, address, start and last use, each row of the
// family carrying them forward.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('name', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('admin'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'varchar(32)').execute();

  const users = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const seen = new Set<string>();
  for (const user of users as { id: number; username: string }[]) {
    const lowered = user.username.toLowerCase();
    if (seen.has(lowered)) {
      await db
        .updateTable('users')
        .set({ username: `${user.username}-${user.id}` })
        .where('id', '=', user.id)
        .execute();
    } else {
      seen.add(lowered);
    }
  }
  await db.schema
    .createIndex('users_username_lower')
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Hex SHA-256 of the token: the token itself is shown once and kept nowhere.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    // 'invitation' (a first password) or 'reset'.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    // ISO 8601: compare as text.
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invitations_user').on('invitations').column('user_id').execute();

  await db.schema.alterTable('refresh_tokens').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('started_at', 'varchar(32)').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('last_used_at', 'varchar(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['last_used_at', 'started_at', 'ip', 'user_agent']) {
    await db.schema.alterTable('refresh_tokens').dropColumn(column).execute();
  }
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropIndex('users_username_lower').execute();
  for (const column of ['last_login_at', 'is_active', 'role', 'name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
