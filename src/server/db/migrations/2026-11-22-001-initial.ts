import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: this migration describes the first schema and never changes. It
// takes Kysely<any> so later changes of the app's types cannot alter it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? 'serial' : 'integer';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const id = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('username', 'varchar(150)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('is_staff', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sections')
    .addColumn('id', idType, id)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('publications')
    .addColumn('id', idType, id)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('section_id', 'integer', (col) => col.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('draft'))
    .addColumn('featured_image', 'text')
    .addColumn('is_featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('publish_date', 'varchar(10)')
    .addColumn('layout', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('publications_section_order').on('publications').columns(['section_id', 'order', 'id']).execute();

  await db.schema
    .createTable('biographies')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('biography', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('linkedin', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('order', 'integer', (col) => col.notNull().defaultTo(2))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['content_version', 'biographies', 'publications', 'sections', 'refresh_tokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
