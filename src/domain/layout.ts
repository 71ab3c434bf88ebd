import { isOneOf, isRecord } from './guards';
import { isDocumentKind } from './documents';
import { CELL_TYPES, type CellType, type Layout, type LayoutCell, type LayoutRow } from './entities';
import { DEFAULT_COLUMN_SPAN, LAYOUT_COLUMNS, MIN_COLUMN_SPAN } from './limits';
import { messages } from './messages';

/** A cell's span, defaulting to 1 as requirements §2 says. */
export function spanOf(cell: Pick<LayoutCell, 'columnSpan'>): number {
  return cell.columnSpan ?? DEFAULT_COLUMN_SPAN;
}

export function usedColumns(row: Pick<LayoutRow, 'cells'>): number {
  return row.cells.reduce((sum, cell) => sum + spanOf(cell), 0);
}

/** Columns still free in a row; a new cell takes all of them (requirements §5). */
export function remainingColumns(row: Pick<LayoutRow, 'cells'>): number {
  return Math.max(0, LAYOUT_COLUMNS - usedColumns(row));
}

export function isCellType(value: unknown): value is CellType {
  return isOneOf(CELL_TYPES, value);
}

function isValidColumnSpan(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_COLUMN_SPAN && value <= LAYOUT_COLUMNS;
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

/** What is wrong with a layout and where: `row` and `cell` (zero-based) when it concerns one. */
export interface LayoutProblem {
  path: string;
  message: string;
  row?: number;
  cell?: number;
}

/**
 * A layout problem as the editor reads it and the server sends it (the
 * `layout` field's message): 'Fila 2, celda 1: Introduzca una URL válida.',
 * or the bare message when it concerns the whole layout. readLayoutErrorText
 * reads the place back, so the editor can mark the cell the server means.
 */
export function layoutErrorText({ message, row, cell }: Pick<LayoutProblem, 'message' | 'row' | 'cell'>): string {
  if (row === undefined) return message;
  // The editor's own refusal reads as a sentence: 'Elija el tipo de la celda 1 de la fila 2'.
  if (message === messages.cellTypeMissing && cell !== undefined) return `${message} de la celda ${cell + 1} de la fila ${row + 1}`;
  return `Fila ${row + 1}${cell === undefined ? '' : `, celda ${cell + 1}`}: ${message}`;
}

const PLACED_ERROR = /^Fila (\d+)(?:, celda (\d+))?: ([\s\S]+)$/;

export function readLayoutErrorText(text: string): Pick<LayoutProblem, 'message' | 'row' | 'cell'> {
  const placed = PLACED_ERROR.exec(text);
  if (!placed) return { message: text };
  return { message: placed[3], row: Number(placed[1]) - 1, ...(placed[2] === undefined ? {} : { cell: Number(placed[2]) - 1 }) };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * What a 'Documento' cell carries besides its address: the library item, its title as shown here,
 * its size and kind. Only well-formed ones are kept; the server sets all but the title from the library.
 */
function documentFacts(cell: Record<string, unknown>): Pick<LayoutCell, 'mediaId' | 'title' | 'size' | 'format'> {
  return {
    ...(isCount(cell.mediaId) ? { mediaId: cell.mediaId } : {}),
    ...(typeof cell.title === 'string' && cell.title.trim() !== '' ? { title: cell.title.trim() } : {}),
    ...(isCount(cell.size) ? { size: cell.size } : {}),
    ...(isDocumentKind(cell.format) ? { format: cell.format } : {}),
  };
}

/**
 * Checks an untrusted layout (parsed JSON) against requirements §3 and §5: an array of
 * rows with string ids and cells; cell types text/image/video; string content;
 * spans 1-4; at most four columns a row. Returns the first problem, or the
 * layout typed when it is sound.
 */
export function parseLayout(value: unknown): { layout: Layout } | { problem: LayoutProblem } {
  if (!Array.isArray(value)) return { problem: { path: 'layout', message: messages.invalidLayout } };
  const layout: Layout = [];
  for (const [r, row] of value.entries()) {
    const at = `layout[${r}]`;
    if (!isRecord(row) || !Array.isArray(row.cells)) return { problem: { path: at, message: messages.invalidLayout, row: r } };
    const cells: LayoutCell[] = [];
    for (const [c, cell] of row.cells.entries()) {
      const cellAt = `${at}.cells[${c}]`;
      const place = { row: r, cell: c };
      if (!isRecord(cell)) return { problem: { path: cellAt, message: messages.invalidLayout, ...place } };
      if (!isCellType(cell.type)) return { problem: { path: `${cellAt}.type`, message: messages.invalidCellType, ...place } };
      if (cell.content !== undefined && cell.content !== null && typeof cell.content !== 'string') {
        return { problem: { path: `${cellAt}.content`, message: messages.invalidLayout, ...place } };
      }
      if (cell.columnSpan !== undefined && !isValidColumnSpan(cell.columnSpan)) {
        return { problem: { path: `${cellAt}.columnSpan`, message: messages.invalidColumnSpan, ...place } };
      }
      cells.push({
        id: cell.id === undefined || cell.id === null ? `cell-${r}-${c}` : String(cell.id),
        type: cell.type,
        content: cell.content ?? '',
        columnSpan: cell.columnSpan ?? DEFAULT_COLUMN_SPAN,
        ...(typeof cell.publicationId === 'number' ? { publicationId: cell.publicationId } : {}),
        ...(cell.type === 'image' && typeof cell.alt === 'string' && cell.alt.trim() !== '' ? { alt: cell.alt.trim() } : {}),
        ...(cell.type === 'document' ? documentFacts(cell) : {}),
      });
    }
    const parsedRow: LayoutRow = { id: row.id === undefined || row.id === null ? `row-${r}` : String(row.id), cells };
    if (usedColumns(parsedRow) > LAYOUT_COLUMNS) return { problem: { path: at, message: messages.layoutTooWide, row: r } };
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

/*
 * Editing a layout (the admin's layout editor). Every function is pure: it
 * returns a new layout, sharing the rows and cells it did not touch, or the
 * Spanish message (requirements §5) when the change is refused and nothing changes.
 */

export type LayoutChange = { layout: Layout } | { error: string };

const mapRow = (layout: Layout, rowId: string, change: (row: LayoutRow) => LayoutRow): Layout =>
  layout.map((row) => (row.id === rowId ? change(row) : row));

const mapCell = (layout: Layout, cellId: string, change: (cell: LayoutCell) => LayoutCell): Layout =>
  layout.map((row) =>
    row.cells.some((cell) => cell.id === cellId)
      ? { ...row, cells: row.cells.map((cell) => (cell.id === cellId ? change(cell) : cell)) }
      : row,
  );

/** Where a cell is: its row's index and its own index in that row; null when absent. */
export function findCell(layout: Layout, cellId: string): { rowIndex: number; cellIndex: number } | null {
  for (const [rowIndex, row] of layout.entries()) {
    const cellIndex = row.cells.findIndex((cell) => cell.id === cellId);
    if (cellIndex !== -1) return { rowIndex, cellIndex };
  }
  return null;
}

const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
};

/**
 * The shapes 'Añadir fila' offers, as the spans of their cells. The grid has
 * four columns (requirements §2), so three equal thirds cannot be drawn: three
 * cells are a quarter, a half and a quarter (docs/decisions/201).
 */
export const ROW_SHAPES = [
  { label: 'Una columna', spans: [4] },
  { label: 'Dos mitades', spans: [2, 2] },
  { label: 'Cuarto, mitad y cuarto', spans: [1, 2, 1] },
  { label: 'Cuatro cuartos', spans: [1, 1, 1, 1] },
  { label: 'Cuarto y tres cuartos', spans: [1, 3] },
  { label: 'Tres cuartos y cuarto', spans: [3, 1] },
] as const satisfies readonly { label: string; spans: readonly number[] }[];

/**
 * A cell just added in the editor: its type is not chosen yet. It is a text
 * cell with no content for everything that reads layouts (the phone preview,
 * a draft kept in the browser), but the editor asks its type instead of
 * showing an editor, and the form does not send a layout that holds one.
 */
export function untypedCell(id: string, columnSpan?: number): LayoutCell {
  const cell: LayoutCell & { untyped: true } = { id, type: 'text', content: '', untyped: true, ...(columnSpan ? { columnSpan } : {}) };
  return cell;
}

export const isUntyped = (cell: LayoutCell): cell is LayoutCell & { untyped: true } => 'untyped' in cell && cell.untyped === true;

/** Where the cells whose type is not chosen yet are (zero-based), in reading order. */
export function untypedCells(layout: Layout): { row: number; cell: number }[] {
  return layout.flatMap((row, r) => row.cells.flatMap((cell, c) => (isUntyped(cell) ? [{ row: r, cell: c }] : [])));
}

/** Gives a new cell its type (from then on it is a cell like any other). */
export function chooseCellType(layout: Layout, cellId: string, type: CellType): Layout {
  return mapCell(layout, cellId, (cell) => {
    if (!isUntyped(cell)) return cell;
    const { untyped: _untyped, ...typed } = cell;
    return { ...typed, type, content: '' };
  });
}

/** A row at the end of the layout: empty, or of the cells given (a shape of ROW_SHAPES). */
export function addRow(layout: Layout, rowId: string, cells: LayoutCell[] = []): Layout {
  return [...layout, { id: rowId, cells }];
}

export function removeRow(layout: Layout, rowId: string): Layout {
  return layout.filter((row) => row.id !== rowId);
}

/** A copy of a row, right below it; the copy and its cells get new ids (`{copyId}-{n}` for cells). */
export function duplicateRow(layout: Layout, rowId: string, copyId: string): Layout {
  const index = layout.findIndex((row) => row.id === rowId);
  if (index === -1) return layout;
  const copy: LayoutRow = { id: copyId, cells: layout[index].cells.map((cell, n) => ({ ...cell, id: `${copyId}-${n + 1}` })) };
  return [...layout.slice(0, index + 1), copy, ...layout.slice(index + 1)];
}

/** Moves a row to position `toIndex` (clamped to the layout). */
export function moveRow(layout: Layout, rowId: string, toIndex: number): Layout {
  const index = layout.findIndex((row) => row.id === rowId);
  return index === -1 ? layout : moveItem(layout, index, toIndex);
}

/** Adds a cell at the end of a row, taking all the remaining columns; refused when the row is full. */
export function addCell(layout: Layout, rowId: string, cell: Omit<LayoutCell, 'columnSpan'>): LayoutChange {
  const row = layout.find((r) => r.id === rowId);
  if (!row) return { layout };
  const room = spanForNewCell(row);
  if ('error' in room) return room;
  return { layout: mapRow(layout, rowId, (r) => ({ ...r, cells: [...r.cells, { ...cell, columnSpan: room.span }] })) };
}

export function removeCell(layout: Layout, cellId: string): Layout {
  return layout.map((row) =>
    row.cells.some((cell) => cell.id === cellId) ? { ...row, cells: row.cells.filter((cell) => cell.id !== cellId) } : row,
  );
}

/** Changes a cell's span; refused when the row would exceed four columns. */
export function changeCellSpan(layout: Layout, cellId: string, span: number): LayoutChange {
  const at = findCell(layout, cellId);
  if (!at) return { layout };
  const error = checkSpanChange(layout[at.rowIndex], cellId, span);
  return error ? { error } : { layout: mapCell(layout, cellId, (cell) => ({ ...cell, columnSpan: span })) };
}

/** Changes a cell's type; its content (and what goes with it: an image's alt, a document's facts) is cleared (requirements §4). */
export function changeCellType(layout: Layout, cellId: string, type: CellType): Layout {
  return mapCell(layout, cellId, (cell) => {
    if (cell.type === type) return cell;
    const { alt: _alt, mediaId: _mediaId, title: _title, size: _size, format: _format, ...rest } = cell;
    return { ...rest, type, content: '' };
  });
}

/** What a cell's fields may change to: its content, an image's alternative text, a document and its title. */
export type CellPatch = Partial<Pick<LayoutCell, 'content' | 'alt' | 'mediaId' | 'title' | 'size' | 'format'>>;

/** Sets a cell's content and, for images, its alternative text; for documents, the chosen one and its title. */
export function updateCell(layout: Layout, cellId: string, patch: CellPatch): Layout {
  return mapCell(layout, cellId, (cell) => ({ ...cell, ...patch }));
}

/**
 * Moves a cell to position `toIndex` of row `toRowId` (its own row or
 * another). Moving it into another row is refused when that row has no room
 * for the cell's span.
 */
export function moveCell(layout: Layout, cellId: string, toRowId: string, toIndex: number): LayoutChange {
  const from = findCell(layout, cellId);
  const toRowIndex = layout.findIndex((row) => row.id === toRowId);
  if (!from || toRowIndex === -1) return { layout };
  const cell = layout[from.rowIndex].cells[from.cellIndex];
  if (toRowIndex === from.rowIndex) {
    return { layout: mapRow(layout, toRowId, (row) => ({ ...row, cells: moveItem(row.cells, from.cellIndex, toIndex) })) };
  }
  if (usedColumns(layout[toRowIndex]) + spanOf(cell) > LAYOUT_COLUMNS) return { error: messages.layoutTooWide };
  return {
    layout: layout.map((row, index) => {
      if (index === from.rowIndex) return { ...row, cells: row.cells.filter((c) => c.id !== cellId) };
      if (index !== toRowIndex) return row;
      const cells = [...row.cells];
      cells.splice(Math.max(0, Math.min(toIndex, cells.length)), 0, cell);
      return { ...row, cells };
    }),
  };
}

/** How many image cells have a picture but no alternative text (the editor warns before publishing). */
export function imagesWithoutAlt(layout: Layout): number {
  return layout.reduce(
    (count, row) => count + row.cells.filter((cell) => cell.type === 'image' && cell.content && !cell.alt?.trim()).length,
    0,
  );
}
