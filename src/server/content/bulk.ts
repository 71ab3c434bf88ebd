import { BULK_ACTIVITY_ACTIONS, bulkMessages, bulkSizeProblem, type BulkAction, type BulkRefusal } from '@/domain/bulk';
import type { FieldErrors } from '@/domain/entities';
import type { ActivityActionName } from '@/domain/history';
import { messages } from '@/domain/messages';
import type { BulkAnswer, BulkBody, BulkChanged, BulkItem, BulkRefused } from '@/domain/schemas/bulk';
import { accountMessages } from '@/domain/accounts';
import { mayRestoreKind } from '../auth/permissions';
import { nowIso, todayIso } from '../clock';
import { insertActivity } from '../db/activity-repository';
import type { DbOrTrx } from '../db/database';
import { findPublication } from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import { findTrashEntry, publicationEntry } from '../db/trash-repository';
import { inSavepoint } from '../db/savepoint';
import { forbidden, invalidFields, nothingNamed, Refusal } from '../refusal';
import type { Services } from '../services';
import type { Actor, ActivityBatch, ActivityTarget } from './activity-log';
import { labelOf } from './history';
import { editPublication, removePublication, type PublicationInput } from './publications';
import { restoreFromTrash } from './trash';
import type { Writer } from './writer';

/**
 * Bulk actions on publications (docs/decisions/180-bulk-actions.md): one
 * request, each item written by the same service a single edit, delete or
 * restore calls (publications.ts, trash.ts), one after another. The action is
 * one content write (services.writeContent: one lock, one commit) in which
 * each item's own write runs in a savepoint: an item refused (changed
 * meanwhile, gone, not the role's, against the rules) is rolled back to where
 * it started and stays as it was, the others go ahead. Each change keeps its
 * revision; the activity log gets one entry for the action, listing the items
 * that changed, written in the same transaction.
 */

/** An item of the log's entry: what was changed, named as it was then. */
interface BulkEntryItem {
  kind: ActivityTarget['kind'];
  id: number;
  label: string;
}

/** The stored label of a bulk entry: its items as JSON (the log's answers show them as a list; http/activity-entry.ts). */
const bulkEntryLabel = (items: readonly BulkEntryItem[]): string => JSON.stringify({ items });

/**
 * The action's one entry in the log. Each item's service hands its line here
 * (logActivity, through the writer's actor) instead of writing an entry; the
 * line is kept once the item's savepoint is released (`keep`) and forgotten
 * when it was rolled back (`drop`). The entry is written at the end, in the
 * action's transaction.
 */
class BulkEntry implements ActivityBatch {
  private readonly kept: BulkEntryItem[] = [];
  private pending: BulkEntryItem[] = [];

  async add(_db: DbOrTrx, _action: ActivityActionName, target: ActivityTarget | undefined): Promise<void> {
    if (target) this.pending.push({ kind: target.kind, id: target.id ?? 0, label: target.label ?? '' });
  }

  keep(): void {
    this.kept.push(...this.pending);
    this.pending = [];
  }

  drop(): void {
    this.pending = [];
  }

  async write(db: DbOrTrx, action: ActivityActionName, actor: Actor): Promise<void> {
    if (this.kept.length === 0) return;
    await insertActivity(db, {
      at: nowIso(),
      user: { id: actor.id, username: actor.username },
      action,
      target: { kind: 'publication', label: bulkEntryLabel(this.kept) },
    });
  }
}

