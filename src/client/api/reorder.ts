import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReorderItem } from '@/domain/entities';
import { baseApi } from './base-api';
import { reordersSettled, selectReordersWaiting, sendInQueue, type ReorderList, type ReorderQueueState } from './reorder-queue';

type TagType = ReorderList;

interface Orderable {
  id: number;
  order: number;
}

/** The reorder payload for a list in its new order: zero-based positions (requirements §3). */
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

/**
 * The payload of moving the item at `from` to `to` in a list shown `pageSize`
 * rows at a time (docs/decisions/141: only what is shown is sent): within the page, the page's
 * items with their new positions; one row past the page's edge ('Subir' on
 * its first row, 'Bajar' on its last), the two items that swap. Null when
 * nothing moves.
 */
export function reorderPayload(list: readonly { id: number }[], from: number, to: number, pageSize = list.length): ReorderItem[] | null {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return null;
  const size = Math.max(1, pageSize);
  const start = Math.floor(from / size) * size;
  if (to >= start && to < start + size) return toReorderPayload(moveItem(list.slice(start, start + size), from - start, to - start));
  // Only a button crosses a page edge, and one row at a time.
  return Math.abs(to - from) === 1 ? swapPayload(list[from], list[to], to < from ? 'up' : 'down') : null;
}

/** The payload of `moved` swapping places with `neighbour`, the row just above it ('up') or below it ('down'). */
export function swapPayload(moved: { id: number }, neighbour: { id: number }, direction: 'up' | 'down'): ReorderItem[] {
  return toReorderPayload(direction === 'up' ? [moved, neighbour] : [neighbour, moved]);
}

/**
 * What a reorder does to a cached list shown in `sequence` (its pages, one
 * after another): the k-th of the payload's items as they stand gives its
 * place and its order value to the k-th of the new sequence, as the server
 * does (db/ordering.ts). Answers, by the id of the item whose place is taken,
 * the item that takes it; null when the list does not hold every item.
 */
export function planReorder<T extends Orderable>(sequence: Iterable<T>, items: readonly ReorderItem[]): Map<number, T> | null {
  const named = new Set(items.map(({ id }) => id));
  const byId = new Map<number, T>();
  for (const item of sequence) if (named.has(item.id) && !byId.has(item.id)) byId.set(item.id, item);
  if (byId.size !== named.size) return null;
  const before = [...byId.values()];
  // Every id is in byId (the sizes match above): `?? []` only keeps undefined out of the type.
  const after = [...items].sort((a, b) => a.order - b.order).flatMap(({ id }) => byId.get(id) ?? []);
  return new Map(before.map((held, k) => [held.id, { ...after[k], order: held.order }]));
}

/** An Immer recipe: each item the plan names gives its place to the one that takes it (a page may hold only some of them). */
export function applyPlan<T extends Orderable>(page: T[], plan: ReadonlyMap<number, T>): void {
  for (const [index, item] of page.entries()) {
    const next = plan.get(item.id);
    if (next) page[index] = next;
  }
}

/**
 * An Immer recipe for a cached list that does not hold every item of the
 * payload (another filter): the items it holds take their new order values
 * (from a plan made on a list that holds them all) and it is sorted again.
 */
function applyOrders<T extends Orderable>(list: T[], plan: ReadonlyMap<number, T>): void {
  const orders = new Map([...plan.values()].map(({ id, order }) => [id, order]));
  for (const item of list) item.order = orders.get(item.id) ?? item.order;
  list.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** One cached list as the reorder patches see it: its pages in sequence, each with a way to patch it. */
export interface CachedList<T, S> {
  pages: { items: readonly T[]; patch: (recipe: (items: T[]) => void) => CachePatch<S> }[];
}

/**
 * The patches of one reorder over every cached list: a list that holds every
 * item (the view reordered, a page and the next one between them) shows them
 * in their new places; a list that holds only some (another filter) gives
 * them their new order values and sorts.
 */
export function reorderPatches<T extends Orderable, S>(items: readonly ReorderItem[], lists: readonly CachedList<T, S>[]): CachePatch<S>[] {
  const plans = lists.map((list) =>
    planReorder(
      list.pages.flatMap((page) => page.items),
      items,
    ),
  );
  const reference = plans.find((plan) => plan !== null);
  if (!reference) return [];
  const named = new Set(items.map(({ id }) => id));
  return lists.flatMap((list, index) => {
    const plan = plans[index];
    return list.pages
      .filter((page) => page.items.some((item) => named.has(item.id)))
      .map((page) => page.patch((draft) => (plan ? applyPlan(draft, plan) : applyOrders(draft, reference))));
  });
}

type BoundBaseQuery = (
  arg: string | FetchArgs,
) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }> | { data?: unknown; error?: FetchBaseQueryError };

/**
 * The queryFn of a reorder endpoint: `PATCH {path}reorder/` with the payload,
 * sent through the list's queue.
 *
 *   reorderSections: build.mutation<unknown, ReorderItem[]>({ queryFn: queuedReorder('Section', '/sections/reorder/'), ... })
 */
export function queuedReorder(tag: TagType, url: string) {
  return async (
    items: ReorderItem[],
    api: { dispatch: (action: UnknownAction) => unknown },
    _extra: unknown,
    baseQuery: BoundBaseQuery,
  ) => {
    const answer = await sendInQueue(api.dispatch, tag, () => baseQuery({ url, method: 'PATCH', body: items }));
    return answer.error ? { error: answer.error } : { data: answer.data ?? null };
  };
}

/** What api.util.updateQueryData(...) builds: dispatching it patches a cached list (of a store whose state is S), undoably. */
type CachePatch<S> = ThunkAction<{ undo(): void }, S, unknown, UnknownAction>;

interface ReorderLifecycle<S> {
  dispatch: ThunkDispatch<S, unknown, UnknownAction>;
  getState: () => unknown;
  queryFulfilled: Promise<unknown>;
}

/**
 * Optimistic reorder, written once for the three admin lists (requirements §4, §8):
 * the cached lists change at once (reorderPatches), the request goes out, and when it fails the
 * patches are undone, the failure is logged and the list is fetched again.
 * When later moves of the same list are still queued, the undo is left out
 * (it would mix with them) and the list is fetched once they are answered,
 * so the screen ends showing what the server holds.
 *
 *   onQueryStarted: (items, lifecycle) => reorderOptimistically(lifecycle, {
 *     tag: 'Section',
 *     patches: reorderPatches(items, [{ pages: [{ items: cached, patch: (recipe) => sectionsApi.util.updateQueryData('listSections', undefined, recipe) }] }]),
 *   })
 */
export async function reorderOptimistically<S>(
  { dispatch, getState, queryFulfilled }: ReorderLifecycle<S>,
  { tag, patches }: { tag: TagType; patches: CachePatch<S>[] },
): Promise<void> {
  const applied = patches.map((patch) => dispatch(patch));
  try {
    await queryFulfilled;
  } catch (failure) {
    const busy = selectReordersWaiting(getState() as { reorderQueue: ReorderQueueState }, tag) > 0;
    if (!busy) for (const patch of applied.reverse()) patch.undo();
    console.error('No se pudo guardar el nuevo orden', failure);
    await reordersSettled(dispatch, tag);
    dispatch(baseApi.util.invalidateTags([{ type: tag, id: 'LIST' }]));
  }
}
