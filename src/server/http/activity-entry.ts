import { BULK_ACTIVITY_ACTIONS } from '@/domain/bulk';
import { Type } from 'typebox';
import { ActivityItem, type ActivityEntry } from '@/domain/schemas/activity';
import { jsonColumn } from '../db/json-column';
import type { ActivityRow } from '../db/schema';

const BULK_ACTIONS: ReadonlySet<string> = new Set(Object.values(BULK_ACTIVITY_ACTIONS));

const countOf = (n: number): string => (n === 1 ? '1 publicación' : `${n} publicaciones`);

/** A bulk entry's label (`activity.target_label`, content/bulk.ts bulkEntryLabel): its items as JSON. */
const bulkLabel = jsonColumn(Type.Object({ items: Type.Array(ActivityItem) }), 'activity.target_label');

/** A bulk entry's stored item list, or none when the label is anything else. */
function bulkItems(label: string): ActivityItem[] | undefined {
  try {
    return bulkLabel(label).items.map((item) => ({ kind: item.kind, id: item.id, label: item.label }));
  } catch {
    return undefined;
  }
}

/**
 * An entry of the log as the API answers it (Actividad and the landing's
 * latest lines): a bulk action's label is its count ('3 publicaciones') and
 * its items come as a list.
 */
export function toActivityEntry(row: ActivityRow, withAddress = true): ActivityEntry {
  const items = BULK_ACTIONS.has(row.action) ? bulkItems(row.target_label) : undefined;
  return {
    id: row.id,
    at: row.at,
    user: row.username,
    action: row.action,
    target_kind: row.target_kind,
    target_id: row.target_id,
    target_label: items ? countOf(items.length) : row.target_label,
    ip: withAddress ? row.ip : null,
    ...(items && { items }),
  };
}
