import { BULK_ACTIVITY_ACTIONS, bulkMessages, bulkSizeProblem, type BulkAction, type BulkRefusal } from '@/domain/bulk';
import type { FieldErrors, PublicationStatus } from '@/domain/entities';
import type { ActivityActionName } from '@/domain/history';
import { messages } from '@/domain/messages';
import type { BulkAnswer, BulkBody, BulkChanged, BulkItem, BulkRefused } from '@/domain/schemas/bulk';
import { accountMessages } from '@/domain/accounts';
import { mayRestoreKind } from '../auth/permissions';
import { nowIso, todayIso } from '../clock';
import { insertActivityReturningId, updateActivityLabel } from '../db/activity-repository';
import type { DbOrTrx } from '../db/database';
import { findPublication } from '../db/publications-repository';
import { findSection } from '../db/sections-repository';
import { findTrashEntry, publicationEntry } from '../db/trash-repository';
import { ApiError, badRequest, notFound } from '../http/api-error';
import type { ActivityBatch, ActivityTarget } from './activity-log';
import { labelOf } from './history';
import { editPublication, removePublication, type PublicationInput } from './publications';
import { restoreFromTrash } from './trash';
import type { Writer } from './writer';

/**
 * Bulk actions on publications (docs/decisions/180-bulk-actions.md): one
 * request, each item written by the same service a single edit, delete or
 * restore calls (publications.ts, trash.ts), one after another, each in its
 * own transaction: an item refused (changed meanwhile, gone, not the role's,
 * against the rules) stays as it was and the others go ahead. Each change
 * keeps its revision; the activity log gets one entry for the action, which
 * lists its items and grows in each item's transaction, so an item and its
 * line in the entry commit or fail together.
 */

/** An item of the log's entry: what was changed, named as it was then. */
export interface BulkEntryItem {
  kind: ActivityTarget['kind'];
  id: number;
  label: string;
}

/** The stored label of a bulk entry: its items as JSON (the log's answers show them as a list; http/activity-entry.ts). */
export const bulkEntryLabel = (items: readonly BulkEntryItem[]): string => JSON.stringify({ items });

/**
 * The action's one entry in the log. Each item's service writes its line in
 * the item's transaction (logActivity hands it here); the item is kept only
 * once its service has returned, i.e. committed (`keep`), and forgotten if it
 * failed (`drop`), so a rolled-back item leaves no line behind.
 */
class BulkEntry implements ActivityBatch {
  private kept: { id?: number; items: BulkEntryItem[] } = { items: [] };
  private pending: { id: number; items: BulkEntryItem[] } | undefined;

  constructor(
    private readonly action: ActivityActionName,
    private readonly writer: Writer,
  ) {}

  async add(db: DbOrTrx, _action: ActivityActionName, target: ActivityTarget | undefined): Promise<void> {
    if (!target) return;
    const items = [...this.kept.items, { kind: target.kind, id: target.id ?? 0, label: target.label ?? '' }];
    const label = bulkEntryLabel(items);
    const { actor } = this.writer;
    const id =
      this.kept.id ??
      (await insertActivityReturningId(db, {
        at: nowIso(),
        user: { id: actor.id, username: actor.username },
        action: this.action,
        target: { kind: 'publication', label },
      }));
    if (this.kept.id !== undefined) await updateActivityLabel(db, id, label);
    this.pending = { id, items };
  }

  keep(): void {
    if (this.pending) this.kept = this.pending;
    this.pending = undefined;
  }

  drop(): void {
    this.pending = undefined;
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
  if (Object.keys(errors).length > 0) throw badRequest(errors);
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
  if (!(error instanceof ApiError)) throw error;
  const { statusCode, body } = error;
  const detail = 'detail' in body && typeof body.detail === 'string' ? body.detail : (Object.values(body as FieldErrors)[0]?.[0] ?? '');
  if (statusCode === 404) return { reason: 'gone', detail };
  if (statusCode === 403) return { reason: 'forbidden', detail };
  if (statusCode === 409 && 'current' in body) return { reason: 'stale', detail };
  if (statusCode === 400 || statusCode === 409) return { reason: 'invalid', detail };
  throw error;
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
  const { db } = writer.services;
  await checkRequest(db, body);
  const entry = new BulkEntry(BULK_ACTIVITY_ACTIONS[body.action], writer);
  // Every item's change goes into the one entry instead of one of its own.
  const itemWriter: Writer = { services: writer.services, actor: { ...writer.actor, batch: entry } };
  const changed: BulkChanged[] = [];
  const refused: BulkRefused[] = [];
  for (const item of body.items) {
    try {
      changed.push(await runItem(itemWriter, role, body, item));
      entry.keep();
    } catch (error) {
      entry.drop();
      const refusal = refusalOf(error);
      refused.push({ id: item.id, title: await titleOf(db, body.action, item.id), ...refusal });
    }
  }
  return { action: body.action, changed, refused };
}

async function runItem(writer: Writer, role: string | undefined, body: BulkBody, item: BulkItem): Promise<BulkChanged> {
  const { db } = writer.services;
  if (body.action === 'restore') {
    const trashed = await findTrashEntry(db, item.id);
    if (!trashed) throw notFound(messages.trashEntryNotFound);
    if (!mayRestoreKind(role, trashed.kind)) throw new ApiError(403, { detail: accountMessages.forbidden });
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
  if (!before) throw notFound(messages.publicationNotFound);
  const previous = { status: before.status as PublicationStatus, section_id: before.section_id };
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
