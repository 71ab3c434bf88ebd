import type { DbOrTrx } from './database';
import { toCount, type Slice, type RowRange } from './paging';
import type { NewSectionRow, SectionRow, SectionUpdate } from './schema';

export async function listSections(db: DbOrTrx, window?: RowRange): Promise<Slice<SectionRow>> {
  let query = db.selectFrom('sections').selectAll().orderBy('order').orderBy('id');
  if (window) query = query.limit(window.limit).offset(window.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    db
      .selectFrom('sections')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, count: toCount(total?.count) };
}

export async function findSection(db: DbOrTrx, id: number): Promise<SectionRow | undefined> {
  return db.selectFrom('sections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Slugs already taken that start with `base` (the candidates uniqueSlug must avoid). */
export async function slugsLike(db: DbOrTrx, base: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sections').select('slug').where('slug', 'like', `${base}%`).execute();
  return new Set(rows.map((row) => row.slug));
}

export async function insertSection(db: DbOrTrx, row: NewSectionRow): Promise<SectionRow> {
  return db.insertInto('sections').values(row).returningAll().executeTakeFirstOrThrow();
}

/** An edit: writes the patch and bumps the version (a reorder goes through db/ordering.ts and does not). */
export async function updateSection(db: DbOrTrx, id: number, patch: SectionUpdate): Promise<SectionRow | undefined> {
  return db
    .updateTable('sections')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSection(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sections').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countSections(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('sections')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}

/** The visible sections' slugs and titles, in the admin's order: what the public navigation and sitemap show. */
export async function listVisibleSectionLinks(db: DbOrTrx): Promise<{ slug: string; title: string }[]> {
  return db.selectFrom('sections').select(['slug', 'title']).where('is_active', '=', 1).orderBy('order').orderBy('id').execute();
}
