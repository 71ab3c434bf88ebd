import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CellType, Layout, LayoutCell } from '@/domain/entities';
import {
  addCell,
  addRow,
  changeCellSpan,
  changeCellType,
  chooseCellType,
  duplicateRow,
  findCell,
  isUntyped,
  layoutErrorText,
  moveCell,
  readLayoutErrorText,
  moveRow,
  removeCell,
  removeRow,
  untypedCell,
  untypedCells,
  updateCell,
  type CellPatch,
  type LayoutChange,
} from '@/domain/layout';
import { messages } from '@/domain/messages';
import { rootReducer } from '@/client/app/store';
import {
  emptyHistory,
  recordStep,
  recordTyping,
  sameStructure,
  travel,
  type HistoryDirection,
  type LayoutHistory,
  type Typing,
} from './layout-history';

/**
 * The last change the rules refused, shown on the row it concerns (for a cell
 * moved into a full row, the row it did not fit in). Its message names the
 * cell and rows ('Fila 2, celda 1: no cabe en la fila 1. …').
 */
export interface LayoutRefusal {
  rowId: string;
  message: string;
  /** Grows with every refusal, so that the same message twice is announced twice. */
  seq: number;
}

/**
 * A problem the server found in the layout when saving: on a cell (or a whole
 * row), kept by id so it stays on its cell when rows move, until that cell
 * changes or the layout is loaded again. `message` is the bare rule
 * ('Introduzca una URL válida.'); selectLayoutErrors says where it is now.
 */
export interface LayoutError {
  /** null: the whole layout. */
  rowId: string | null;
  cellId: string | null;
  message: string;
}

/** A layout error as shown: its words name the row and cell where it is now ('Fila 2, celda 1: …'). */
export interface PlacedLayoutError extends LayoutError {
  text: string;
}

/**
 * The publication's row/cell layout while it is being edited (requirements §4, §5).
 * The rules live in src/domain/layout.ts; this slice applies them and keeps
 * what the screen needs besides: the last refusal, the text cell whose
 * rich-text editor is open, the undo history (layout-history.ts says what is
 * a step), and the problems the server found in the layout when saving.
 */
export interface LayoutEditorState {
  rows: Layout;
  refusal: LayoutRefusal | null;
  /** At most one rich-text editor at a time: the others show their rendered HTML. */
  editingCellId: string | null;
  history: LayoutHistory;
  errors: LayoutError[];
}

const initialState: LayoutEditorState = { rows: [], refusal: null, editingCellId: null, history: emptyHistory(), errors: [] };

/** What each structural change is called when undone or redone ("Deshecho: añadir fila"). */
const CHANGES = {
  rowAdded: 'añadir fila',
  rowRemoved: 'eliminar fila',
  rowDuplicated: 'duplicar fila',
  rowMoved: 'mover fila',
  cellAdded: 'añadir celda',
  cellRemoved: 'eliminar celda',
  cellSpanChanged: 'cambiar las columnas de una celda',
  cellTypeChanged: 'cambiar el tipo de una celda',
  cellTypeChosen: 'elegir el tipo de una celda',
  cellMoved: 'mover celda',
  text: 'escribir texto',
  image: 'cambiar la imagen',
  video: 'escribir el enlace del vídeo',
  document: 'cambiar el documento',
  alt: 'escribir el texto alternativo',
  title: 'escribir el título del documento',
} as const;

/**
 * An id for a new row or cell, unique within a layout. (Not RTK's nanoid: every
 * RTK export used anywhere is kept in the shared module of the public bundle.)
 */
const newId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The rows the domain rules work on; they share what they do not change. */
const rowsOf = (state: LayoutEditorState): Layout => state.rows;

const rowIdOfCell = (rows: Layout, cellId: string): string => {
  const at = findCell(rows, cellId);
  return at ? rows[at.rowIndex].id : '';
};

/** Drops the server's errors about cells that are gone or that `changedCellId` just changed. */
function forgetErrors(state: LayoutEditorState, changedCellId?: string): void {
  if (state.errors.length === 0) return;
  state.errors = state.errors.filter(({ rowId, cellId }) =>
    cellId === null
      ? rowId === null || state.rows.some((row) => row.id === rowId)
      : cellId !== changedCellId && findCell(state.rows, cellId) !== undefined,
  );
}

