import { Type } from 'typebox';
import { jsonColumn } from './json-column';
import type { ContentKind } from '@/domain/content-kinds';
import { REVISIONS_KEPT, REVISIONS_KEPT_DAYS } from '@/domain/history';
import type { DbOrTrx } from './database';
import { toCount, type RowRange, type Slice } from './paging';
import type { RevisionRow } from './schema';

/**
 * The history of publications, sections and biographies ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md). Revisions are written in
 * the transaction of the save they record (services.writeContent), which
 * holds the content write lock: the next number is read and taken without
 * another save of the same item in between.
 */

/** What every kind's kept record (`revisions.data`: the item as its admin GET answered) has; the rest is the kind's. */
const StoredRecord = Type.Object({ id: Type.Integer(), version: Type.Integer() });

/** A revision's record, checked for what every kind's has. */
export const storedRecord = jsonColumn(StoredRecord, 'revisions.data');

/** A revision's summary (`revisions.summary`): what changed, in short Spanish lines. */
export const storedSummary = jsonColumn(Type.Array(Type.String()), 'revisions.summary');

const DAY_MS = 24 * 60 * 60 * 1000;

/** A revision as the history lists it: everything but the record. */
export type RevisionSummaryRow = Omit<RevisionRow, 'data'>;

const SUMMARY_COLUMNS = ['id', 'kind', 'item_id', 'number', 'created_at', 'author_id', 'author', 'summary', 'restored_from'] as const;

export interface NewRevision {
  kind: ContentKind;
  itemId: number;
  /** The record as the item's admin GET answers it. */
  record: unknown;
  summary: string[];
  restoredFrom?: number | null;
  author: { id: number | null; username: string };
  /** ISO 8601. */
  createdAt: string;
}

/** The item's newest revision number, or 0 when it has none. */
async function lastNumber(db: DbOrTrx, kind: ContentKind, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('revisions')
    .select((eb) => eb.fn.max('number').as('max'))
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max);
}

export async function hasRevisions(db: DbOrTrx, kind: ContentKind, itemId: number): Promise<boolean> {
  return (await lastNumber(db, kind, itemId)) > 0;
}

/**
 * Adds the item's next revision and prunes its history (pruneRevisions) in the
 * caller's transaction. Answers the new revision's number.
 */
export async function insertRevision(trx: DbOrTrx, revision: NewRevision, now: Date = new Date()): Promise<number> {
  const number = (await lastNumber(trx, revision.kind, revision.itemId)) + 1;
  await trx
    .insertInto('revisions')
    .values({
      kind: revision.kind,
      item_id: revision.itemId,
      number,
      created_at: revision.createdAt,
      author_id: revision.author.id,
      author: revision.author.username,
      data: JSON.stringify(revision.record),
      summary: JSON.stringify(revision.summary),
      restored_from: revision.restoredFrom ?? null,
    })
    .execute();
  await pruneRevisions(trx, revision.kind, revision.itemId, now);
  return number;
}

/**
 * Keeps the item's newest REVISIONS_KEPT revisions and every one younger than
 * REVISIONS_KEPT_DAYS at `now`; deletes the rest. Numbers of those kept stay.
 */
async function pruneRevisions(trx: DbOrTrx, kind: ContentKind, itemId: number, now: Date = new Date()): Promise<number> {
  // The oldest number among the newest REVISIONS_KEPT: none older than it is kept on that account.
  const boundary = await trx
    .selectFrom('revisions')
    .select('number')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('number', 'desc')
    .limit(1)
    .offset(REVISIONS_KEPT - 1)
    .executeTakeFirst();
  if (!boundary) return 0;
  const youngSince = new Date(now.getTime() - REVISIONS_KEPT_DAYS * DAY_MS).toISOString();
  const result = await trx
    .deleteFrom('revisions')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('number', '<', boundary.number)
    .where('created_at', '<', youngSince)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The item's revisions, newest first. */
export async function listRevisions(db: DbOrTrx, kind: ContentKind, itemId: number, window?: RowRange): Promise<Slice<RevisionSummaryRow>> {
  let query = db
    .selectFrom('revisions')
    .select(SUMMARY_COLUMNS)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('number', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  const total = db
    .selectFrom('revisions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('kind', '=', kind)
    .where('item_id', '=', itemId);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count) };
}

/** One revision of this item (undefined when the id names none, or one of another item). */
export async function findRevision(db: DbOrTrx, kind: ContentKind, itemId: number, id: number): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('revisions')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Deletes an item's whole history (its trash entry was purged: the item is
 * gone for good). Answers the records it held, so that the purge can remove
 * the images that nothing else names.
 */
export async function deleteRevisionsOf(trx: DbOrTrx, kind: ContentKind, itemId: number): Promise<string[]> {
  const rows = await trx.selectFrom('revisions').select('data').where('kind', '=', kind).where('item_id', '=', itemId).execute();
  if (rows.length > 0) await trx.deleteFrom('revisions').where('kind', '=', kind).where('item_id', '=', itemId).execute();
  return rows.map((row) => row.data);
}

/**
 * Who saved an item's `version`: the author of its newest revision when that
 * revision holds this version, else null (unknown: the version moved without
 * a revision, as a restore from the trash moves it, or its author is unknown).
 */
export async function authorOfVersion(db: DbOrTrx, kind: ContentKind, itemId: number, version: number): Promise<number | null> {
  const newest = await db
    .selectFrom('revisions')
    .select(['author_id', 'data'])
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest || newest.author_id === null) return null;
  return storedRecord(newest.data).version === version ? newest.author_id : null;
}
