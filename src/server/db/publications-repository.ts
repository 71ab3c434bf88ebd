import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { eventLastDay, type PublicationEvent } from '@/domain/events';
import { isListOrder, type ListOrder } from '@/domain/list-order';
import { isDescending, orderingField, type OrderingField, type PublicationOrdering } from '@/domain/publication-ordering';
import { storedImagesWithoutAlt, type ShownStatus } from '@/domain/publication-status';
import { searchKey } from '@/domain/search';
import { containsSearchKey } from './search-pattern';
import { focalOfImage } from './media-repository';
import { writeSearchEntry } from './search-repository';
import type { DbOrTrx } from './database';
import { toCount, type Slice, type RowRange } from './paging';
import type { Database, NewPublicationRow, PublicationRow, PublicationUpdate } from './schema';

/** A publication with the section fields its answers carry. */
export interface PublicationWithSection extends PublicationRow {
  section_title: string;
  section_slug: string;
  /** 1 when its section is visible: the shown status needs it (domain/publication-status.ts). Read by the admin's queries. */
  section_is_active?: number;
  /** The featured image's focal point when the library holds it (null otherwise): its crops keep it in view. */
  featured_focal_x?: number | null;
  featured_focal_y?: number | null;
}

function withSection(db: DbOrTrx) {
  return db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .selectAll('publications')
    .select(['sections.title as section_title', 'sections.slug as section_slug', 'sections.is_active as section_is_active'])
    .select([
      focalOfImage('publications.featured_image', 'focal_x').as('featured_focal_x'),
      focalOfImage('publications.featured_image', 'focal_y').as('featured_focal_y'),
    ]);
}

function countJoined(db: DbOrTrx) {
  return db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .select((eb) => eb.fn.countAll().as('count'));
}

/**
 * The event's columns as stored (docs/decisions/197), null for none; event_last_day goes with
 * them, so that no write can leave it behind the times it is read from.
 */
export function eventColumns(
  event: PublicationEvent | null,
): Pick<
  PublicationRow,
  'event_start' | 'event_end' | 'event_all_day' | 'event_location' | 'event_online_url' | 'event_registration_url' | 'event_last_day'
> {
  return {
    event_start: event?.start ?? null,
    event_end: event?.end ?? null,
    event_all_day: event?.all_day ? 1 : 0,
    event_location: event?.location ?? null,
    event_online_url: event?.online_url ?? null,
    event_registration_url: event?.registration_url ?? null,
    event_last_day: event ? eventLastDay(event) : null,
  };
}

/** The columns a publication's event is read from. */
export type EventColumns = Pick<
  PublicationRow,
  'event_start' | 'event_end' | 'event_all_day' | 'event_location' | 'event_online_url' | 'event_registration_url'
>;

/** A row's event, as stored (wall-clock times), or null. */
export function eventOfRow(row: EventColumns): PublicationEvent | null {
  if (row.event_start === null || row.event_start === undefined) return null;
  return {
    start: row.event_start,
    end: row.event_end,
    all_day: row.event_all_day === 1,
    location: row.event_location,
    online_url: row.event_online_url,
    registration_url: row.event_registration_url,
  };
}

/** The columns a list is sorted by (or what it computes from them), each ascending or descending, in turn. */
type SortColumn = `publications.${'order' | 'id' | 'is_featured' | 'publish_date' | 'event_start'}`;
type ListSort = readonly (readonly [SortColumn | Expression<unknown>, 'asc' | 'desc'])[];

/** The admin's list, and every list before sections chose their order: the dragged order. */
const DRAGGED: ListSort = [
  ['publications.order', 'asc'],
  ['publications.id', 'asc'],
];

/**
 * An 'event' list on `today`: upcoming events (last day today or later), soonest first;
 * then past ones, latest first; then the publications without an event, newest first.
 * 'Destacado' does not reorder it (docs/decisions/196, 197).
 */
function eventSort(today: string): ListSort {
  // 0 upcoming, 1 past, 2 without an event.
  const group = sql<number>`case when publications.event_start is null then 2 when publications.event_last_day >= ${today} then 0 else 1 end`;
  return [
    [group, 'asc'],
    [sql`case when publications.event_last_day >= ${today} then publications.event_start end`, 'asc'],
    [sql`case when publications.event_last_day < ${today} then publications.event_start end`, 'desc'],
    ['publications.publish_date', 'desc'],
    [sql`case when publications.event_last_day >= ${today} then publications.id end`, 'asc'],
    ['publications.id', 'desc'],
  ];
}

/** Characters a title's sort key leaves out where it starts: opening marks and quotes ('¿Qué es…?' sorts under Q). */
const TITLE_SORT_SKIPPED = ' ¿¡"\'«»“”‘’„([{-–—…·*#';