/** The whole request's rules (400, nothing written): one definition of the size, ids once, versions, the action's own fields. */
async function checkRequest(db: DbOrTrx, body: BulkBody): Promise<void> {
  const errors: FieldErrors = {};
  const tooMany = bulkSizeProblem(body.items.length);
  if (tooMany) errors.items = [tooMany];
  else if (new Set(body.items.map((item) => item.id)).size !== body.items.length) errors.items = [bulkMessages.repeated];
  else if (body.action !== 'restore' && body.items.some((item) => item.version === undefined))
    errors.items = [bulkMessages.versionRequired];
  else if (body.action === 'revert' && body.items.some((item) => item.status === undefined || item.section_id === undefined))
    errors.items = [messages.required];
  if (body.action === 'move') {
    if (body.section_id === undefined) errors.section_id = [bulkMessages.sectionRequired];
    else if (!(await findSection(db, body.section_id))) errors.section_id = [messages.sectionNotFound];
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** What a single edit of this item would send. */
function editOf(action: BulkAction, body: BulkBody, item: BulkItem, publishDate: string | null): PublicationInput {
  const version = item.version;
  switch (action) {
    case 'publish':
      // The date stays (a future one makes it 'Programado'); an undated one is published today.
      return { version, status: 'published', ...(publishDate === null && { publish_date: todayIso() }) };
    case 'draft':
      return { version, status: 'draft' };
    case 'archive':
      return { version, status: 'archived' };
    case 'move':
      return { version, section_id: body.section_id };
    default:
      return { version, status: item.status, section_id: item.section_id };
  }
}

/** Why an item was refused, from what its service threw. */
function refusalOf(error: unknown): { reason: BulkRefusal; detail: string } {
  // Not a refusal: another error (a fault) fails the whole action.
  if (!(error instanceof Refusal)) throw error;
  const detail = error.firstMessage;
  switch (error.reason) {
    case 'not_found':
      return { reason: 'gone', detail };
    case 'forbidden':
      return { reason: 'forbidden', detail };
    case 'stale':
      return { reason: 'stale', detail };
    case 'invalid':
    case 'conflict':
      return { reason: 'invalid', detail };
    default:
      throw error;
  }
}

/** A publication's or a trash entry's title, for an item refused. */
async function titleOf(db: DbOrTrx, action: BulkAction, id: number): Promise<string> {
  if (action === 'restore') return (await findTrashEntry(db, id))?.label ?? '';
  return (await findPublication(db, id))?.title ?? (await publicationEntry(db, id))?.label ?? '';
}

/**
 * Runs a bulk action as `writer`, whose role (`role`) each item is checked
 * against as its own request would be. 400 when the request itself is
 * unusable; otherwise the answer lists, item by item, what changed and what
 * was refused (and why).
 */
export async function runBulk(writer: Writer, role: string | undefined, body: BulkBody): Promise<BulkAnswer> {
  await checkRequest(writer.services.db, body);
  const entry = new BulkEntry();
  return writer.services.writeContent(async (trx) => {
    // The items' services read and write through the action's transaction, each write in a savepoint of its own,
    // and hand their log lines to the action's one entry.
    const services: Services = { ...writer.services, db: trx, writeContent: (work) => inSavepoint(trx, work) };
    const itemWriter: Writer = { services, actor: { ...writer.actor, batch: entry } };
    const changed: BulkChanged[] = [];
    const refused: BulkRefused[] = [];
    for (const item of body.items) {
      try {
        changed.push(await runItem(itemWriter, role, body, item));
        entry.keep();
      } catch (error) {
        entry.drop();
        const refusal = refusalOf(error);
        refused.push({ id: item.id, title: await titleOf(trx, body.action, item.id), ...refusal });
      }
    }
    await entry.write(trx, BULK_ACTIVITY_ACTIONS[body.action], writer.actor);
    return { action: body.action, changed, refused };
  });
}

async function runItem(writer: Writer, role: string | undefined, body: BulkBody, item: BulkItem): Promise<BulkChanged> {
  const { db } = writer.services;
  if (body.action === 'restore') {
    const trashed = await findTrashEntry(db, item.id);
    if (!trashed) throw nothingNamed(messages.trashEntryNotFound);
    if (!mayRestoreKind(role, trashed.kind)) throw forbidden(accountMessages.forbidden);
    const restored = await restoreFromTrash(writer, item.id);
    const publication = 'section_id' in restored ? restored : undefined;
    return {
      id: restored.id,
      title: labelOf(restored),
      version: restored.version,
      status: publication?.status ?? null,
      section_id: publication?.section_id ?? null,
      previous: null,
      trash_entry_id: null,
    };
  }
  const before = await findPublication(db, item.id);
  if (!before) throw nothingNamed(messages.publicationNotFound);
  const previous = { status: before.status, section_id: before.section_id };
  if (body.action === 'trash') {
    await removePublication(writer, item.id, item.version);
    const trashed = await publicationEntry(db, item.id);
    return {
      id: item.id,
      title: before.title,
      version: null,
      status: null,
      section_id: null,
      previous,
      trash_entry_id: trashed?.id ?? null,
    };
  }
  const after = await editPublication(writer, item.id, editOf(body.action, body, item, before.publish_date));
  return {
    id: after.id,
    title: after.title,
    version: after.version,
    status: after.status,
    section_id: after.section_id,
    previous,
    trash_entry_id: null,
  };
}
