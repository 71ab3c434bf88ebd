import { CONTENT_KIND, CONTENT_KINDS, type ContentKind } from '@/domain/content-kinds';
import type { RevisionRecords } from '@/domain/history';
import { messages } from '@/domain/messages';
import { nowIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import { imageInUse, storedImageUrls } from '../db/media-uses-repository';
import { deleteRevisionsOf } from '../db/revisions-repository';
import type { TrashRow } from '../db/schema';
import { contentsOf, deleteTrashEntry, findTrashEntry, restoreTrashEntry } from '../db/trash-repository';
import { nothingNamed, conflict } from '../refusal';
import type { Services } from '../services';
import type { UpkeepLog } from '../upkeep/schedule';
import { logActivity, type Actor } from './activity-log';
import { KIND_STORES } from './kinds';
import { forgetPreviewLinks } from './preview-links';
import { writeSave } from './kept-answers';
import type { KindStore, Writer } from './writer';

/**
 * The trash ('Papelera', docs/decisions/130-trash.md): restoring an entry and
 * purging entries for good. The deletes themselves are their kinds' own
 * (save.ts moveToTrash), and move rows here through db/trash-repository.ts.
 */

/**
 * Restores a trash entry: the item goes back to the end of its list (a
 * publication, to the end of its section), with its id if it is free and
 * with its images; a section comes back with its publications. 409 when it
 * cannot (a publication whose section is in the trash or gone). Answers the
 * item as its own GET /{id}/ does.
 */
export async function restoreFromTrash(writer: Writer, entryId: number): Promise<RevisionRecords[ContentKind]> {
  return writeSave(writer.services, writer.attempt, 200, async (trx) => {
    const entry = await findTrashEntry(trx, entryId);
    if (!entry) throw nothingNamed(messages.trashEntryNotFound);
    const outcome = await restoreTrashEntry(trx, entry, nowIso());
    // Thrown inside: nothing of the attempt is kept.
    if ('sectionInTrash' in outcome) throw conflict(messages.restoreSectionFirst(outcome.sectionInTrash));
    if ('sectionGone' in outcome) throw conflict(messages.restoreSectionGone);
    await logActivity(trx, writer.actor, 'restore', { kind: entry.kind, id: outcome.restored.id, label: entry.label });
    return answerOf(trx, outcome.restored);
  });
}

/** The restored item as its own GET /{id}/ answers it. */
async function answerOf(trx: DbOrTrx, restored: { kind: ContentKind; id: number }) {
  const store: KindStore<ContentKind, { id: number; version: number }> = KIND_STORES[restored.kind];
  const row = await store.find(trx, restored.id);
  // Put back by this transaction: missing, it is a fault of the restore, not a refusal.
  if (!row) throw new Error(`The restored ${restored.kind} ${restored.id} cannot be read back`);
  return store.toJson(row);
}

/**
 * Purges entries for good: the rows go in one transaction (skipping any that
 * was restored or purged meanwhile, and, with `deletedBefore`, any newer), and
 * the images they named that nothing else stored names any more are removed
 * once it has committed. Answers how many entries this call purged. `actor`
 * null: done by the timer, not by a person.
 */
export async function purgeEntries(
  services: Services,
  log: UpkeepLog,
  ids: readonly number[],
  actor: Actor | null,
  deletedBefore?: string,
): Promise<number> {
  const { purged, unused } = await services.writeContent(async (trx) => {
    const candidates = new Set<string>();
    let purged = 0;
    for (const id of ids) {
      const entry = await findTrashEntry(trx, id);
      if (!entry || (deletedBefore !== undefined && entry.deleted_at >= deletedBefore)) continue;
      for (const url of storedImageUrls(entry.data)) candidates.add(url);
      // The items are gone for good, and so is their history, with the images only it still named.
      for (const data of await forgetHistory(trx, entry)) for (const url of storedImageUrls(data)) candidates.add(url);
      // Their private links go too: they could never show anything again.
      await forgetPreviewLinks(
        trx,
        contentsOf(entry).publications.map((publication) => publication.id),
      );
      await deleteTrashEntry(trx, id);
      await logActivity(trx, actor, 'purge', { kind: entry.kind, id: entry.item_id, label: entry.label });
      purged += 1;
    }
    // Asked after the entries went, under the write lock: what still names an image keeps it.
    const unused: string[] = [];
    for (const url of candidates) if (!(await imageInUse(trx, url))) unused.push(url);
    return { purged, unused };
  });
  // Only now that the rows are gone for good: a rolled-back purge never loses a file.
  for (const url of unused) {
    try {
      await services.media.removeImage(url);
    } catch (error) {
      log.warn({ err: error, url }, 'trash purge: an unused image could not be removed');
    }
  }
  return purged;
}

/** A person's purge of one entry; 404 when there is no such entry. */
export async function purgeEntry(writer: Writer, log: UpkeepLog, entryId: number): Promise<void> {
  if ((await purgeEntries(writer.services, log, [entryId], writer.actor)) === 0) throw nothingNamed(messages.trashEntryNotFound);
}

/**
 * Deletes the revisions of the items an entry holds (a section's publications
 * too), unless an item with the same id lives in its table again. Answers the
 * records they held.
 */
async function forgetHistory(trx: DbOrTrx, entry: TrashRow): Promise<string[]> {
  const rows = contentsOf(entry);
  const records: string[] = [];
  for (const kind of CONTENT_KINDS) {
    for (const { id } of rows[CONTENT_KIND[kind].collection]) {
      if (!(await KIND_STORES[kind].find(trx, id))) records.push(...(await deleteRevisionsOf(trx, kind, id)));
    }
  }
  return records;
}
