import { useCallback, useLayoutEffect, useRef } from 'react';
import { moveItem, toReorderPayload } from '@/client/api/reorder';
import type { ReorderItem } from '@/domain/entities';

/**
 * The move function a reorderable DataTable needs: it computes the list in its
 * new order and sends the zero-based positions of the whole list as shown
 * (requirements §3) through the list's reorder mutation, which moves the cached list
 * at once, queues the request, and undoes and reloads on failure (api/reorder.ts).
 *
 *   const [reorderSections] = useReorderSectionsMutation();
 *   const move = useReorder(sections, reorderSections);
 *   <DataTable ... reorder={{ onMove: move, label: (s) => s.title }} />
 */
export function useReorder(items: readonly { id: number }[] | undefined, send: (payload: ReorderItem[]) => unknown) {
  // The function stays the same while the list changes, so a move re-renders only the rows that moved.
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  }, [items]);
  return useCallback(
    (from: number, to: number) => {
      const list = latest.current;
      if (!list || from === to || to < 0 || to >= list.length) return;
      send(toReorderPayload(moveItem(list, from, to)));
    },
    [send],
  );
}
