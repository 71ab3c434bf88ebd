import type { ReorderItem } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder, type OrderedTable } from '../db/ordering';
import { badRequestDetail } from '../http/api-error';
import { logActivity } from './activity-log';
import type { Writer } from './writer';

/** The kind of item each reordered table holds, as the activity log names it. */
const KIND_OF = { sections: 'section', publications: 'publication', biographies: 'biography' } as const satisfies Record<
  OrderedTable,
  string
>;

/**
 * Reorders a view of `table`: `payload` is [{id, order}], `order` being the
 * position in the view the administrator reordered (db/ordering.ts
 * applyOrder). One transaction; a malformed payload, more than 1000 items or
 * any unknown id is 400 {"detail"} and nothing changes. Answers the items
 * with the order now stored, in the new sequence. The activity log records it
 * (how many items) in the same transaction; the history does not: a reorder
 * is no edit (versions stay).
 */
export async function reorder(writer: Writer, table: OrderedTable, payload: unknown): Promise<ReorderItem[]> {
  const parsed = parseReorder(payload);
  if ('problem' in parsed) throw badRequestDetail(parsed.problem);
  const kind = KIND_OF[table];
  return writer.services.writeContent(async (trx) => {
    const placed = await applyOrder(trx, table, parsed.items, nowIso());
    if (!placed) throw badRequestDetail(messages.reorderUnknownIds);
    await logActivity(trx, writer.actor, 'reorder', { kind, label: messages.reorderedItems(kind, placed.length) });
    return placed;
  });
}
