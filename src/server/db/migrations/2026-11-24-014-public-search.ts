import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchEntryOf } from '../../search/tokens';

/** Rows read and written at a time while filling the index. */
const BATCH = 500;

/** The path segments the public search, the feeds and the private previews take from this migration on. */
const NEWLY_RESERVED = ['buscar', 'feeds', 'vista-previa'];

// Frozen: the public search (docs/decisions/064-public-search.md) and the
// addresses it, the feeds and the private previews take.
//
// 1. A section whose slug is now one of the site's own paths (/buscar,
//    /feeds, /vista-previa) gets the first free suffix (-2, -3, ...), as a new
//    section with that title would: its list page would otherwise be shadowed.
// 2. publication_search holds each publication's tokens (search/tokens.ts),
//    written by the publications repository, gone with the publication. On
//    SQLite, triggers mirror it into the FTS5 table publication_search_fts
//    (external content: the tokens are stored once; detail=column, since no
//    query needs word positions); on PostgreSQL two generated tsvectors
//    ('simple': the tokens are already folded and stemmed), the whole text's
//    and the title's alone, each with a GIN index: a title match then never
//    reads the long one.
// 3. The existing publications are indexed, in batches, in one transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const run = async (trx: Kysely<any>) => {
    const taken = new Set((await trx.selectFrom('sections').select('slug').execute()).map((row: { slug: string }) => row.slug));
    for (const slug of NEWLY_RESERVED) {
      if (!taken.has(slug)) continue;
      let n = 2;
      while (taken.has(`${slug}-${n}`) || NEWLY_RESERVED.includes(`${slug}-${n}`)) n += 1;
      await trx
        .updateTable('sections')
        .set({ slug: `${slug}-${n}` })
        .where('slug', '=', slug)
        .execute();
      taken.add(`${slug}-${n}`);
    }

    await trx.schema
      .createTable('publication_search')
      .addColumn('publication_id', 'integer', (col) => col.primaryKey().references('publications.id').onDelete('cascade'))
      .addColumn('title_tokens', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('body_tokens', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    if (postgres) {
      await sql`alter table publication_search add column vector tsvector generated always as
        (to_tsvector('simple', title_tokens) || to_tsvector('simple', body_tokens)) stored`.execute(trx);
      await sql`alter table publication_search add column title_vector tsvector generated always as
        (to_tsvector('simple', title_tokens)) stored`.execute(trx);
      await sql`create index publication_search_vector on publication_search using gin (vector)`.execute(trx);
      await sql`create index publication_search_title_vector on publication_search using gin (title_vector)`.execute(trx);
    } else {
      await sql`create virtual table publication_search_fts using fts5(title_tokens, body_tokens,
        content='publication_search', content_rowid='publication_id', tokenize='unicode61', detail='column')`.execute(trx);
      await sql`create trigger publication_search_fts_insert after insert on publication_search begin
        insert into publication_search_fts(rowid, title_tokens, body_tokens) values (new.publication_id, new.title_tokens, new.body_tokens);
      end`.execute(trx);
      await sql`create trigger publication_search_fts_delete after delete on publication_search begin
        insert into publication_search_fts(publication_search_fts, rowid, title_tokens, body_tokens)
          values ('delete', old.publication_id, old.title_tokens, old.body_tokens);
      end`.execute(trx);
      await sql`create trigger publication_search_fts_update after update on publication_search begin
        insert into publication_search_fts(publication_search_fts, rowid, title_tokens, body_tokens)
          values ('delete', old.publication_id, old.title_tokens, old.body_tokens);
        insert into publication_search_fts(rowid, title_tokens, body_tokens) values (new.publication_id, new.title_tokens, new.body_tokens);
      end`.execute(trx);
    }

    let after = 0;
    for (;;) {
      const rows: { id: number; title: string; layout: string }[] = await trx
        .selectFrom('publications')
        .select(['id', 'title', 'layout'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      await trx
        .insertInto('publication_search')
        .values(rows.map((row) => ({ publication_id: row.id, ...searchEntryOf(row.title, row.layout) })))
        .execute();
      after = rows[rows.length - 1].id;
    }
  };
  // PostgreSQL's migrations run in one transaction already; SQLite's do not.
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) await sql`drop table if exists publication_search_fts`.execute(db);
  await db.schema.dropTable('publication_search').execute();
}
