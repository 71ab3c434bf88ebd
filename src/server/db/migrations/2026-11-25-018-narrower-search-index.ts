import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildSearchIndex } from '../search-repository';

// Frozen in what it changes: the public search's index takes less room
// (docs/decisions/218-search-on-postgresql-in-one-statement.md), so that a search for
// common words reads fewer pages.
//
// 1. On PostgreSQL the two stored tsvector columns go (each row carried its
//    tokens three times: as text, as the whole text's vector with every
//    position, and as the title's); the GIN indexes are built on the same
//    expressions instead, which the search's queries name.
// 2. Each publication's text keeps each token once (search/tokens.ts
//    searchEntryOf): no query needs positions or repeats. The index is derived
//    data, so it is rebuilt with the pipeline of the day, on both databases;
//    on PostgreSQL the rebuilt rows are also the narrow ones (dropping a column
//    rewrites no row).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const run = async (trx: Kysely<any>) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop index publication_search_vector`.execute(trx);
      await sql`drop index publication_search_title_vector`.execute(trx);
      await sql`alter table publication_search drop column vector, drop column title_vector`.execute(trx);
      await sql`create index publication_search_vector on publication_search
        using gin (to_tsvector('simple', title_tokens || ' ' || body_tokens))`.execute(trx);
      await sql`create index publication_search_title_vector on publication_search
        using gin (to_tsvector('simple', title_tokens))`.execute(trx);
    }
    await rebuildSearchIndex(trx);
  };
  // PostgreSQL's migrations run in one transaction already; SQLite's do not.
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index publication_search_vector`.execute(db);
  await sql`drop index publication_search_title_vector`.execute(db);
  await sql`alter table publication_search add column vector tsvector generated always as
    (to_tsvector('simple', title_tokens) || to_tsvector('simple', body_tokens)) stored`.execute(db);
  await sql`alter table publication_search add column title_vector tsvector generated always as
    (to_tsvector('simple', title_tokens)) stored`.execute(db);
  await sql`create index publication_search_vector on publication_search using gin (vector)`.execute(db);
  await sql`create index publication_search_title_vector on publication_search using gin (title_vector)`.execute(db);
}
