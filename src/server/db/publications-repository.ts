import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from './database';
import { toCount, type Slice, type RowRange } from './paging';
import type { Database, NewPublicationRow, PublicationRow, PublicationUpdate } from './schema';

/** A publication with the section fields its answers carry. */
export interface PublicationWithSection extends PublicationRow {
  section_title: string;
  section_slug: string;
}

function withSection(db: DbOrTrx) {
  return db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .selectAll('publications')
    .select(['sections.title as section_title', 'sections.slug as section_slug']);
}

function countJoined(db: DbOrTrx) {
  return db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .select((eb) => eb.fn.countAll().as('count'));
}

/** LIKE's wildcards taken literally, with backslash as the escape character. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PublicationListOptions {
  sectionId?: number;
  /** Case-insensitive part of the title. */
  search?: string;
  window?: RowRange;
}

/**
 * The admin list. The search lowers both sides with lower(), which SQLite
 * answers with JavaScript's toLowerCase (db/database.ts) and PostgreSQL with
 * its own, so 'MÁSTER' finds 'máster' on both.
 */
export async function listPublications(db: DbOrTrx, options: PublicationListOptions): Promise<Slice<PublicationWithSection>> {
  const search = options.search ? `%${likeLiteral(options.search.toLowerCase())}%` : undefined;
  const filter = (eb: ExpressionBuilder<Database, 'publications' | 'sections'>) =>
    eb.and([
      ...(options.sectionId === undefined ? [] : [eb('publications.section_id', '=', options.sectionId)]),
      ...(search === undefined ? [] : [sql<boolean>`lower(${eb.ref('publications.title')}) like ${search} escape '\\'`]),
    ]);
  let query = withSection(db).where(filter).orderBy('publications.order').orderBy('publications.id');
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), countJoined(db).where(filter).executeTakeFirst()]);
  return { rows, count: toCount(counted?.count as string | number) };
}

export async function countPublicationsInSection(db: DbOrTrx, sectionId: number): Promise<number> {
  const row = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return toCount(row?.count as string | number);
}

export async function findPublication(db: DbOrTrx, id: number): Promise<PublicationWithSection | undefined> {
  return withSection(db).where('publications.id', '=', id).executeTakeFirst();
}

/**
 * What the public may see (requirements §10.4): published, dated today or earlier,
 * in a visible section. `today` is YYYY-MM-DD, so text comparison is date order.
 */
function publicFilter(today: string, sectionSlug?: string) {
  return (eb: ExpressionBuilder<Database, 'publications' | 'sections'>) =>
    eb.and([
      eb('publications.status', '=', 'published'),
      eb('publications.publish_date', '<=', today),
      eb('sections.is_active', '=', 1),
      ...(sectionSlug === undefined ? [] : [eb('sections.slug', '=', sectionSlug)]),
    ]);
}

/** Public publications, of one section (by slug) or of all. */
export async function listPublicPublications(
  db: DbOrTrx,
  options: { today: string; sectionSlug?: string; window?: RowRange },
): Promise<Slice<PublicationWithSection>> {
  const filter = publicFilter(options.today, options.sectionSlug);
  let query = withSection(db).where(filter).orderBy('publications.order').orderBy('publications.id');
  const total = countJoined(db).where(filter);
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count as string | number) };
}

export async function findPublicPublication(db: DbOrTrx, id: number, today: string): Promise<PublicationWithSection | undefined> {
  return withSection(db).where('publications.id', '=', id).where(publicFilter(today)).executeTakeFirst();
}

/** Inserts and answers the row as findPublication does, with its section. */
export async function insertPublication(db: DbOrTrx, row: NewPublicationRow): Promise<PublicationWithSection> {
  const { id } = await db.insertInto('publications').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findPublication(db, id)) as PublicationWithSection;
}

/** An edit: writes the patch, bumps the version and answers the row with its section (undefined when there is none). */
export async function updatePublication(db: DbOrTrx, id: number, patch: PublicationUpdate): Promise<PublicationWithSection | undefined> {
  const result = await db
    .updateTable('publications')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? findPublication(db, id) : undefined;
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
