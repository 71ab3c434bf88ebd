import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ReorderItem } from '@/domain/entities';
import { baseApi } from './base-api';

type TagType = 'Section' | 'Publication' | 'Biography';

interface Orderable {
  id: number;
  order: number;
}

/** The reorder payload for a list in its new order: zero-based positions (SPEC §3). */
export function toReorderPayload(ordered: readonly { id: number }[]): ReorderItem[] {
  return ordered.map(({ id }, order) => ({ id, order }));
}

/** A copy of `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved);
  return copy;
}

/** Gives each cached item its new order and sorts the list by it (an Immer recipe). */
export function applyOrder<T extends Orderable>(list: T[], items: readonly ReorderItem[]): void {
  const orderById = new Map(items.map(({ id, order }) => [id, order]));
  for (const item of list) {
    const order = orderById.get(item.id);
    if (order !== undefined) item.order = order;
  }
  list.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** What api.util.updateQueryData(...) builds: dispatching it patches a cached list, undoably. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CachePatch = ThunkAction<{ undo(): void }, any, unknown, UnknownAction>;

interface ReorderLifecycle {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, unknown, UnknownAction>;
  queryFulfilled: Promise<unknown>;
}

/**
 * Optimistic reorder, written once for the three admin lists (SPEC §4, §8):
 * the cached lists change at once, the request goes out, and when it fails the
 * patches are undone, the failure is logged and the list is fetched again.
 *
 *   onQueryStarted: (items, lifecycle) => reorderOptimistically(lifecycle, {
 *     tag: 'Section',
 *     patches: [sectionsApi.util.updateQueryData('listSections', undefined, (draft) => applyOrder(draft, items))],
 *   })
 */
export async function reorderOptimistically(
  { dispatch, queryFulfilled }: ReorderLifecycle,
  { tag, patches }: { tag: TagType; patches: CachePatch[] },
): Promise<void> {
  const applied = patches.map((patch) => dispatch(patch));
  try {
    await queryFulfilled;
  } catch (failure) {
    for (const patch of applied.reverse()) patch.undo();
    console.error('No se pudo guardar el nuevo orden', failure);
    dispatch(baseApi.util.invalidateTags([{ type: tag, id: 'LIST' }]));
  }
}
