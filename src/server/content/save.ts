import type { ContentKind } from '@/domain/content-kinds';
import type { Transaction } from 'kysely';
import type { FieldErrors } from '@/domain/entities';
import type { RevisionRecords } from '@/domain/history';
import type { Database } from '../db/schema';
import { nothingNamed } from '../refusal';
import { logActivity } from './activity-log';
import { checkEditable, versionErrors } from './edit-guard';
import { labelOf, recordSave } from './history';
import { checkUnlessAnswered, writeSave } from './kept-answers';
import type { KindStore, Writer } from './writer';

/**
 * The skeleton every write of content follows, written once: the content
 * modules (sections.ts, publications.ts, biographies.ts) give it their
 * checks and their write, and it does the version check, the revision, the
 * activity entry, the trash move and the kept answer of a repeated save, in
 * one transaction (services.writeContent). Callable from a route, a bulk
 * action, a CLI or a job alike: the caller says who acts (writer.ts).
 */

/** A create: the row, its first revision and its log entry, one transaction; answers the record. */
export async function saveCreate<K extends ContentKind, Row extends { id: number; version: number }>(
  writer: Writer,
  kind: KindStore<K, Row>,
  insert: (trx: Transaction<Database>) => Promise<Row>,
): Promise<RevisionRecords[K]> {
  return writeSave(writer.services, writer.attempt, 201, async (trx) => {
    const after = kind.toJson(await insert(trx));
    await recordSave(trx, { kind: kind.kind, after, actor: writer.actor });
    return after;
  });
}

/** The steps of an edit that are the kind's own. */
export interface EditSteps<Row, Checked, Prepared> {
  /**
   * Checks the input once the item is known to exist: 400 with `errors` (the
   * edit's own, such as its version's) and the fields' when it is not usable.
   */
  check(errors: FieldErrors): Promise<Checked>;
  /** Costly work done once the edit is known not to be stale, before the write lock (storing an upload). */
  prepare?(checked: Checked): Promise<Prepared>;
  update(trx: Transaction<Database>, checked: Checked, prepared: Prepared | undefined, before: Row): Promise<Row | undefined>;
}

/**
 * An edit, in the order of requirements §10.6: the item exists (404), the
 * input is usable (400), the `version` it started from is still the stored
 * one (409), then the costly work, then, under the write lock, the version
 * check again (it decides: two saves from one version cannot both win), the
 * write, the revision and the log entry. Answers the record.
 */
export async function saveEdit<K extends ContentKind, Row extends { id: number; version: number }, Checked, Prepared>(
  writer: Writer,
  kind: KindStore<K, Row>,
  id: number,
  version: number | undefined,
  steps: EditSteps<Row, Checked, Prepared>,
): Promise<RevisionRecords[K]> {
  const { services, actor } = writer;
  await checkEditable(services.db, await kind.find(services.db, id), undefined, kind);
  const checked = await steps.check(versionErrors(version));
  // Asked before the costly work, so that a stale save leaves no file behind.
  await checkUnlessAnswered(services.db, writer.attempt, async () =>
    checkEditable(services.db, await kind.find(services.db, id), version, kind, actor),
  );
  const prepared = await steps.prepare?.(checked);
  return writeSave(services, writer.attempt, 200, async (trx) => {
    const before = await checkEditable(trx, await kind.find(trx, id), version, kind, actor);
    const updated = await steps.update(trx, checked, prepared, before);
    if (!updated) throw nothingNamed(kind.missing);
    const after = kind.toJson(updated);
    await recordSave(trx, { kind: kind.kind, before: kind.toJson(before), after, actor });
    return after;
  });
}

/**
 * A delete: `move` takes the item to the trash (false when it cannot: it
 * went meanwhile), and the log says so, in one transaction; 404 when there
 * is no such item. With a save attempt, a repeat of a delete that succeeded
 * (the browser sends a request again when its connection closed before the
 * answer) is answered 204 again, not 404.
 */
export async function moveToTrash<K extends ContentKind, Row extends { id: number; version: number }>(
  writer: Writer,
  kind: KindStore<K, Row>,
  id: number,
  move: (trx: Transaction<Database>, row: Row) => Promise<boolean>,
): Promise<void> {
  await writeSave(writer.services, writer.attempt, 204, async (trx) => {
    const row = await kind.find(trx, id);
    if (!row || !(await move(trx, row))) throw nothingNamed(kind.missing);
    await logActivity(trx, writer.actor, 'delete', { kind: kind.kind, id, label: labelOf(kind.toJson(row)) });
    return null;
  });
}
