import { CONTENT_KIND, type OrderedKind } from '@/domain/content-kinds';
import type { ReorderItem } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder } from '../db/ordering';
import { badRequestDetail } from '../http/api-error';
import { logActivity } from './activity-log';
import type { Writer } from './writer';

/**
 * Reorders a view of a kind's list: `payload` is [{id, order}], `order` being the
 * position in the view the administrator reordered (db/ordering.ts
 * applyOrder). One transaction; a malformed payload, more than 1000 items or
 * any unknown id is 400 {"detail"} and nothing changes. Answers the items
 * with the order now stored, in the new sequence. The activity log records it
 * (how many items) in the same transaction; the history does not: a reorder
 * is no edit (versions stay).
 */
export async function reorder(writer: Writer, kind: OrderedKind, payload: unknown): Promise<ReorderItem[]> {
  const parsed = parseReorder(payload);
  if ('problem' in parsed) throw badRequestDetail(parsed.problem);
  return writer.services.writeContent(async (trx) => {
    const placed = await applyOrder(trx, CONTENT_KIND[kind].collection, parsed.items, nowIso());
    if (!placed) throw badRequestDetail(messages.reorderUnknownIds);
    await logActivity(trx, writer.actor, 'reorder', { kind, label: messages.reorderedItems(kind, placed.length) });
    return placed;
  });
}
