import { searchKey } from '@/domain/search';
import type { DbOrTrx } from './database';
import { toCount, type Slice, type RowRange } from './paging';
import { focalOfImage } from './media-repository';
import { containsSearchKey } from './search-pattern';
import type { BiographyRow, BiographyUpdate, NewBiographyRow } from './schema';

export interface BiographyListOptions {
  activeOnly: boolean;
  /** Part of the name, in any case, with or without accents: looked for in name_search (searchKey). */
  search?: string;
  window?: RowRange;
}

/** A biography as the lists read it: with its photo's focal point when the library holds the photo. */
export interface ListedBiography extends BiographyRow {
  photo_focal_x?: number | null;
  photo_focal_y?: number | null;
}

export async function listBiographies(db: DbOrTrx, options: BiographyListOptions): Promise<Slice<ListedBiography>> {
  let query = db
    .selectFrom('biographies')
    .selectAll()
    .select([
      focalOfImage('biographies.photo', 'focal_x').as('photo_focal_x'),
      focalOfImage('biographies.photo', 'focal_y').as('photo_focal_y'),
    ])
    .orderBy('order')
    .orderBy('id');
  let total = db.selectFrom('biographies').select((eb) => eb.fn.countAll().as('count'));
  if (options.activeOnly) {
    query = query.where('is_active', '=', 1);
    total = total.where('is_active', '=', 1);
  }
  const { search } = options;
  if (search) {
    query = query.where((eb) => containsSearchKey(eb.ref('name_search'), search));
    total = total.where((eb) => containsSearchKey(eb.ref('name_search'), search));
  }
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count) };
}

/** What the public search reads of a member of the faculty. */
export interface FacultyName {
  id: number;
  name: string;
  position: string;
}

/** The active biographies' names and positions (the faculty page's people), in its order: what the public search looks through. */
export async function listActiveFacultyNames(db: DbOrTrx): Promise<FacultyName[]> {
  return db
    .selectFrom('biographies')
    .select(['id', 'name', 'position'])
    .where('is_active', '=', 1)
    .orderBy('order')
    .orderBy('id')
    .execute();
}

export async function findBiography(db: DbOrTrx, id: number): Promise<BiographyRow | undefined> {
  return db.selectFrom('biographies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts with the name's search key, computed here whatever the row carries (a row back from the trash may hold an older one, or none). */
export async function insertBiography(db: DbOrTrx, row: NewBiographyRow): Promise<BiographyRow> {
  return db
    .insertInto('biographies')
    .values({ ...row, name_search: searchKey(row.name) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An edit: writes the patch and bumps the version (a reorder goes through db/ordering.ts and does not). A new name gets its search key. */
export async function updateBiography(db: DbOrTrx, id: number, patch: BiographyUpdate): Promise<BiographyRow | undefined> {
  const { name_search: _key, ...fields } = patch;
  return db
    .updateTable('biographies')
    .set((eb) => ({ ...fields, ...(fields.name !== undefined && { name_search: searchKey(fields.name) }), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteBiography(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('biographies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
