import { sql, type RawBuilder } from 'kysely';
import type { DocumentKind } from '@/domain/documents';
import { storedLayout } from './json-column';
import type { MediaFileKind } from '@/domain/media';
import { searchKey } from '@/domain/search';
import type { DbOrTrx } from './database';
import { toCount, type RowRange, type Slice } from './paging';
import { containsSearchKey } from './search-pattern';
import type { MediaRow, MediaUpdate, NewMediaRow } from './schema';

/** The media library's rows (docs/decisions/192-the-media-library.md). */

export interface MediaListOptions {
  kind?: MediaFileKind;
  /** Part of the title or the file name, in any case, with or without accents (searchKey). */
  search?: string;
  window?: RowRange;
}

/** The library, newest first. */
export async function listMedia(db: DbOrTrx, options: MediaListOptions): Promise<Slice<MediaRow>> {
  let query = db.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  let total = db.selectFrom('media').select((eb) => eb.fn.countAll().as('count'));
  if (options.kind) {
    query = query.where('kind', '=', options.kind);
    total = total.where('kind', '=', options.kind);
  }
  const { search } = options;
  if (search) {
    query = query.where((eb) => containsSearchKey(eb.ref('search_key'), search));
    total = total.where((eb) => containsSearchKey(eb.ref('search_key'), search));
  }
  if (options.window) query = query.limit(options.window.limit).offset(options.window.offset);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count) };
}

/**
 * One coordinate of the focal point of the image a column names, from the library item at that
 * address (null when the library holds none): a query's column, for the crops that keep it in view.
 */
export function focalOfImage(
  address: 'publications.featured_image' | 'biographies.photo',
  column: 'focal_x' | 'focal_y',
): RawBuilder<number | null> {
  return sql<number | null>`(select ${sql.ref(`media.${column}`)} from media where media.url = ${sql.ref(address)} limit 1)`;
}

/**
 * The library's image whose stored keys start with `stem` ('images/{uuid}'): its original's key
 * and its focal point, for the crops made around it (plugins/media.ts). The address is
 * `/media/{stem}.{ext}`.
 */
export async function libraryImageOfStem(db: DbOrTrx, stem: string): Promise<{ key: string; focus: { x: number; y: number } } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['url', 'focal_x', 'focal_y'])
    .where('kind', '=', 'image')
    // The original's extension is one of four (image-processing.ts FORMATS): an indexed lookup.
    .where(
      'url',
      'in',
      ['jpg', 'png', 'gif', 'webp'].map((extension) => `/media/${stem}.${extension}`),
    )
    .limit(1)
    .executeTakeFirst();
  return row && { key: row.url.slice('/media/'.length), focus: { x: row.focal_x, y: row.focal_y } };
}

/** The item at an address, if the library holds one. */
export async function findMediaByUrl(db: DbOrTrx, url: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('url', '=', url).limit(1).executeTakeFirst();
}

export async function findMedia(db: DbOrTrx, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

const keyOf = (title: string, fileName: string): string => searchKey(`${title} ${fileName}`);

/** Inserts with its search key, whatever the row carries (a row back from the trash may hold an older one). */
export async function insertMedia(db: DbOrTrx, row: NewMediaRow): Promise<MediaRow> {
  return db
    .insertInto('media')
    .values({ ...row, search_key: keyOf(row.title, row.file_name) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An edit: writes the patch and bumps the version; a new title or file name renews the search key. */
export async function updateMedia(db: DbOrTrx, id: number, patch: MediaUpdate): Promise<MediaRow | undefined> {
  const { search_key: _key, ...fields } = patch;
  const row = await db
    .updateTable('media')
    .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row || (fields.title === undefined && fields.file_name === undefined)) return row;
  const search_key = keyOf(row.title, row.file_name);
  await db.updateTable('media').set({ search_key }).where('id', '=', id).execute();
  return { ...row, search_key };
}

export async function deleteMedia(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Moves every live use of a file to its replacement's address, in the caller's transaction:
 * featured images, photos, and the layouts that name it (cells, and images inside rich text),
 * a document cell taking the new file's size and kind too. What uses it keeps its version and
 * gets no revision: the content is the same, only its file's address changed.
 */
export async function moveMediaAddress(
  db: DbOrTrx,
  from: string,
  to: string,
  facts: { size: number; format: DocumentKind | undefined },
): Promise<void> {
  await db.updateTable('publications').set({ featured_image: to }).where('featured_image', '=', from).execute();
  await db.updateTable('biographies').set({ photo: to }).where('photo', '=', from).execute();
  const named = await db.selectFrom('publications').select(['id', 'layout']).where('layout', 'like', `%${from}%`).execute();
  for (const { id, layout } of named) {
    const rows = storedLayout(layout).map((row) => ({
      ...row,
      cells: row.cells.map((cell) => {
        if (cell.type === 'text') return { ...cell, content: cell.content.split(from).join(to) };
        if (cell.content !== from) return cell;
        return cell.type === 'document'
          ? { ...cell, content: to, size: facts.size, ...(facts.format && { format: facts.format }) }
          : { ...cell, content: to };
      }),
    }));
    await db
      .updateTable('publications')
      .set({ layout: JSON.stringify(rows) })
      .where('id', '=', id)
      .execute();
  }
}