/**
 * The title's sort key: its stored search key (lower case, no accents), its leading marks left
 * out, compared by code point on both databases: SQLite's BINARY, PostgreSQL's "C" collation
 * (a database made with another locale would otherwise skip spaces and punctuation as it sorts).
 */
function titleSortKey(db: DbOrTrx): Expression<string> {
  const key = sql<string>`ltrim(publications.title_search, ${TITLE_SORT_SKIPPED})`;
  return db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`${key} collate "C"` : sql<string>`${key} collate binary`;
}

/**
 * The rank of a shown status on `today` (domain/publication-status.ts, publicState): 0 Borrador,
 * 1 Programado, 2 Publicado, 3 Archivado (any stored status it does not know reads Archivado).
 */
const shownStatusRank = (today: string) =>
  sql<number>`case when publications.status = 'draft' then 0 when publications.status = 'published' and publications.publish_date > ${today} then 1 when publications.status = 'published' then 2 else 3 end`;

/** The admin list sorted by a column (docs/decisions/200); the id, ascending, breaks every tie. */
function orderingSort(db: DbOrTrx, ordering: PublicationOrdering, today: string): ListSort {
  const direction = isDescending(ordering) ? 'desc' : 'asc';
  const sorts: Record<OrderingField, () => ListSort> = {
    // The undated ('No publicado') last either way: the nulls of the two databases sort apart.
    publish_date: () => [
      [sql<number>`case when publications.publish_date is null then 1 else 0 end`, 'asc'],
      ['publications.publish_date', direction],
    ],
    title: () => [[titleSortKey(db), direction]],
    status: () => [[shownStatusRank(today), direction]],
  };
  return [...sorts[orderingField(ordering)](), ['publications.id', 'asc']];
}

/** A public list's sort by its section's order (domain/list-order.ts) on `today`. */
const PUBLIC_SORTS: Record<ListOrder, (today: string) => ListSort> = {
  // Newest first: of two on the same day, the one entered later.
  date: () => [
    ['publications.is_featured', 'desc'],
    ['publications.publish_date', 'desc'],
    ['publications.id', 'desc'],
  ],
  manual: () => [['publications.is_featured', 'desc'], ...DRAGGED],
  event: eventSort,
};

function sortedBy<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, sort: ListSort): SelectQueryBuilder<DB, TB, O> {
  return sort.reduce(
    (sorted, [column, direction]) => sorted.orderBy(typeof column === 'string' ? sql.ref(column) : column, direction),
    query,
  );
}

/** A condition on publications alone, or on publications and their sections. */
type Filter<T extends 'publications' | 'sections'> = (eb: ExpressionBuilder<Database, 'publications' | T>) => Expression<SqlBool>;

/**
 * The rows of a list in its order (order, id), each with its section; with a
 * window, one page of them as a deferred join: the page's ids are chosen
 * first, by a query the indexes answer alone (publications_order,
 * publications_section_order_visibility, publications_order_search), and
 * only those rows are then read. Without it PostgreSQL reads and sorts every
 * row before the OFFSET, layouts included, to throw them away (docs/performance.md
 * "Ten thousand publications"). `ids` is the query that filters: on
 * publications alone when the filter needs nothing else, so that no join keeps
 * an index from answering it.
 */
async function inListOrder<Tables extends keyof Database>(
  db: DbOrTrx,
  filter: Filter<'sections'>,
  ids: (window: RowRange) => SelectQueryBuilder<Database, Tables, { id: number }>,
  window?: RowRange,
  sort: ListSort = DRAGGED,
): Promise<PublicationWithSection[]> {
  const rows = sortedBy(withSection(db), sort);
  if (!window) return rows.where(filter).execute();
  return rows.where('publications.id', 'in', ids(window)).execute();
}

export interface PublicationListOptions {
  sectionId?: number;
  /** Part of the title, in any case, with or without accents (searchKey). */
  search?: string;
  /** A shown status (domain/publication-status.ts) on `today`, YYYY-MM-DD in SITE_TIME_ZONE. */
  status?: { value: ShownStatus; today: string };
  /** Only those that announce an event ('Con evento'). */
  withEvent?: boolean;
  /** Sorted by a column on `today` (the status's rank needs it); without it, the manual order. */
  ordering?: { value: PublicationOrdering; today: string };
  window?: RowRange;
}

/**
 * The rows of a shown status, on publications alone (publications_status_order
 * answers it with the list's order): the rule of publicState, in SQL.
 * 'published' is exactly what the public sees today (publicFilter), its
 * section's visibility asked of the few sections rather than by a join.
 */
