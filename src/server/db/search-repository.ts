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
 * publication_search_fts; on PostgreSQL, generated tsvector columns ('simple'
 * configuration) of the whole text and of the title alone carry GIN indexes.
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
  await index.deleteFrom('publication_search').execute();
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
 */
export async function searchPublicPublications(db: DbOrTrx, options: PublicSearchOptions): Promise<Slice<SearchHit>> {
  const { tokens, today, window } = options;
  const index = withIndex(db);
  const postgres = isPostgres(db);

  const sections = await index.selectFrom('sections').select(['id', 'title']).where('is_active', '=', 1).execute();
  const sectionTokens = sections.map((section) => ({ id: section.id, tokens: new Set(textTokens(section.title)) }));
  const sectionsWith = (token: string) => sectionTokens.filter((section) => section.tokens.has(token)).map((section) => section.id);

  // Tokens are letters and digits only (search/tokens.ts), so they need no quoting beyond this.
  const inIndex = (tokensToFind: readonly string[], titleOnly: boolean): RawBuilder<SqlBool> => {
    if (postgres) {
      const query = tokensToFind.join(' & ');
      return titleOnly
        ? sql<SqlBool>`publication_search.title_vector @@ to_tsquery('simple', ${query})`
        : sql<SqlBool>`publication_search.vector @@ to_tsquery('simple', ${query})`;
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
  const titleMatch = inIndex(tokens, true);

  const matching = () => {
    let query = index
      .selectFrom('publications')
      .innerJoin('sections', 'sections.id', 'publications.section_id')
      .where('publications.status', '=', 'published')
      .where('publications.publish_date', '<=', today)
      .where('sections.is_active', '=', 1)
      .where(found);
    if (postgres) query = query.innerJoin('publication_search', 'publication_search.publication_id', 'publications.id');
    return query;
  };

  const [page, counted] = await Promise.all([
    matching()
      .select(['publications.id', titleMatch.as('title_match')])
      .orderBy('title_match', 'desc')
      .orderBy('publications.publish_date', 'desc')
      .orderBy('publications.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    matching()
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  if (page.length === 0) return { rows: [], count: toCount(counted?.count as string | number) };

  const rows = await index
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .selectAll('publications')
    .select(['sections.title as section_title', 'sections.slug as section_slug'])
    .where(
      'publications.id',
      'in',
      page.map((hit) => hit.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hits = page.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [{ ...row, title_match: Boolean(hit.title_match) }] : [];
  });
  return { rows: hits, count: toCount(counted?.count as string | number) };
}