/**
 * Puts a structural change in place: one step in the history, unless it
 * changed nothing (a row moved onto its own place, a type chosen again).
 */
function set(state: LayoutEditorState, rows: Layout, change: string, cellId?: string): void {
  state.refusal = null;
  if (sameStructure(state.rows, rows)) return;
  state.history = recordStep(state.history, state.rows, change);
  state.rows = rows;
  forgetErrors(state, cellId);
}

/** Applies a change the rules may refuse: the new rows, or the refusal (which is no step). */
function apply(
  state: LayoutEditorState,
  outcome: LayoutChange,
  refused: Omit<LayoutRefusal, 'seq'>,
  change: string,
  cellId?: string,
): void {
  if ('error' in outcome) {
    state.refusal = { ...refused, seq: (state.refusal?.seq ?? 0) + 1 };
  } else {
    set(state, outcome.layout, change, cellId);
  }
}

/** Where a cell is, for messages: 'Fila 2, celda 1: …' (1-based, as shown). */
const placeOf = (rows: Layout, cellId: string) => {
  const at = findCell(rows, cellId);
  return at ? { row: at.rowIndex, cell: at.cellIndex } : {};
};

/**
 * Typing in a cell's field: a step of its own, or part of the step of the
 * keystrokes just before it (layout-history.ts). An image or a document chosen
 * is a step of its own, never merged.
 */
function type(state: LayoutEditorState, cellId: string, field: Typing['field'], patch: CellPatch, at: number): void {
  const found = findCell(state.rows, cellId);
  if (!found) return;
  const cell = state.rows[found.rowIndex].cells[found.cellIndex];
  if (cell[field] === patch[field]) return;
  const change = field === 'content' ? CHANGES[cell.type] : CHANGES[field];
  const before = state.rows;
  state.rows = updateCell(before, cellId, patch);
  state.history =
    field === 'content' && (cell.type === 'image' || cell.type === 'document')
      ? recordStep(state.history, before, change)
      : recordTyping(state.history, before, change, { cellId, field, at });
  state.refusal = null;
  forgetErrors(state, cellId);
}

/** Undo or redo; the rich-text editor closes when its cell is no longer a text cell (or no longer has a type). */
function travelThroughHistory(state: LayoutEditorState, direction: HistoryDirection): void {
  const moved = travel(state.history, state.rows, direction);
  if (!moved) return;
  state.rows = moved.rows;
  state.history = moved.history;
  state.refusal = null;
  forgetErrors(state);
  const editing = state.editingCellId === null ? null : findCell(moved.rows, state.editingCellId);
  const cell = editing ? moved.rows[editing.rowIndex].cells[editing.cellIndex] : null;
  if (!cell || cell.type !== 'text' || isUntyped(cell)) state.editingCellId = null;
}