function shownStatusFilter(eb: ExpressionBuilder<Database, 'publications'>, { value, today }: { value: ShownStatus; today: string }) {
  switch (value) {
    case 'draft':
    case 'archived':
      return eb('publications.status', '=', value);
    case 'scheduled':
      return eb.and([eb('publications.status', '=', 'published'), eb('publications.publish_date', '>', today)]);
    case 'published':
      return eb.and([
        eb('publications.status', '=', 'published'),
        eb('publications.publish_date', '<=', today),
        eb('publications.section_id', 'in', eb.selectFrom('sections').select('sections.id').where('sections.is_active', '=', 1)),
      ]);
  }
}

/**
 * The admin list. The search looks for the term's searchKey (lower case, no
 * accents: domain/search.ts) in each title's, stored beside it in
 * title_search, with a plain LIKE: 'MÁSTER', 'máster' and 'master' find the
 * same titles on SQLite and PostgreSQL, and the count and the page's ids come
 * from publications_order_search without reading the rows. Sorted by a
 * column (`ordering`), the filtered rows' ids are sorted whole before the
 * page is cut: no index serves those orders, which a list of ten thousand
 * bears (docs/decisions/200).
 */
export async function listPublications(db: DbOrTrx, options: PublicationListOptions): Promise<Slice<PublicationWithSection>> {
  const { search } = options;
  // Columns of publications alone: every publication has a section (a foreign key), so the
  // join adds nothing to which rows match, and the count and the ids leave it out.
  const filter: Filter<never> = (eb) =>
    eb.and([
      ...(options.sectionId === undefined ? [] : [eb('publications.section_id', '=', options.sectionId)]),
      ...(search ? [containsSearchKey(eb.ref('publications.title_search'), search)] : []),
      ...(options.status ? [shownStatusFilter(eb, options.status)] : []),
      ...(options.withEvent ? [eb('publications.event_start', 'is not', null)] : []),
    ]);
  const sort = options.ordering ? orderingSort(db, options.ordering.value, options.ordering.today) : DRAGGED;
  const ids = (window: RowRange) =>
    sortedBy(db.selectFrom('publications').select('publications.id').where(filter), sort).limit(window.limit).offset(window.offset);
  const [rows, counted] = await Promise.all([
    inListOrder(db, filter, ids, options.window, sort),
    db
      .selectFrom('publications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(filter)
      .executeTakeFirst(),
  ]);
  return { rows, count: toCount(counted?.count) };
}

export async function countPublicationsInSection(db: DbOrTrx, sectionId: number): Promise<number> {
  const row = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return toCount(row?.count);
}

export async function findPublication(db: DbOrTrx, id: number): Promise<PublicationWithSection | undefined> {
  return withSection(db).where('publications.id', '=', id).executeTakeFirst();
}

/**
 * What the public may see (requirements §10.4): published, dated today or earlier,
 * in a visible section. `today` is YYYY-MM-DD, so text comparison is date order.
 */
function publicFilter(today: string, sectionSlug?: string): Filter<'sections'> {
  return (eb) =>
    eb.and([
      eb('publications.status', '=', 'published'),
      eb('publications.publish_date', '<=', today),
      eb('sections.is_active', '=', 1),
      ...(sectionSlug === undefined ? [] : [eb('sections.slug', '=', sectionSlug)]),
    ]);
}

/** The order of a section's public list (domain/list-order.ts); the whole site's is by date. */
async function publicListOrder(db: DbOrTrx, sectionSlug: string | undefined): Promise<ListOrder> {
  if (sectionSlug === undefined) return 'date';
  const section = await db.selectFrom('sections').select('list_order').where('slug', '=', sectionSlug).executeTakeFirst();
  return isListOrder(section?.list_order) ? section.list_order : 'date';
}

/** Public publications, of one section (by slug) or of all, in the section's list order. */
export async function listPublicPublications(
  db: DbOrTrx,
  options: { today: string; sectionSlug?: string; window?: RowRange },
): Promise<Slice<PublicationWithSection> & { listOrder: ListOrder }> {
  const filter = publicFilter(options.today, options.sectionSlug);
  const listOrder = await publicListOrder(db, options.sectionSlug);
  const sort = PUBLIC_SORTS[listOrder](options.today);
  const ids = (window: RowRange) =>
    sortedBy(
      db.selectFrom('publications').innerJoin('sections', 'sections.id', 'publications.section_id').select('publications.id').where(filter),
      sort,
    )
      .limit(window.limit)
      .offset(window.offset);
  const [rows, counted] = await Promise.all([
    inListOrder(db, filter, ids, options.window, sort),
    countJoined(db).where(filter).executeTakeFirst(),
  ]);
  return { rows, count: toCount(counted?.count), listOrder };
}

/**
 * Public publications with an event whose last day is `from` or later, soonest start first:
 * the site's upcoming events (`from` today: the home page's 'Próximo evento'), and the
 * calendar's (`from` a year ago). Answered from publications_event.
 */
export async function listPublicEvents(
  db: DbOrTrx,
  options: { today: string; from: string; window?: RowRange },
): Promise<Slice<PublicationWithSection>> {
  const filter: Filter<'sections'> = (eb) =>
    eb.and([
      publicFilter(options.today)(eb),
      eb('publications.event_start', 'is not', null),
      eb('publications.event_last_day', '>=', options.from),
    ]);
  const sort: ListSort = [
    ['publications.event_start', 'asc'],
    ['publications.id', 'asc'],
  ];
  const [rows, counted] = await Promise.all([
    (options.window
      ? sortedBy(withSection(db).where(filter), sort).limit(options.window.limit).offset(options.window.offset)
      : sortedBy(withSection(db).where(filter), sort)
    ).execute(),
    countJoined(db).where(filter).executeTakeFirst(),
  ]);
  return { rows, count: toCount(counted?.count) };
}

/** What the sitemap writes of a public publication: its address and its dates. */
export interface PublicPublicationAddress {
  id: number;
  section_slug: string;
  updated_at: string;
  publish_date: string | null;
}

/**
 * Every public publication's address and dates, in the lists' order: the
 * sitemap's rows, without the layouts and the other columns it never writes.
 */
export async function listPublicPublicationAddresses(db: DbOrTrx, today: string): Promise<PublicPublicationAddress[]> {
  return db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .select(['publications.id', 'sections.slug as section_slug', 'publications.updated_at', 'publications.publish_date'])
    .where(publicFilter(today))
    .orderBy('publications.order')
    .orderBy('publications.id')
    .execute();
}

export async function findPublicPublication(db: DbOrTrx, id: number, today: string): Promise<PublicationWithSection | undefined> {
  return withSection(db).where('publications.id', '=', id).where(publicFilter(today)).executeTakeFirst();
}

/**
 * Inserts and answers the row as findPublication does, with its section. The
 * title's search key is computed here, whatever the row carries (a row back
 * from the trash may hold one from an older searchKey, or none).
 */
export async function insertPublication(db: DbOrTrx, row: NewPublicationRow): Promise<PublicationWithSection> {
  const { id } = await db
    .insertInto('publications')
    .values({ ...row, title_search: searchKey(row.title), images_without_alt: storedImagesWithoutAlt(row.layout) })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The public search's index follows every write (search-repository.ts).
  await writeSearchEntry(db, id, row.title, row.layout ?? '[]');
  return withSection(db).where('publications.id', '=', id).executeTakeFirstOrThrow();
}

/**
 * An edit: writes the patch, bumps the version and answers the row with its
 * section (undefined when there is none). A new title gets its search key;
 * the key is never written apart from its title.
 */
export async function updatePublication(db: DbOrTrx, id: number, patch: PublicationUpdate): Promise<PublicationWithSection | undefined> {
  const { title_search: _key, images_without_alt: _images, ...fields } = patch;
  const result = await db
    .updateTable('publications')
    .set((eb) => ({
      ...fields,
      ...(fields.title !== undefined && { title_search: searchKey(fields.title) }),
      // What 'Pendiente de revisar' reads, derived from the layout it counts.
      ...(fields.layout !== undefined && { images_without_alt: storedImagesWithoutAlt(fields.layout) }),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const updated = await findPublication(db, id);
  // The public search's index follows every write of what it reads (search-repository.ts).
  if (updated && (fields.title !== undefined || fields.layout !== undefined)) await writeSearchEntry(db, id, updated.title, updated.layout);
  return updated;
}

export async function deletePublication(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('publications').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function publicationExists(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db.selectFrom('publications').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A section's publications as stored (no section fields), in their order: what the trash keeps of them. */
export async function publicationRowsInSection(db: DbOrTrx, sectionId: number): Promise<PublicationRow[]> {
  return db.selectFrom('publications').selectAll().where('section_id', '=', sectionId).orderBy('order').orderBy('id').execute();
}

/** One publication as stored, without its section's fields. */
export async function findPublicationRow(db: DbOrTrx, id: number): Promise<PublicationRow | undefined> {
  return db.selectFrom('publications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deletePublicationsInSection(db: DbOrTrx, sectionId: number): Promise<void> {
  await db.deleteFrom('publications').where('section_id', '=', sectionId).execute();
}

/** The highest order within one section, or undefined when it holds none: a restored publication goes after it. */
export async function lastOrderInSection(db: DbOrTrx, sectionId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.max('order').as('max'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? undefined : Number(row.max);
}
