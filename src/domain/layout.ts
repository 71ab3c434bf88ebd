import { CELL_TYPES, type CellType, type Layout, type LayoutCell, type LayoutRow } from './entities';
import { DEFAULT_COLUMN_SPAN, LAYOUT_COLUMNS, MIN_COLUMN_SPAN } from './limits';
import { messages } from './messages';

/** A cell's span, defaulting to 1 as SPEC §2 says. */
export function spanOf(cell: Pick<LayoutCell, 'columnSpan'>): number {
  return cell.columnSpan ?? DEFAULT_COLUMN_SPAN;
}

export function usedColumns(row: Pick<LayoutRow, 'cells'>): number {
  return row.cells.reduce((sum, cell) => sum + spanOf(cell), 0);
}

/** Columns still free in a row; a new cell takes all of them (SPEC §5). */
export function remainingColumns(row: Pick<LayoutRow, 'cells'>): number {
  return Math.max(0, LAYOUT_COLUMNS - usedColumns(row));
}

export function isCellType(value: unknown): value is CellType {
  return typeof value === 'string' && (CELL_TYPES as readonly string[]).includes(value);
}

export function isValidColumnSpan(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_COLUMN_SPAN && (value as number) <= LAYOUT_COLUMNS;
}

/**
 * Whether a cell's span may change to `span` without the row exceeding four
 * columns. Returns the message to show when it may not.
 */
export function checkSpanChange(row: LayoutRow, cellId: string, span: number): string | null {
  if (!isValidColumnSpan(span)) return messages.invalidColumnSpan;
  const others = row.cells.filter((c) => c.id !== cellId).reduce((sum, c) => sum + spanOf(c), 0);
  return others + span > LAYOUT_COLUMNS ? messages.layoutTooWide : null;
}

/** The span of a cell added to the row, or the message when the row is full. */
export function spanForNewCell(row: LayoutRow): { span: number } | { error: string } {
  const free = remainingColumns(row);
  return free === 0 ? { error: messages.rowFull } : { span: free };
}

export interface LayoutProblem {
  path: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks an untrusted layout (parsed JSON) against SPEC §3 and §5: an array of
 * rows with string ids and cells; cell types text/image/video; string content;
 * spans 1-4; at most four columns a row. Returns the first problem, or the
 * layout typed when it is sound.
 */
export function parseLayout(value: unknown): { layout: Layout } | { problem: LayoutProblem } {
  if (!Array.isArray(value)) return { problem: { path: 'layout', message: messages.invalidLayout } };
  const layout: Layout = [];
  for (const [r, row] of value.entries()) {
    const at = `layout[${r}]`;
    if (!isRecord(row) || !Array.isArray(row.cells)) return { problem: { path: at, message: messages.invalidLayout } };
    const cells: LayoutCell[] = [];
    for (const [c, cell] of row.cells.entries()) {
      const cellAt = `${at}.cells[${c}]`;
      if (!isRecord(cell)) return { problem: { path: cellAt, message: messages.invalidLayout } };
      if (!isCellType(cell.type)) return { problem: { path: `${cellAt}.type`, message: messages.invalidCellType } };
      if (cell.content !== undefined && cell.content !== null && typeof cell.content !== 'string') {
        return { problem: { path: `${cellAt}.content`, message: messages.invalidLayout } };
      }
      if (cell.columnSpan !== undefined && !isValidColumnSpan(cell.columnSpan)) {
        return { problem: { path: `${cellAt}.columnSpan`, message: messages.invalidColumnSpan } };
      }
      cells.push({
        id: cell.id === undefined || cell.id === null ? `cell-${r}-${c}` : String(cell.id),
        type: cell.type,
        content: (cell.content as string | undefined | null) ?? '',
        columnSpan: (cell.columnSpan as number | undefined) ?? DEFAULT_COLUMN_SPAN,
        ...(typeof cell.publicationId === 'number' ? { publicationId: cell.publicationId } : {}),
      });
    }
    const parsedRow: LayoutRow = { id: row.id === undefined || row.id === null ? `row-${r}` : String(row.id), cells };
    if (usedColumns(parsedRow) > LAYOUT_COLUMNS) return { problem: { path: at, message: messages.layoutTooWide } };
    layout.push(parsedRow);
  }
  return { layout };
}

/** The first text cell's content, in reading order (used for excerpts). */
export function firstTextContent(layout: Layout | null | undefined): string {
  for (const row of layout ?? []) {
    for (const cell of row.cells ?? []) {
      if (cell.type === 'text' && cell.content) return cell.content;
    }
  }
  return '';
}
