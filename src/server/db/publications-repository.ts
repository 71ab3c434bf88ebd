import type { ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from './database';
import { toCount, type Slice, type Window } from './paging';
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

export async function listPublications(db: DbOrTrx, options: { sectionId?: number; window?: Window }): Promise<Slice<PublicationWithSection>> {
  let query = withSection(db).orderBy('publications.order').orderBy('publications.id');
  let total = countJoined(db);
  if (options.sectionId !== undefined) {
    query = query.where('publications.section_id', '=', options.sectionId);
    total = total.where('publications.section_id', '=', options.sectionId);
  }
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count as string | number) };
}

export async function findPublication(db: DbOrTrx, id: number): Promise<PublicationWithSection | undefined> {
  return withSection(db).where('publications.id', '=', id).executeTakeFirst();
}

/**
 * What the public may see (DECISIONS.md): published, dated today or earlier,
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
  options: { today: string; sectionSlug?: string; window?: Window },
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

export async function insertPublication(db: DbOrTrx, row: NewPublicationRow): Promise<number> {
  const inserted = await db.insertInto('publications').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updatePublication(db: DbOrTrx, id: number, patch: PublicationUpdate): Promise<boolean> {
  const result = await db.updateTable('publications').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePublication(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('publications').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function publicationExists(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db.selectFrom('publications').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
