import type { Layout, LayoutCell } from '@/domain/entities';
import { isCellType, spanOf } from '@/domain/layout';
import { customProperties } from './custom-properties';
import { LayoutCellView } from './layout-cell-view';
import './ui.css';

/**
 * What makes an element one cell of the grid below: its class and span. The
 * admin's layout editor puts its cells in the same grid with these.
 */
export const layoutCellProps = (cell: Pick<LayoutCell, 'type' | 'columnSpan'>) => ({
  className: `ui-layout-cell ui-layout-cell--${cell.type}`,
  style: customProperties({ '--span': Math.min(4, Math.max(1, spanOf(cell))) }),
  'data-span': spanOf(cell),
});

/**
 * A publication's layout as requirements §2 shows it: rows of a 4-column grid, each
 * cell spanning its columnSpan (default 1); one column on phones. Cells of
 * unknown types take no room.
 */
export function LayoutGrid({ layout }: { layout: Layout | null | undefined }) {
  const rows = (layout ?? [])
    .map((row) => ({ ...row, cells: (row.cells ?? []).filter((cell) => isCellType(cell.type)) }))
    .filter((row) => row.cells.length > 0);
  if (rows.length === 0) return null;
  return (
    <div className="ui-layout">
      {rows.map((row, r) => (
        <div className="ui-layout-row" key={row.id ?? r}>
          {row.cells.map((cell, c) => (
            <div key={cell.id ?? c} {...layoutCellProps(cell)}>
              <LayoutCellView cell={cell} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
