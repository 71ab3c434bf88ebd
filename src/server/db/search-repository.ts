import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Layout } from '@/domain/entities';
import { searchEntryOf, textTokens } from '../search/tokens';
import type { DbOrTrx } from './database';
import { toCount, type RowRange, type Slice } from './paging';
import type { Database, PublicationRow } from './schema';

/**
 * The public search's index (docs/decisions/064-public-search.md): one row per
 * publication in publication_search with the tokens of its title and of its
 * text cells (search/tokens.ts), written by the publications repository with
 * every insert and every edit of a title or a layout, and gone with its
 * publication (a foreign key that cascades). The databases index those
 * tokens themselves: on SQLite, triggers mirror the table into the FTS5 table
 * publication_search_fts; on PostgreSQL, GIN indexes on the tsvectors ('simple'
 * configuration) of the whole text and of the title alone (migration 018), of
 * the published entries alone, each entry carrying what the public rule reads
 * of its publication, kept by triggers (migration 019).
 *
 * Derived data: the backup leaves these tables out (isSearchIndexTable) and a
 * restore rebuilds them (rebuildSearchIndex).
 */

/** The tables of the index: publication_search, and on SQLite the FTS5 table and its shadow tables. */
export const isSearchIndexTable = (name: string): boolean => name === 'publication_search' || name.startsWith('publication_search_fts');

interface PublicationSearchTable {
  publication_id: number;
  title_tokens: string;
  body_tokens: string;
}

type SearchDatabase = Database & { publication_search: PublicationSearchTable };

const withIndex = (db: DbOrTrx) => db as unknown as Kysely<SearchDatabase>;

const isPostgres = (db: DbOrTrx) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Writes (or rewrites) a publication's entry: its title's and its text's tokens. */
export async function writeSearchEntry(db: DbOrTrx, publicationId: number, title: string, layout: Layout | string): Promise<void> {
  const entry = searchEntryOf(title, layout);
  await withIndex(db)
    .insertInto('publication_search')
    .values({ publication_id: publicationId, ...entry })
    .onConflict((oc) => oc.column('publication_id').doUpdateSet(entry))
    .execute();
}

/** Rows read and written at a time by a rebuild. */
const REBUILD_BATCH = 500;

/**
 * Every publication's entry computed again from its title and layout: after a
 * restore (the archive holds no index) or a change of the pipeline.
 */
