import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReorderItem } from '@/domain/entities';
import { baseApi } from './base-api';

type TagType = 'Section' | 'Publication' | 'Biography';

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

/** Gives each cached item its new order and sorts the list by it (an Immer recipe). */
export function applyOrder<T extends Orderable>(list: T[], items: readonly ReorderItem[]): void {
  const orderById = new Map(items.map(({ id, order }) => [id, order]));
  for (const item of list) {
    const order = orderById.get(item.id);
    if (order !== undefined) item.order = order;
  }
  list.sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * One queue per list: reorders of a list go out one at a time, in the order
 * they were made, so two quick moves end in the order of the last one on the
 * server as on screen (requirements §10.5). The optimistic
 * change is not queued: the screen moves at once.
 */
const queues = new Map<TagType, { tail: Promise<unknown>; pending: number }>();

function queueFor(tag: TagType) {
  let queue = queues.get(tag);
  if (!queue) {
    queue = { tail: Promise.resolve(), pending: 0 };
    queues.set(tag, queue);
  }
  return queue;
}

/** Runs `send` after every earlier reorder of the same list has been answered. */
function enqueue<T>(tag: TagType, send: () => PromiseLike<T> | T): Promise<T> {
  const queue = queueFor(tag);
  queue.pending += 1;
  const run = queue.tail.then(send);
  queue.tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run.finally(() => {
    queue.pending -= 1;
  });
}

/** Whether reorders of the list are still waiting or in flight. */
const isBusy = (tag: TagType): boolean => (queues.get(tag)?.pending ?? 0) > 0;

/** Resolves once every reorder of the list sent so far has been answered. */
export const reordersSettled = (tag: TagType): Promise<unknown> => queueFor(tag).tail;

type BoundBaseQuery = (arg: string | FetchArgs) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }> | { data?: unknown; error?: FetchBaseQueryError };

/**
 * The queryFn of a reorder endpoint: `PATCH {path}reorder/` with the payload,
 * sent through the list's queue.
 *
 *   reorderSections: build.mutation<unknown, ReorderItem[]>({ queryFn: queuedReorder('Section', '/sections/reorder/'), ... })
 */
export function queuedReorder(tag: TagType, url: string) {
  return async (items: ReorderItem[], _api: unknown, _extra: unknown, baseQuery: BoundBaseQuery) => {
    const answer = await enqueue(tag, () => baseQuery({ url, method: 'PATCH', body: items }));
    return answer.error ? { error: answer.error } : { data: answer.data ?? null };
  };
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
 * Optimistic reorder, written once for the three admin lists (requirements §4, §8):
 * the cached lists change at once, the request goes out, and when it fails the
 * patches are undone, the failure is logged and the list is fetched again.
 * When later moves of the same list are still queued, the undo is left out
 * (it would mix with them) and the list is fetched once they are answered,
 * so the screen ends showing what the server holds.
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
    if (!isBusy(tag)) for (const patch of applied.reverse()) patch.undo();
    console.error('No se pudo guardar el nuevo orden', failure);
    await reordersSettled(tag);
    dispatch(baseApi.util.invalidateTags([{ type: tag, id: 'LIST' }]));
  }
}
