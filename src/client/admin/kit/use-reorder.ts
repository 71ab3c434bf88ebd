import { useCallback, useLayoutEffect, useRef } from 'react';
import { reorderPayload, swapPayload } from '@/client/api/reorder';
import type { ReorderItem } from '@/domain/entities';

export interface ReorderScope<T> {
  /**
   * Rows per page when the table pages the list itself (DataTable's
   * `pageSize`): a move sends only the page shown, or the two rows that swap
   * across its edge. Default: the list is one view.
   */
  pageSize?: number;
  /**
   * For a list the server pages (`items` is the page shown): the row just
   * before the page ('up') or just after it ('down'), fetched when 'Subir' on
   * the first row or 'Bajar' on the last asks for it; undefined when there is none.
   */
  beyond?: (direction: 'up' | 'down') => Promise<T | undefined>;
}

/**
 * The move function a reorderable DataTable needs. It sends, through the
 * list's reorder mutation (which moves the cached lists at once, queues the
 * request, and undoes and reloads on failure: api/reorder.ts), only the view
 * the administrator sees (docs/decisions/141: a list may be too long to send whole): the page with its
 * new positions, or, when a row crosses a page edge, the two rows that swap.
 * A list of any length stays within the server's 1,000 items a request.
 *
 * Answers whether a row left the page for its neighbour (the caller then
 * shows that page).
 *
 *   const [reorderBiographies] = useReorderBiographiesMutation();
 *   const move = useReorder(biographies, reorderBiographies, { pageSize: 100 });
 *   <DataTable ... pageSize={100} reorder={{ onMove: move, label: (b) => b.name }} />
 */
export function useReorder<T extends { id: number }>(
  items: readonly T[] | undefined,
  send: (payload: ReorderItem[]) => unknown,
  { pageSize, beyond }: ReorderScope<T> = {},
) {
  // The function stays the same while the list changes, so a move re-renders only the rows that moved.
  const latest = useRef({ items, beyond });
  useLayoutEffect(() => {
    latest.current = { items, beyond };
  }, [items, beyond]);
  return useCallback(
    async (from: number, to: number): Promise<boolean> => {
      const { items: list, beyond: neighbourOf } = latest.current;
      if (!list || !list[from]) return false;
      if ((to === -1 || to === list.length) && neighbourOf) {
        const direction = to === -1 ? 'up' : 'down';
        const neighbour = await neighbourOf(direction);
        if (!neighbour) return false;
        send(swapPayload(list[from], neighbour, direction));
        return true;
      }
      const payload = reorderPayload(list, from, to, pageSize);
      if (payload) send(payload);
      return false;
    },
    [send, pageSize],
  );
}
