import { ROW_DROPPABLE } from './drag-messages';

/** Room left between a row and the window's edge once it is brought into view. */
const MARGIN_PX = 48;

/**
 * Before a cell's keyboard drag is measured (DragDropContext's onBeforeCapture):
 * the drag library moves a lifted cell into another row only when that row can
 * be seen, so a row below the fold (a tall video cell above it, a small window)
 * could not be reached with ↓. This scrolls the row below, or else the row
 * above, into the window, as far as a part of the lifted cell stays in it
 * (the library then keeps the cell in view wherever it moves).
 */
export function bringNeighbourRowsIntoView(cellId: string, within: ParentNode = document): void {
  const cell = within.querySelector<HTMLElement>(`[data-rfd-draggable-id="${CSS.escape(cellId)}"]`);
  // Each row's cells are a drop area of their own; the list of rows is the other kind.
  const rows = [...within.querySelectorAll<HTMLElement>('[data-rfd-droppable-id]')].filter(
    (element) => element.dataset.rfdDroppableId !== ROW_DROPPABLE,
  );
  const index = cell ? rows.findIndex((row) => row.contains(cell)) : -1;
  if (!cell || index < 0) return;
  const height = window.innerHeight;
  const box = cell.getBoundingClientRect();
  const below = rows[index + 1]?.getBoundingClientRect();
  const above = rows[index - 1]?.getBoundingClientRect();
  if (below && below.top > height - MARGIN_PX) {
    window.scrollBy({ top: Math.min(below.top - (height - MARGIN_PX), Math.max(0, box.bottom - MARGIN_PX)), behavior: 'instant' });
  } else if (above && above.bottom < MARGIN_PX) {
    window.scrollBy({ top: -Math.min(MARGIN_PX - above.bottom, Math.max(0, height - box.top - MARGIN_PX)), behavior: 'instant' });
  }
}
