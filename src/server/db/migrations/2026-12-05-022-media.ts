import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: the media library ('Medios', docs/decisions/192-the-media-library.md).
// One row per uploaded file, an image or a document, whatever uses it: its
// address (the stored file's URL, which a replacement changes), what it is,
// its default alternative text and focal point, and who uploaded it. A use
// (a featured image, a cell, a photo) names the address, as before; the
// library is a use too, so that no purge of content removes a file it holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // 'image' | 'document'.
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    // The name the file had on the uploader's computer, as shown (never used to store or serve it).
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(120)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alt', 'varchar(300)', (col) => col.notNull().defaultTo(''))
    // The point to keep in view when the image is cropped, each 0 to 1 from the top left.
    .addColumn('focal_x', 'double precision', (col) => col.notNull().defaultTo(0.5))
    .addColumn('focal_y', 'double precision', (col) => col.notNull().defaultTo(0.5))
    // searchKey(title + ' ' + file_name): the list's search, in any case and accents.
    .addColumn('search_key', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by_id', 'integer')
    // The username as it was ('' when unknown).
    .addColumn('created_by', 'varchar(150)', (col) => col.notNull().defaultTo(''))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    // ISO 8601, compared as text.
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // The library lists newest first, by kind or all.
  await db.schema.createIndex('media_created').on('media').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('media_kind_created').on('media').columns(['kind', 'created_at', 'id']).execute();
  await db.schema.createIndex('media_url').on('media').column('url').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