export async function rebuildSearchIndex(db: DbOrTrx): Promise<void> {
  const index = withIndex(db);
  // On PostgreSQL a truncate starts the table afresh, so the new rows lie close together (rows
  // deleted and written in one transaction would leave the new ones spread over the old pages' gaps,
  // and a search read as many pages as before); on SQLite the delete also empties the FTS5 table, by its triggers.
  if (isPostgres(db)) await sql`truncate publication_search`.execute(db);
  else await index.deleteFrom('publication_search').execute();
  let after = 0;
  for (;;) {
    const rows = await index
      .selectFrom('publications')
      .select(['id', 'title', 'layout'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    if (rows.length === 0) return;
    await index
      .insertInto('publication_search')
      .values(rows.map((row) => ({ publication_id: row.id, ...searchEntryOf(row.title, row.layout) })))
      .execute();
    after = rows[rows.length - 1].id;
  }
}

/** A public search's hit: the publication with its section, and whether its title alone holds every word. */
export type SearchHit = PublicationRow & { section_title: string; section_slug: string; title_match: boolean };

export interface PublicSearchOptions {
  /** The query's tokens (search/tokens.ts queryTokens): at least one. */
  tokens: readonly string[];
  /** YYYY-MM-DD in SITE_TIME_ZONE: what is dated after it is not public yet. */
  today: string;
  window: RowRange;
}

/** What both engines' searches are given: the query, the public rule's values and the page asked for. */
interface PageSearch {
  tokens: readonly string[];
  today: string;
  /** The visible sections' ids (at least one). */
  visible: number[];
  /** For each token, the visible sections whose title holds it (those sections' publications match it). */
  bySection: number[][];
  window: RowRange;
}

/** One page of matches, in the search's order, and how many there are in all. */
interface PageOfIds {
  ids: { id: number; title_match: boolean }[];
  count: number;
}

/**
 * The public publications (published, dated today or earlier, in a visible
 * section: the rule of every public list, applied here at query time, so that
 * a scheduled publication is found from its midnight without any write) in
 * which every token of the query is found, in the title, the text cells or the
 * section's title. Title matches first, then the newest publication date,
 * then the highest id: the same order on both databases.
 *
 * Section titles are matched here rather than indexed with every publication:
 * sections are few, and renaming or hiding one then needs no rewrite.
 *
 * Each engine finds the page its own way (pageOnSqlite: docs/decisions/067-search-at-scale.md;
 * pageOnPostgres: docs/decisions/218-search-on-postgresql-in-one-statement.md); the page's rows are read here.
 */
export async function searchPublicPublications(db: DbOrTrx, options: PublicSearchOptions): Promise<Slice<SearchHit>> {
  const { tokens, today, window } = options;
  const index = withIndex(db);

  const sections = await index.selectFrom('sections').select(['id', 'title']).where('is_active', '=', 1).execute();
  if (sections.length === 0) return { rows: [], count: 0 };
  const sectionTokens = sections.map((section) => ({ id: section.id, tokens: new Set(textTokens(section.title)) }));
  const search: PageSearch = {
    tokens,
    today,
    visible: sections.map((section) => section.id),
    bySection: tokens.map((token) => sectionTokens.filter((section) => section.tokens.has(token)).map((section) => section.id)),
    window,
  };
  const { ids, count } = isPostgres(db) ? await pageOnPostgres(index, search) : await pageOnSqlite(index, search);
  if (ids.length === 0) return { rows: [], count };

  const rows = await index
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .selectAll('publications')
    .select(['sections.title as section_title', 'sections.slug as section_slug'])
    .where(
      'publications.id',
      'in',
      ids.map((hit) => hit.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hits = ids.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [{ ...row, title_match: hit.title_match }] : [];
  });
  return { rows: hits, count };
}

/**
 * SQLite: three short statements rather than one that sorts every match (a
 * search for common words matches thousands of publications, and ordering all
 * of them by title match to keep twelve cost more than everything else together).
 * 1. One pass over the public publications (the covering index of status,
 *    date, id and section) counts the matches and, among them, the title
 *    matches: the page's `count`, and where the title matches end.
 * 2. The page's title matches, walking that index newest first: it stops at
 *    the twelfth, with no sort.
 * 3. When the page goes past them, the other matches, the same way.
 */
async function pageOnSqlite(index: Kysely<SearchDatabase>, search: PageSearch): Promise<PageOfIds> {
  const { tokens, today, visible, bySection } = search;
  // The publications whose FTS5 entry holds every one of these tokens (in the title alone, or anywhere).
  // Tokens are letters and digits only (search/tokens.ts), so they need no quoting beyond this.
  const inIndex = (tokensToFind: readonly string[], titleOnly: boolean): RawBuilder<SqlBool> => {
    const query = tokensToFind.map((token) => `${titleOnly ? 'title_tokens : ' : ''}"${token}"`).join(' AND ');
    return sql<SqlBool>`publications.id in (select rowid from publication_search_fts where publication_search_fts match ${query})`;
  };
  const found: RawBuilder<SqlBool> = bySection.every((ids) => ids.length === 0)
    ? inIndex(tokens, false)
    : sql<SqlBool>`(${sql.join(
        tokens.map((token, i) =>
          bySection[i].length === 0
            ? inIndex([token], false)
            : sql`(${inIndex([token], false)} or publications.section_id in (${sql.join(bySection[i])}))`,
        ),
        sql` and `,
      )})`;
  // Every token in the title: such a publication is also found.
  const titleMatch = inIndex(tokens, true);

  // Every column here is in publications_status_date (status, publish_date, id, section_id).
  const publicOnes = () =>
    index
      .selectFrom('publications')
      .where('publications.status', '=', 'published')
      .where('publications.publish_date', '<=', today)
      .where('publications.section_id', 'in', visible);

  const counted = await publicOnes()
    .where(found)
    .select((eb) => [eb.fn.countAll().as('count'), sql<number | null>`sum(case when ${titleMatch} then 1 else 0 end)`.as('titles')])
    .executeTakeFirst();
  const count = toCount(counted?.count);
  const titles = toCount(counted?.titles);

  const newestFirst = (matching: RawBuilder<SqlBool>, limit: number, offset: number) =>
    publicOnes()
      .where(matching)
      .select('publications.id')
      .orderBy('publications.publish_date', 'desc')
      .orderBy('publications.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();

  const { limit, offset } = search.window;
  const ids: PageOfIds['ids'] = [];
  if (offset < titles) {
    for (const { id } of await newestFirst(titleMatch, Math.min(limit, titles - offset), offset)) ids.push({ id, title_match: true });
  }
  if (ids.length < limit && offset + ids.length < count) {
    const others = await newestFirst(sql<SqlBool>`(${found} and not ${titleMatch})`, limit - ids.length, Math.max(0, offset - titles));
    for (const { id } of others) ids.push({ id, title_match: false });
  }
  return { ids, count };
}

/**
 * PostgreSQL: one statement. The index entries hold what the public rule reads
 * of their publication (migration 019), so the public matches are the rows the
 * GIN index points at, filtered where they lie, with no join; they are gathered
 * once, then counted and the page kept with a top-N sort. The count comes back
 * even for a page past the last.
 *
 * The other index queries (the title's, and a word a section's title holds)
 * run by themselves as materialized CTEs, read whole through their GIN index
 * and hashed: tested row by row, each row's vector would be computed again
 * (about 40 µs), and the planner does not know it.
 */
async function pageOnPostgres(index: Kysely<SearchDatabase>, search: PageSearch): Promise<PageOfIds> {
  const { tokens, today, visible, bySection } = search;
  // The GIN indexes' expressions (migration 018), word for word, or the index is not used. Tokens are
  // letters and digits only (search/tokens.ts), so joined with ' & ' they make a valid tsquery.
  const inText = (tokensToFind: readonly string[]) =>
    sql`to_tsvector('simple', title_tokens || ' ' || body_tokens) @@ to_tsquery('simple', ${tokensToFind.join(' & ')})`;
  const inTitle = sql`to_tsvector('simple', title_tokens) @@ to_tsquery('simple', ${tokens.join(' & ')})`;

  // The tokens no section title holds are looked up together; each of the others alone, since a
  // publication in a section whose title holds it matches it without the index.
  const plain = tokens.filter((_, i) => bySection[i].length === 0);
  // `status = 'published'` in every one: the GIN indexes hold the published entries alone (migration 019).
  const ctes = [
    sql`titled as materialized (select publication_id as id from publication_search where status = 'published' and ${inTitle})`,
  ];
  const conditions = plain.length > 0 ? [inText(plain)] : [];
  tokens.forEach((token, i) => {
    if (bySection[i].length === 0) return;
    const name = sql.id(`found_${i}`);
    ctes.push(
      sql`${name} as materialized (select publication_id as id from publication_search where status = 'published' and ${inText([token])})`,
    );
    conditions.push(sql`(section_id in (${sql.join(bySection[i])}) or publication_id in (select id from ${name}))`);
  });

  const { limit, offset } = search.window;
  const statement = sql<{ count: string; id: number | null; title_match: boolean | null }>`
    with ${sql.join(ctes)},
    hits as materialized (
      select publication_id as id, publish_date, publication_id in (select id from titled) as title_match
      from publication_search
      where status = 'published' and publish_date <= ${today}::date and section_id in (${sql.join(visible)})
        and ${sql.join(conditions, sql` and `)}
    )
    select counts.count, page.id, page.title_match
    from (select count(*) as count from hits) counts
    left join (
      select id, title_match from hits order by title_match desc, publish_date desc, id desc limit ${limit} offset ${offset}
    ) page on true`;
  // PostgreSQL underprices computing a row's vector (to_tsvector costs it 100 operators; it takes
  // about 40 µs), so for a word in nearly every publication it would scan the table computing every
  // row's (350 ms at 10,000) rather than read the GIN index (4 ms). Inside this transaction alone,
  // the table is read through the index; inside a caller's, the statement runs as it is.
  const { rows } = index.isTransaction
    ? await statement.execute(index)
    : await index.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return statement.execute(trx);
      });
  return {
    count: toCount(rows[0]?.count),
    ids: rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, title_match: row.title_match === true }])),
  };
}
