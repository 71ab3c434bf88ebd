import { useCallback, useMemo, useState } from 'react';
import type { Publication } from '@/domain/entities';

/** A selected publication as it was when chosen: its version is the one the person saw, sent with the action. */
export interface SelectedPublication {
  id: number;
  title: string;
  version: number;
}

export interface BulkSelection {
  /** In the order they were chosen. */
  items: readonly SelectedPublication[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (publication: Publication) => void;
  /** Every publication of the page shown: chosen (true) or let go (false). */
  selectPage: (choose: boolean) => void;
  /** Whether the page's publications are all chosen, some, or none. */
  pageState: 'all' | 'some' | 'none';
  clear: () => void;
}

const EMPTY: ReadonlyMap<number, SelectedPublication> = new Map();

const chosen = (publication: Publication): SelectedPublication => ({
  id: publication.id,
  title: publication.title,
  version: publication.version,
});

/**
 * The list's selection for bulk actions: it survives paging within one
 * filter (`filterKey`: section, status and search) and is let go when the
 * filter changes, without an effect: a selection made under another filter
 * is simply not this one's.
 */
export function useBulkSelection(page: readonly Publication[], filterKey: string): BulkSelection {
  const [state, setState] = useState<{ key: string; items: ReadonlyMap<number, SelectedPublication> }>({ key: filterKey, items: EMPTY });
  const selected = state.key === filterKey ? state.items : EMPTY;

  const update = useCallback(
    (change: (items: Map<number, SelectedPublication>) => void) =>
      setState((current) => {
        const items = new Map(current.key === filterKey ? current.items : EMPTY);
        change(items);
        return { key: filterKey, items };
      }),
    [filterKey],
  );

  const toggle = useCallback(
    (publication: Publication) =>
      update((items) => {
        if (items.has(publication.id)) items.delete(publication.id);
        else items.set(publication.id, chosen(publication));
      }),
    [update],
  );

  const selectPage = useCallback(
    (choose: boolean) =>
      update((items) => {
        for (const publication of page) {
          if (!choose) items.delete(publication.id);
          // One already chosen keeps the version it was chosen with.
          else if (!items.has(publication.id)) items.set(publication.id, chosen(publication));
        }
      }),
    [page, update],
  );

  const clear = useCallback(() => setState({ key: filterKey, items: EMPTY }), [filterKey]);

  return useMemo(() => {
    const onPage = page.filter((publication) => selected.has(publication.id)).length;
    return {
      items: [...selected.values()],
      count: selected.size,
      isSelected: (id: number) => selected.has(id),
      toggle,
      selectPage,
      pageState: onPage === 0 ? 'none' : onPage === page.length ? 'all' : 'some',
      clear,
    };
  }, [page, selected, toggle, selectPage, clear]);
}
