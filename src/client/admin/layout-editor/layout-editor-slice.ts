import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CellType, Layout } from '@/domain/entities';
import {
  addCell,
  addRow,
  changeCellSpan,
  changeCellType,
  duplicateRow,
  findCell,
  moveCell,
  moveRow,
  removeCell,
  removeRow,
  updateCell,
  type LayoutChange,
} from '@/domain/layout';
import { rootReducer } from '@/client/app/store';
import { emptyHistory, recordStep, sameStructure, travel, type HistoryDirection, type LayoutHistory } from './layout-history';

/** The last change the rules refused: its Spanish message, shown on the row it concerns. */
export interface LayoutRefusal {
  rowId: string;
  message: string;
  /** Grows with every refusal, so that the same message twice is announced twice. */
  seq: number;
}

/**
 * The publication's row/cell layout while it is being edited (requirements §4, §5).
 * The rules live in src/domain/layout.ts; this slice applies them and keeps
 * what the screen needs besides: the last refusal, the text cell whose
 * rich-text editor is open, and the undo history of structural changes
 * (layout-history.ts says what is a step and how content survives undo).
 */
export interface LayoutEditorState {
  rows: Layout;
  refusal: LayoutRefusal | null;
  /** At most one rich-text editor at a time: the others show their rendered HTML. */
  editingCellId: string | null;
  history: LayoutHistory;
}

const initialState: LayoutEditorState = { rows: [], refusal: null, editingCellId: null, history: emptyHistory() };

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
  cellMoved: 'mover celda',
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

/**
 * Puts a structural change in place: one step in the history, unless it
 * changed nothing (a row moved onto its own place, a type chosen again).
 */
function set(state: LayoutEditorState, rows: Layout, change: string): void {
  state.refusal = null;
  if (sameStructure(state.rows, rows)) return;
  state.history = recordStep(state.history, state.rows, change);
  state.rows = rows;
}

/** Applies a change the rules may refuse: the new rows, or the refusal on `rowId` (which is no step). */
function apply(state: LayoutEditorState, outcome: LayoutChange, rowId: string, change: string): void {
  if ('error' in outcome) {
    state.refusal = { rowId, message: outcome.error, seq: (state.refusal?.seq ?? 0) + 1 };
  } else {
    set(state, outcome.layout, change);
  }
}

/** Undo or redo; the rich-text editor closes when its cell is no longer a text cell. */
function travelThroughHistory(state: LayoutEditorState, direction: HistoryDirection): void {
  const moved = travel(state.history, state.rows, direction);
  if (!moved) return;
  state.rows = moved.rows;
  state.history = moved.history;
  state.refusal = null;
  const editing = state.editingCellId === null ? null : findCell(moved.rows, state.editingCellId);
  if (!editing || moved.rows[editing.rowIndex].cells[editing.cellIndex].type !== 'text') state.editingCellId = null;
}

export const layoutEditorSlice = createSlice({
  name: 'layoutEditor',
  initialState,
  reducers: {
    /** Starts editing a layout: a publication's, or [] for a new one. */
    layoutLoaded: (_state, action: PayloadAction<Layout>) => ({ ...initialState, rows: action.payload }),
    rowAdded: {
      reducer: (state, action: PayloadAction<{ rowId: string }>) => set(state, addRow(rowsOf(state), action.payload.rowId), CHANGES.rowAdded),
      prepare: () => ({ payload: { rowId: newId() } }),
    },
    rowRemoved: (state, action: PayloadAction<{ rowId: string }>) => set(state, removeRow(rowsOf(state), action.payload.rowId), CHANGES.rowRemoved),
    rowDuplicated: {
      reducer: (state, action: PayloadAction<{ rowId: string; copyId: string }>) =>
        set(state, duplicateRow(rowsOf(state), action.payload.rowId, action.payload.copyId), CHANGES.rowDuplicated),
      prepare: (rowId: string) => ({ payload: { rowId, copyId: newId() } }),
    },
    rowMoved: (state, action: PayloadAction<{ rowId: string; toIndex: number }>) =>
      set(state, moveRow(rowsOf(state), action.payload.rowId, action.payload.toIndex), CHANGES.rowMoved),
    /** A text cell at the end of the row, taking the remaining columns, its editor open. */
    cellAdded: {
      reducer: (state, action: PayloadAction<{ rowId: string; cellId: string }>) => {
        const { rowId, cellId } = action.payload;
        apply(state, addCell(rowsOf(state), rowId, { id: cellId, type: 'text', content: '' }), rowId, CHANGES.cellAdded);
        if (!state.refusal) state.editingCellId = cellId;
      },
      prepare: (rowId: string) => ({ payload: { rowId, cellId: newId() } }),
    },
    cellRemoved: (state, action: PayloadAction<{ cellId: string }>) => set(state, removeCell(rowsOf(state), action.payload.cellId), CHANGES.cellRemoved),
    cellSpanChanged: (state, action: PayloadAction<{ cellId: string; span: number }>) => {
      const rows = rowsOf(state);
      apply(state, changeCellSpan(rows, action.payload.cellId, action.payload.span), rowIdOfCell(rows, action.payload.cellId), CHANGES.cellSpanChanged);
    },
    cellTypeChanged: (state, action: PayloadAction<{ cellId: string; type: CellType }>) =>
      set(state, changeCellType(rowsOf(state), action.payload.cellId, action.payload.type), CHANGES.cellTypeChanged),
    /** Content is typing, not structure: no history step (TinyMCE keeps its own). */
    cellContentChanged: (state, action: PayloadAction<{ cellId: string; content: string }>) => {
      state.rows = updateCell(rowsOf(state), action.payload.cellId, { content: action.payload.content });
    },
    cellAltChanged: (state, action: PayloadAction<{ cellId: string; alt: string }>) => {
      state.rows = updateCell(rowsOf(state), action.payload.cellId, { alt: action.payload.alt });
    },
    /** Moves a cell within its row or into another; refusals show on the row it came from. */
    cellMoved: (state, action: PayloadAction<{ cellId: string; toRowId: string; toIndex: number }>) => {
      const rows = rowsOf(state);
      const { cellId, toRowId, toIndex } = action.payload;
      apply(state, moveCell(rows, cellId, toRowId, toIndex), rowIdOfCell(rows, cellId), CHANGES.cellMoved);
    },
    textEditingStarted: (state, action: PayloadAction<{ cellId: string | null }>) => {
      state.editingCellId = action.payload.cellId;
    },
    refusalDismissed: (state) => {
      state.refusal = null;
    },
    /** Takes back the last structural change, keeping what was typed since (layout-history.ts). */
    undone: (state) => travelThroughHistory(state, 'undo'),
    redone: (state) => travelThroughHistory(state, 'redo'),
  },
  selectors: {
    selectRows: (state) => state.rows,
    selectRefusal: (state) => state.refusal,
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
export const injectedLayoutEditorSlice = layoutEditorSlice.injectInto(rootReducer);

export const layoutEditorActions = layoutEditorSlice.actions;

/** The layout as it stands (what the publication form sends as `layout`). */
export const { selectRows: selectEditedLayout, selectRefusal, selectEditingCellId, selectUndoChange, selectRedoChange } = injectedLayoutEditorSlice.selectors;
