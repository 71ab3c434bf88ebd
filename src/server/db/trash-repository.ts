import type { CONTENT_KIND, ContentKind } from '@/domain/content-kinds';
import { ORDER_MAX } from '@/domain/limits';
import { storedLayout } from './json-column';
import { uniqueSlug } from '@/domain/slug';
import { deleteBiography, findBiography, insertBiography } from './biographies-repository';
import type { DbOrTrx } from './database';
import { nextOrder } from './ordering';
import { toCount, type RowRange, type Slice } from './paging';
import {
  deletePublication,
  deletePublicationsInSection,
  findPublicationRow,
  insertPublication,
  lastOrderInSection,
  publicationRowsInSection,
} from './publications-repository';
import { deleteMedia, findMedia, insertMedia } from './media-repository';
import type { BiographyRow, KindRow, MediaRow, PublicationRow, SectionRow, TrashRow } from './schema';
import { deleteSection, findSection, insertSection, slugsLike } from './sections-repository';

/**
 * The trash ('Papelera', docs/decisions/130-trash.md). A delete copies the
 * rows here and removes them from their tables, in the caller's transaction
 * (services.writeContent); a restore puts them back. Nothing here touches files:
 * the purge removes unused images once its transaction has committed.
 */

/** The rows of one delete, as they were stored, by collection: a section carries its publications. */
export type TrashContents = { [K in ContentKind as (typeof CONTENT_KIND)[K]['collection']]: KindRow<K>[] };

/** Who deleted: the signed-in administrator. */
export interface TrashActor {
  id: number | null;
  username: string;
}

/** An entry as the list shows it: everything but the rows themselves. */
export type TrashSummaryRow = Omit<TrashRow, 'data'>;

const SUMMARY_COLUMNS = ['id', 'kind', 'label', 'item_id', 'publication_count', 'deleted_at', 'deleted_by_id', 'deleted_by'] as const;

const contents = (partial: Partial<TrashContents>): TrashContents => ({
  publications: [],
  sections: [],
  biographies: [],
  media: [],
  ...partial,
});

export const contentsOf = (entry: Pick<TrashRow, 'data'>): TrashContents => contents(JSON.parse(entry.data) as Partial<TrashContents>);