const layoutEditorSlice = createSlice({
  name: 'layoutEditor',
  initialState,
  reducers: {
    /** Starts editing a layout: a publication's, or [] for a new one. */
    layoutLoaded: (_state, action: PayloadAction<Layout>) => ({ ...initialState, rows: action.payload }),
    /** A row of the shape chosen (ROW_SHAPES' spans), its cells waiting for their types; no spans, an empty row. */
    rowAdded: {
      reducer: (state, action: PayloadAction<{ rowId: string; cells: { id: string; span: number }[] }>) => {
        const { rowId, cells } = action.payload;
        set(
          state,
          addRow(
            rowsOf(state),
            rowId,
            cells.map(({ id, span }) => untypedCell(id, span)),
          ),
          CHANGES.rowAdded,
        );
      },
      prepare: (spans: readonly number[] = []) => ({ payload: { rowId: newId(), cells: spans.map((span) => ({ id: newId(), span })) } }),
    },
    rowRemoved: (state, action: PayloadAction<{ rowId: string }>) =>
      set(state, removeRow(rowsOf(state), action.payload.rowId), CHANGES.rowRemoved),
    rowDuplicated: {
      reducer: (state, action: PayloadAction<{ rowId: string; copyId: string }>) =>
        set(state, duplicateRow(rowsOf(state), action.payload.rowId, action.payload.copyId), CHANGES.rowDuplicated),
      prepare: (rowId: string) => ({ payload: { rowId, copyId: newId() } }),
    },
    rowMoved: (state, action: PayloadAction<{ rowId: string; toIndex: number }>) =>
      set(state, moveRow(rowsOf(state), action.payload.rowId, action.payload.toIndex), CHANGES.rowMoved),
    /** A cell at the end of the row, taking the remaining columns, asking its type. */
    cellAdded: {
      reducer: (state, action: PayloadAction<{ rowId: string; cellId: string }>) => {
        const { rowId, cellId } = action.payload;
        const outcome = addCell(rowsOf(state), rowId, untypedCell(cellId));
        // Said in the row whose button was pressed, in the requirements' own words ('No hay espacio disponible en
        // esta fila'), and what to do about it.
        const message = 'error' in outcome ? `${outcome.error}. ${messages.rowFullHint}` : '';
        apply(state, outcome, { rowId, message }, CHANGES.cellAdded);
      },
      prepare: (rowId: string) => ({ payload: { rowId, cellId: newId() } }),
    },
    /** A new cell's type chosen; a text cell opens its editor, which takes the keyboard. */
    cellTypeChosen: (state, action: PayloadAction<{ cellId: string; type: CellType }>) => {
      const { cellId, type } = action.payload;
      set(state, chooseCellType(rowsOf(state), cellId, type), CHANGES.cellTypeChosen, cellId);
      if (type === 'text') state.editingCellId = cellId;
    },
    /** Saving found cells whose type is not chosen: each says so ('Elija el tipo de la celda 1 de la fila 2'). */
    untypedCellsFound: (state) => {
      state.errors = untypedCells(state.rows).map(({ row, cell }) => ({
        rowId: state.rows[row].id,
        cellId: state.rows[row].cells[cell].id,
        message: messages.cellTypeMissing,
      }));
    },
    cellRemoved: (state, action: PayloadAction<{ cellId: string }>) =>
      set(state, removeCell(rowsOf(state), action.payload.cellId), CHANGES.cellRemoved),
    cellSpanChanged: (state, action: PayloadAction<{ cellId: string; span: number }>) => {
      const rows = rowsOf(state);
      const { cellId, span } = action.payload;
      const outcome = changeCellSpan(rows, cellId, span);
      const message = 'error' in outcome ? layoutErrorText({ ...placeOf(rows, cellId), message: outcome.error }) : '';
      apply(state, outcome, { rowId: rowIdOfCell(rows, cellId), message }, CHANGES.cellSpanChanged, cellId);
    },
    cellTypeChanged: (state, action: PayloadAction<{ cellId: string; type: CellType }>) =>
      set(state, changeCellType(rowsOf(state), action.payload.cellId, action.payload.type), CHANGES.cellTypeChanged, action.payload.cellId),
    /** Typing is a step too, keystrokes coalesced (layout-history.ts); `at` says when, for that. */
    cellContentChanged: {
      reducer: (state, action: PayloadAction<{ cellId: string; content: string; at: number }>) =>
        type(state, action.payload.cellId, 'content', { content: action.payload.content }, action.payload.at),
      prepare: (payload: { cellId: string; content: string }) => ({ payload: { ...payload, at: Date.now() } }),
    },
    cellAltChanged: {
      reducer: (state, action: PayloadAction<{ cellId: string; alt: string; at: number }>) =>
        type(state, action.payload.cellId, 'alt', { alt: action.payload.alt }, action.payload.at),
      prepare: (payload: { cellId: string; alt: string }) => ({ payload: { ...payload, at: Date.now() } }),
    },
    /** A document of the library chosen for a 'Documento' cell: its address and facts, its title as the title shown. */
    cellDocumentChosen: {
      reducer: (
        state,
        action: PayloadAction<{
          cellId: string;
          document: Required<Pick<LayoutCell, 'content' | 'mediaId' | 'title' | 'size' | 'format'>>;
          at: number;
        }>,
      ) => type(state, action.payload.cellId, 'content', action.payload.document, action.payload.at),
      prepare: (payload: {
        cellId: string;
        document: Required<Pick<LayoutCell, 'content' | 'mediaId' | 'title' | 'size' | 'format'>>;
      }) => ({
        payload: { ...payload, at: Date.now() },
      }),
    },
    cellTitleChanged: {
      reducer: (state, action: PayloadAction<{ cellId: string; title: string; at: number }>) =>
        type(state, action.payload.cellId, 'title', { title: action.payload.title }, action.payload.at),
      prepare: (payload: { cellId: string; title: string }) => ({ payload: { ...payload, at: Date.now() } }),
    },
    /**
     * Moves a cell within its row or into another. A refusal shows on the row
     * it would not fit in, naming the cell and that row.
     */
    cellMoved: (state, action: PayloadAction<{ cellId: string; toRowId: string; toIndex: number }>) => {
      const rows = rowsOf(state);
      const { cellId, toRowId, toIndex } = action.payload;
      const outcome = moveCell(rows, cellId, toRowId, toIndex);
      const target = rows.findIndex((row) => row.id === toRowId);
      const message =
        'error' in outcome
          ? layoutErrorText({ ...placeOf(rows, cellId), message: `no cabe en la fila ${target + 1}. ${outcome.error}.` })
          : '';
      apply(state, outcome, { rowId: toRowId, message }, CHANGES.cellMoved);
    },
    /**
     * The server refused the layout: its messages ('Fila 2, celda 1: …', see
     * domain/layout.ts layoutErrorText) go on the cells they name, as the
     * layout stands now (the one that was sent, unless edited meanwhile).
     */
    layoutErrorsReceived: (state, action: PayloadAction<string[]>) => {
      state.errors = action.payload.map((text) => {
        const { row, cell, message } = readLayoutErrorText(text);
        const rowAt = row === undefined ? undefined : state.rows[row];
        const cellAt = cell === undefined ? undefined : rowAt?.cells[cell];
        // A place that no longer exists: the message stays, on the whole layout.
        if (!rowAt || (cell !== undefined && !cellAt)) return { rowId: null, cellId: null, message: text };
        return { rowId: rowAt.id, cellId: cellAt?.id ?? null, message };
      });
    },
    textEditingStarted: (state, action: PayloadAction<{ cellId: string | null }>) => {
      state.editingCellId = action.payload.cellId;
    },
    refusalDismissed: (state) => {
      state.refusal = null;
    },
    /** Takes back the last step, structural or typing (layout-history.ts). */
    undone: (state) => travelThroughHistory(state, 'undo'),
    redone: (state) => travelThroughHistory(state, 'redo'),
  },
  selectors: {
    selectRows: (state) => state.rows,
    selectRefusal: (state) => state.refusal,
    selectErrors: (state) => state.errors,
    selectEditingCellId: (state) => state.editingCellId,
    /** What undo would take back ("añadir fila"), or null when there is nothing to undo. */
    selectUndoChange: (state) => state.history.past.at(-1)?.change ?? null,
    selectRedoChange: (state) => state.history.future.at(-1)?.change ?? null,
  },
});

declare module '@/client/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof layoutEditorSlice> {}
}

/**
 * The slice joins the store when the admin's code first imports this module;
 * the public bundle never does. Its selectors answer the initial state until
 * the first action reaches the new reducer.
 */
const injectedLayoutEditorSlice = layoutEditorSlice.injectInto(rootReducer);

export const layoutEditorActions = layoutEditorSlice.actions;

/** The layout as it stands (what the publication form sends as `layout`). */
export const {
  selectRows: selectEditedLayout,
  selectRefusal,
  selectEditingCellId,
  selectUndoChange,
  selectRedoChange,
  selectErrors: selectLayoutErrors,
} = injectedLayoutEditorSlice.selectors;

/** Where an error is now, in words ('Fila 2, celda 1: Introduzca una URL válida.'). */
export function placeLayoutError(rows: Layout, error: LayoutError): PlacedLayoutError {
  const row = rows.findIndex((r) => r.id === error.rowId);
  if (row < 0) return { ...error, text: error.message };
  const cell = error.cellId === null ? undefined : rows[row].cells.findIndex((c) => c.id === error.cellId);
  return { ...error, text: layoutErrorText({ row, cell, message: error.message }) };
}
