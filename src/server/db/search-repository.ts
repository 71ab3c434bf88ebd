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
 * configuration) of the whole text and of the title alone (migration 018).
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
 * Three short queries rather than one that sorts every match (docs/performance.md
 * "Public search"): a search for common words matches thousands of publications,
 * and ordering all of them by title match to keep twelve cost more than
 * everything else together.
 * 1. One pass over the public publications (the covering index of status,
 *    date, id and section) counts the matches and, among them, the title
 *    matches: the page's `count`, and where the title matches end.
 * 2. The page's title matches, walking that index newest first: it stops at
 *    the twelfth, with no sort.
 * 3. When the page goes past them, the other matches, the same way.
 */
export async function searchPublicPublications(db: DbOrTrx, options: PublicSearchOptions): Promise<Slice<SearchHit>> {
  const { tokens, today, window } = options;
  const index = withIndex(db);
  const postgres = isPostgres(db);

  const sections = await index.selectFrom('sections').select(['id', 'title']).where('is_active', '=', 1).execute();
  if (sections.length === 0) return { rows: [], count: 0 };
  const visible = sections.map((section) => section.id);
  const sectionTokens = sections.map((section) => ({ id: section.id, tokens: new Set(textTokens(section.title)) }));
  const sectionsWith = (token: string) => sectionTokens.filter((section) => section.tokens.has(token)).map((section) => section.id);

  // The publications whose index entry holds every one of these tokens (in the title alone, or anywhere).
  // Tokens are letters and digits only (search/tokens.ts), so they need no quoting beyond this.
  const inIndex = (tokensToFind: readonly string[], titleOnly: boolean): RawBuilder<SqlBool> => {
    if (postgres) {
      const query = tokensToFind.join(' & ');
      // The expressions of the GIN indexes (migration 018), word for word, or the index is not used.
      return titleOnly
        ? sql<SqlBool>`publications.id in (select publication_id from publication_search
            where to_tsvector('simple', title_tokens) @@ to_tsquery('simple', ${query}))`
        : sql<SqlBool>`publications.id in (select publication_id from publication_search
            where to_tsvector('simple', title_tokens || ' ' || body_tokens) @@ to_tsquery('simple', ${query}))`;
    }
    const query = tokensToFind.map((token) => `${titleOnly ? 'title_tokens : ' : ''}"${token}"`).join(' AND ');
    return sql<SqlBool>`publications.id in (select rowid from publication_search_fts where publication_search_fts match ${query})`;
  };

  const bySection = tokens.map((token) => sectionsWith(token));
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

  const countOn = (on: Kysely<SearchDatabase>) =>
    on
      .selectFrom('publications')
      .where('publications.status', '=', 'published')
      .where('publications.publish_date', '<=', today)
      .where('publications.section_id', 'in', visible)
      .where(found)
      .select((eb) => [
        eb.fn.countAll().as('count'),
        sql<number | string | null>`sum(case when ${titleMatch} then 1 else 0 end)`.as('titles'),
      ])
      .executeTakeFirst();
  // PostgreSQL's planner prices a tsvector match like an integer comparison and
  // leaves out reading (and decompressing) each long vector, so for a common
  // word it reads every row's vector rather than the GIN index's posting lists,
  // which hold the answer: about three times slower at 10,000 publications.
  // Inside this transaction alone, the table is read through the index.
  const counted =
    postgres && !db.isTransaction
      ? await index.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return countOn(trx);
        })
      : await countOn(index);
  const count = toCount(counted?.count as string | number);
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

  const { limit, offset } = window;
  const ids: { id: number; title_match: boolean }[] = [];
  if (offset < titles) {
    for (const { id } of await newestFirst(titleMatch, Math.min(limit, titles - offset), offset)) ids.push({ id, title_match: true });
  }
  if (ids.length < limit && offset + ids.length < count) {
    const others = await newestFirst(sql<SqlBool>`(${found} and not ${titleMatch})`, limit - ids.length, Math.max(0, offset - titles));
    for (const { id } of others) ids.push({ id, title_match: false });
  }
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