async function insertEntry(
  trx: DbOrTrx,
  entry: { kind: ContentKind; label: string; item_id: number; contents: TrashContents; actor: TrashActor; now: string },
): Promise<number> {
  const { id } = await trx
    .insertInto('trash')
    .values({
      kind: entry.kind,
      label: entry.label,
      item_id: entry.item_id,
      data: JSON.stringify(entry.contents),
      publication_count: entry.kind === 'section' ? entry.contents.publications.length : 0,
      deleted_at: entry.now,
      deleted_by_id: entry.actor.id,
      deleted_by: entry.actor.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Moves a publication to the trash; false when there is none with this id. */
export async function trashPublication(trx: DbOrTrx, id: number, actor: TrashActor, now: string): Promise<boolean> {
  const row = await findPublicationRow(trx, id);
  if (!row) return false;
  await insertEntry(trx, { kind: 'publication', label: row.title, item_id: id, contents: contents({ publications: [row] }), actor, now });
  return deletePublication(trx, id);
}

/** Moves a biography to the trash; false when there is none with this id. */
export async function trashBiography(trx: DbOrTrx, id: number, actor: TrashActor, now: string): Promise<boolean> {
  const row = await findBiography(trx, id);
  if (!row) return false;
  await insertEntry(trx, { kind: 'biography', label: row.name, item_id: id, contents: contents({ biographies: [row] }), actor, now });
  return deleteBiography(trx, id);
}

/** Moves a library item to the trash (its file stays until the entry is purged and nothing names it). */
export async function trashMedia(trx: DbOrTrx, row: MediaRow, actor: TrashActor, now: string): Promise<boolean> {
  await insertEntry(trx, { kind: 'media', label: row.title, item_id: row.id, contents: contents({ media: [row] }), actor, now });
  return deleteMedia(trx, row.id);
}

/** Moves a section and every publication it holds to the trash, as one entry. */
export async function trashSection(trx: DbOrTrx, section: SectionRow, actor: TrashActor, now: string): Promise<void> {
  const publications = await publicationRowsInSection(trx, section.id);
  await insertEntry(trx, {
    kind: 'section',
    label: section.title,
    item_id: section.id,
    contents: contents({ sections: [section], publications }),
    actor,
    now,
  });
  // Publications first: they point at the section.
  await deletePublicationsInSection(trx, section.id);
  await deleteSection(trx, section.id);
}

/** The entries, newest first. */
export async function listTrash(db: DbOrTrx, window?: RowRange): Promise<Slice<TrashSummaryRow>> {
  let query = db.selectFrom('trash').select(SUMMARY_COLUMNS).orderBy('deleted_at', 'desc').orderBy('id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    db
      .selectFrom('trash')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, count: toCount(total?.count) };
}

export async function findTrashEntry(db: DbOrTrx, id: number): Promise<TrashRow | undefined> {
  return db.selectFrom('trash').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteTrashEntry(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Entries deleted before `deletedBefore` (ISO 8601), oldest first, at most `limit`. */
export async function expiredTrashIds(db: DbOrTrx, deletedBefore: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trash')
    .select('id')
    .where('deleted_at', '<', deletedBefore)
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The trash entry of a section, when the section with this id is there (its newest). */
export async function sectionEntry(db: DbOrTrx, sectionId: number): Promise<Pick<TrashRow, 'id' | 'label'> | undefined> {
  return db
    .selectFrom('trash')
    .select(['id', 'label'])
    .where('kind', '=', 'section')
    .where('item_id', '=', sectionId)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The newest trash entry of a publication that is there (a bulk action's way back). */
export async function publicationEntry(db: DbOrTrx, publicationId: number): Promise<Pick<TrashRow, 'id' | 'label'> | undefined> {
  return db
    .selectFrom('trash')
    .select(['id', 'label'])
    .where('kind', '=', 'publication')
    .where('item_id', '=', publicationId)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** What a restore did, or why it could not. */
export type RestoreOutcome =
  | { restored: { kind: ContentKind; id: number } }
  /** A publication whose section is itself in the trash: restore that first. */
  | { sectionInTrash: string }
  /** A publication whose section was purged or never comes back. */
  | { sectionGone: true };

/** A cell that named the publication by its old id names it by its new one. */
function layoutWithId(layout: string, from: number, to: number): string {
  if (from === to) return layout;
  const parsed = storedLayout(layout);
  for (const row of parsed) {
    for (const cell of row.cells) if (cell.publicationId === from) cell.publicationId = to;
  }
  return JSON.stringify(parsed);
}

/**
 * Puts a publication row back: with its own id when that is free (else a new
 * one), in `sectionId`, at `order`, its version raised (a restore is an edit).
 */
async function putPublicationBack(trx: DbOrTrx, row: PublicationRow, sectionId: number, order: number, now: string): Promise<number> {
  const idFree = (await findPublicationRow(trx, row.id)) === undefined;
  const { id: _id, ...rest } = row;
  const inserted = await insertPublication(trx, {
    ...rest,
    ...(idFree && { id: row.id }),
    section_id: sectionId,
    order,
    version: row.version + 1,
    updated_at: now,
  });
  if (inserted.id !== row.id) {
    const layout = layoutWithId(row.layout, row.id, inserted.id);
    if (layout !== row.layout) await trx.updateTable('publications').set({ layout }).where('id', '=', inserted.id).execute();
  }
  return inserted.id;
}

async function restorePublication(trx: DbOrTrx, row: PublicationRow, now: string): Promise<RestoreOutcome> {
  if (!(await findSection(trx, row.section_id))) {
    const entry = await sectionEntry(trx, row.section_id);
    return entry ? { sectionInTrash: entry.label } : { sectionGone: true };
  }
  // The end of its section; in a section now empty, the end of every list.
  const last = await lastOrderInSection(trx, row.section_id);
  const order = last === undefined ? await nextOrder(trx, 'publications') : Math.min(last + 1, ORDER_MAX);
  return { restored: { kind: 'publication', id: await putPublicationBack(trx, row, row.section_id, order, now) } };
}

async function restoreBiography(trx: DbOrTrx, row: BiographyRow, now: string): Promise<RestoreOutcome> {
  const idFree = (await findBiography(trx, row.id)) === undefined;
  const { id: _id, ...rest } = row;
  const inserted = await insertBiography(trx, {
    ...rest,
    ...(idFree && { id: row.id }),
    order: await nextOrder(trx, 'biographies'),
    version: row.version + 1,
    updated_at: now,
  });
  return { restored: { kind: 'biography', id: inserted.id } };
}

/** A library item comes back as it was, with its id if it is free. */
async function restoreMedia(trx: DbOrTrx, row: MediaRow, now: string): Promise<RestoreOutcome> {
  const idFree = (await findMedia(trx, row.id)) === undefined;
  const { id: _id, ...rest } = row;
  const inserted = await insertMedia(trx, { ...rest, ...(idFree && { id: row.id }), version: row.version + 1, updated_at: now });
  return { restored: { kind: 'media', id: inserted.id } };
}

/** A section goes to the end of the list; its publications come back as they were, in their own order. */
async function restoreSection(trx: DbOrTrx, row: SectionRow, publications: PublicationRow[], now: string): Promise<RestoreOutcome> {
  const idFree = (await findSection(trx, row.id)) === undefined;
  const { id: _id, ...rest } = row;
  const section = await insertSection(trx, {
    ...rest,
    ...(idFree && { id: row.id }),
    // Its slug, unless another section took it meanwhile (then slug-2, ... as on creation).
    slug: uniqueSlug(row.slug, await slugsLike(trx, row.slug)),
    order: await nextOrder(trx, 'sections'),
    version: row.version + 1,
    updated_at: now,
  });
  for (const publication of publications) await putPublicationBack(trx, publication, section.id, publication.order, now);
  return { restored: { kind: 'section', id: section.id } };
}

/** How each kind's entry comes back. */
const PUT_BACK: { [K in ContentKind]: (trx: DbOrTrx, rows: TrashContents, now: string) => Promise<RestoreOutcome> } = {
  section: (trx, rows, now) => restoreSection(trx, rows.sections[0], rows.publications, now),
  publication: (trx, rows, now) => restorePublication(trx, rows.publications[0], now),
  biography: (trx, rows, now) => restoreBiography(trx, rows.biographies[0], now),
  media: (trx, rows, now) => restoreMedia(trx, rows.media[0], now),
};

/** Puts an entry's rows back and removes the entry; run it inside writeContent. */
export async function restoreTrashEntry(trx: DbOrTrx, entry: TrashRow, now: string): Promise<RestoreOutcome> {
  const rows = contentsOf(entry);
  const outcome = await PUT_BACK[entry.kind](trx, rows, now);
  if ('restored' in outcome) await deleteTrashEntry(trx, entry.id);
  return outcome;
}
