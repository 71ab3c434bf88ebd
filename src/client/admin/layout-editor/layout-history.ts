import type { Layout, LayoutCell, LayoutRow } from '@/domain/entities';

/**
 * Undo and redo of the layout's STRUCTURE: rows and cells added, removed,
 * moved, resized, retyped, duplicated. What a cell holds (its text, image,
 * alternative text, video address) is not a step: that is typing, and inside
 * a text cell TinyMCE keeps its own history.
 *
 * Design: two bounded stacks of whole-layout snapshots. A structural change
 * pushes the layout as it was onto `past` and empties `future`; undo pushes
 * the layout as it is onto `future` and brings back the top of `past` (redo
 * the other way round). Snapshots are cheap: the domain's layout functions
 * share every row and cell they do not change.
 *
 * A snapshot is stale about content (typing is not recorded), so it is never
 * put back as it is. `restoreStructure` takes from it the rows, the order and
 * each cell's place, type and span, and from the layout as it is now the
 * content of every cell that is still there with the same type. So undoing
 * a change never loses what was typed after it. A cell that is gone now comes
 * back with the content it had when it went: whatever removed it (a change,
 * an undo, a redo) pushed the layout holding its latest content onto the stack
 * that leads back to it. A cell whose type the step changed gets the content
 * of the type it goes back to (what it held before the retype); what it holds
 * now waits in the other stack for a redo.
 */
export interface LayoutHistory {
  past: HistoryStep[];
  future: HistoryStep[];
}

/** A layout to go back (or forward) to, and what the step did, in Spanish ("añadir fila"), to tell it. */
export interface HistoryStep {
  layout: Layout;
  change: string;
}

/** How many steps can be undone; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

export const emptyHistory = (): LayoutHistory => ({ past: [], future: [] });

const keepLast = (steps: HistoryStep[]): HistoryStep[] => (steps.length > HISTORY_LIMIT ? steps.slice(steps.length - HISTORY_LIMIT) : steps);

/** After a structural change from `before`: one more step to undo, nothing left to redo. */
export function recordStep(history: LayoutHistory, before: Layout, change: string): LayoutHistory {
  return { past: keepLast([...history.past, { layout: before, change }]), future: [] };
}

/** A layout's structure only, as text: row ids and, per cell, id, type and span. */
const structureOf = (layout: Layout): string =>
  JSON.stringify(layout.map((row) => [row.id, row.cells.map((cell) => [cell.id, cell.type, cell.columnSpan ?? null])]));

/** Whether two layouts differ only in their cells' content (then a change is no step). */
export const sameStructure = (a: Layout, b: Layout): boolean => a === b || structureOf(a) === structureOf(b);

/** Every cell of a layout by id. */
const cellsById = (layout: Layout): Map<string, LayoutCell> => new Map(layout.flatMap((row) => row.cells.map((cell) => [cell.id, cell] as const)));

/**
 * The snapshot's structure with today's content (see above). Rows and cells
 * that end up as they are now are today's objects, so the editor re-renders
 * only what the step really changed.
 */
export function restoreStructure(snapshot: Layout, now: Layout): Layout {
  const current = cellsById(now);
  const rowsNow = new Map(now.map((row) => [row.id, row]));
  return snapshot.map((row): LayoutRow => {
    const cells = row.cells.map((cell) => {
      const live = current.get(cell.id);
      if (!live || live.type !== cell.type) return cell;
      return live.columnSpan === cell.columnSpan ? live : { ...live, columnSpan: cell.columnSpan };
    });
    const rowNow = rowsNow.get(row.id);
    if (rowNow && rowNow.cells.length === cells.length && rowNow.cells.every((cell, i) => cell === cells[i])) return rowNow;
    return { ...row, cells };
  });
}

export type HistoryDirection = 'undo' | 'redo';

/**
 * One step back (undo) or forward (redo) from `now`: the layout to show, the
 * history after it and what the step did; null when there is nothing that way.
 */
export function travel(
  history: LayoutHistory,
  now: Layout,
  direction: HistoryDirection,
): { rows: Layout; history: LayoutHistory; change: string } | null {
  const from = direction === 'undo' ? history.past : history.future;
  const to = direction === 'undo' ? history.future : history.past;
  const step = from.at(-1);
  if (!step) return null;
  const rest = from.slice(0, -1);
  // The layout as it is now, typing included, is what the opposite move returns to.
  const other = keepLast([...to, { layout: now, change: step.change }]);
  return {
    rows: restoreStructure(step.layout, now),
    history: direction === 'undo' ? { past: rest, future: other } : { past: other, future: rest },
    change: step.change,
  };
}
