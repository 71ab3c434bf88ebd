import { CONTENT_KIND, type OrderedKind } from '@/domain/content-kinds';
import type { ReorderItem } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder, countRows, labelledInOrder } from '../db/ordering';
import { movedItem } from '@/domain/reorder-move';
import { invalidRequest } from '../refusal';
import { logActivity } from './activity-log';
import type { Writer } from './writer';

/**
 * What the log says of a reorder that moved one item (a drag, 'Subir', 'Bajar'): its place in
 * the list when the view was the whole list ('Movió «Ana Ruiz» a la posición 2'), else the item it
 * now goes before or after (a page's positions are not the list's); null when several moved.
 */
function moveLabel(before: readonly { id: number; label: string }[], items: readonly ReorderItem[], total: number): string | null {
  const after = [...items].sort((a, b) => a.order - b.order).map((item) => item.id);
  const moved = movedItem(
    before.map((row) => row.id),
    after,
  );
  if (!moved) return null;
  const nameOf = (id: number) => before.find((row) => row.id === id)?.label ?? '';
  const name = nameOf(moved.id);
  if (items.length === total) return messages.movedItem(name, moved.index + 1);
  const next = after[moved.index + 1];
  return next === undefined ? messages.movedAfter(name, nameOf(after[moved.index - 1])) : messages.movedBefore(name, nameOf(next));
}

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
  if ('problem' in parsed) throw invalidRequest(parsed.problem);
  return writer.services.writeContent(async (trx) => {
    const table = CONTENT_KIND[kind].collection;
    const [before, total] = await Promise.all([
      labelledInOrder(
        trx,
        table,
        parsed.items.map((item) => item.id),
      ),
      countRows(trx, table),
    ]);
    const placed = await applyOrder(trx, table, parsed.items, nowIso());
    if (!placed) throw invalidRequest(messages.reorderUnknownIds);
    const label = moveLabel(before, parsed.items, total) ?? messages.reorderedItems(kind, placed.length);
    await logActivity(trx, writer.actor, 'reorder', { kind, label });
    return placed;
  });
}
