import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: private preview links ('Crear enlace privado'), several per
// publication. Only the SHA-256 of a link's token is kept, as for password
// links, so a link is shown once, when it is made. The publication is named by
// id without a foreign key: a publication in the trash leaves its table and
// comes back with its id, and its links with it; a purge deletes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('preview_links')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('publication_id', 'integer', (col) => col.notNull())
    // Hex SHA-256 of the token: the token itself is shown once and kept nowhere.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    // Who made it; an account is never deleted, only deactivated.
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // ISO 8601: compare as text.
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    // The first time someone opened it (Actividad records that once).
    .addColumn('first_viewed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('preview_links_publication').on('preview_links').columns(['publication_id', 'expires_at']).execute();
  await db.schema.createIndex('preview_links_expires').on('preview_links').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('preview_links').execute();
}
