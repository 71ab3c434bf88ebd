import type { ContentKind } from '@/domain/content-kinds';
import { revisionSummaries, summarizeChange, summarizeRestore, type RevisionRecords } from '@/domain/history';
import { messages } from '@/domain/messages';
import { nowIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import { findRevision, hasRevisions, insertRevision } from '../db/revisions-repository';
import { nothingNamed } from '../refusal';
import { logActivity, type Actor } from './activity-log';
import { checkEditable, refuseErrors, versionErrors } from './edit-guard';
import { writeSave } from './kept-answers';
import type { KindStore, Writer } from './writer';

/**
 * The history of publications, sections and biographies ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md): every create and update
 * keeps a revision (recordSave, inside the save's transaction), and a
 * revision can be restored as a new one (restoreRevision).
 */

export const labelOf = (record: { title: string } | { name: string }): string => ('title' in record ? record.title : record.name);

/** What a save hands the history: the record before (an update) and after, as the admin GET answers them. */
export interface Save<K extends ContentKind> {
  kind: K;
  /** Absent for a create. */
  before?: RevisionRecords[K];
  after: RevisionRecords[K];
  actor: Actor;
}

/**
 * Records a create or an update in the save's transaction: the item's next
 * revision, its entry in the activity log, and, for an item saved for the
 * first time since it has a history, a first revision holding what it was
 * before (its author unknown, dated when it was last changed).
 */
export async function recordSave<K extends ContentKind>(trx: DbOrTrx, save: Save<K>): Promise<void> {
  const { kind, before, after, actor } = save;
  const now = new Date();
  if (before && !(await hasRevisions(trx, kind, after.id))) {
    await insertRevision(
      trx,
      {
        kind,
        itemId: after.id,
        record: before,
        summary: [revisionSummaries.baseline],
        author: { id: null, username: '' },
        createdAt: before.updated_at,
      },
      now,
    );
  }
  await insertRevision(
    trx,
    {
      kind,
      itemId: after.id,
      record: after,
      summary: before ? summarizeChange(kind, before, after) : [revisionSummaries.created],
      author: actor,
      createdAt: now.toISOString(),
    },
    now,
  );
  await logActivity(trx, actor, before ? 'update' : 'create', { kind, id: after.id, label: labelOf(after) });
}

/** The revision `revisionId` of item `id`, else 404 'No se encontró la versión'. */
export async function existingRevision(db: DbOrTrx, kind: ContentKind, id: number, revisionId: number) {
  const revision = await findRevision(db, kind, id, revisionId);
  if (!revision) throw nothingNamed(messages.revisionNotFound);
  return revision;
}

/**
 * Restores revision `revisionId` of item `id` as a new revision: the item
 * must exist (a deleted one does not), and, with `version`, still be the one
 * the administrator saw (409 otherwise). What a restore keeps and refuses is
 * the kind's own (KindStore.restore).
 */
export async function restoreRevision<K extends ContentKind, Row extends { id: number; version: number }>(
  writer: Writer,
  kind: KindStore<K, Row>,
  id: number,
  revisionId: number,
  version: number | undefined,
): Promise<RevisionRecords[K]> {
  const { services, actor } = writer;
  await checkEditable(services.db, await kind.find(services.db, id), undefined, kind);
  await existingRevision(services.db, kind.kind, id, revisionId);
  refuseErrors(versionErrors(version));
  return writeSave(services, writer.attempt, 200, async (trx) => {
    const row = await checkEditable(trx, await kind.find(trx, id), undefined, kind);
    const revision = await existingRevision(trx, kind.kind, id, revisionId);
    await checkEditable(trx, row, version, kind, actor);
    const before = kind.toJson(row);
    const record: RevisionRecords[K] = JSON.parse(revision.data);
    const after = await kind.restore(trx, id, record, nowIso());
    if (!after) throw nothingNamed(kind.missing);
    const now = new Date();
    await insertRevision(
      trx,
      {
        kind: kind.kind,
        itemId: id,
        record: after,
        summary: summarizeRestore(kind.kind, revision.number, before, after),
        restoredFrom: revision.number,
        author: actor,
        createdAt: now.toISOString(),
      },
      now,
    );
    await logActivity(trx, actor, 'revision_restore', { kind: kind.kind, id, label: labelOf(after) });
    return after;
  });
}
