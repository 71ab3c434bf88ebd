import type { Layout } from '@/domain/entities';
import { setupStore } from '@/client/app/store';
import {
  layoutEditorActions as actions,
  selectEditedLayout,
  selectEditingCellId,
  selectRedoChange,
  selectRefusal,
  selectUndoChange,
} from './layout-editor-slice';
import { HISTORY_LIMIT } from './layout-history';

const layout = (): Layout => [
  { id: 'r1', cells: [{ id: 'a', type: 'text', content: '<p>Hola</p>', columnSpan: 3 }] },
  { id: 'r2', cells: [{ id: 'b', type: 'video', content: 'https://youtu.be/abc', columnSpan: 2 }] },
];

function editorWith(rows: Layout = layout()) {
  const store = setupStore();
  store.dispatch(actions.layoutLoaded(rows));
  const rowsNow = () => selectEditedLayout(store.getState());
  /** The structure as text: "r1[a:text:3] r2[b:video:2]". */
  const shape = () => rowsNow().map((row) => `${row.id}[${row.cells.map((cell) => `${cell.id}:${cell.type}:${cell.columnSpan}`).join(' ')}]`).join(' ');
  const contentOf = (cellId: string) => rowsNow().flatMap((row) => row.cells).find((cell) => cell.id === cellId)?.content;
  return {
    store,
    rowsNow,
    shape,
    contentOf,
    undo: () => store.dispatch(actions.undone()),
    redo: () => store.dispatch(actions.redone()),
    undoChange: () => selectUndoChange(store.getState()),
    redoChange: () => selectRedoChange(store.getState()),
  };
}

test('three different structural changes are undone one by one, then redone in order', () => {
  const { store, shape, undo, redo, undoChange, redoChange } = editorWith();
  const start = shape();
  expect(undoChange()).toBeNull();

  store.dispatch(actions.cellSpanChanged({ cellId: 'b', span: 4 }));
  const resized = shape();
  store.dispatch(actions.rowMoved({ rowId: 'r2', toIndex: 0 }));
  const moved = shape();
  store.dispatch(actions.cellTypeChanged({ cellId: 'a', type: 'image' }));
  const retyped = shape();
  expect([resized, moved, retyped]).toEqual(['r1[a:text:3] r2[b:video:4]', 'r2[b:video:4] r1[a:text:3]', 'r2[b:video:4] r1[a:image:3]']);

  expect(undoChange()).toBe('cambiar el tipo de una celda');
  undo();
  expect(shape()).toBe(moved);
  expect(redoChange()).toBe('cambiar el tipo de una celda');
  undo();
  expect(shape()).toBe(resized);
  undo();
  expect(shape()).toBe(start);
  expect(undoChange()).toBeNull();
  undo(); // nothing left: no change
  expect(shape()).toBe(start);

  redo();
  expect(shape()).toBe(resized);
  redo();
  expect(shape()).toBe(moved);
  redo();
  expect(shape()).toBe(retyped);
  expect(redoChange()).toBeNull();
  expect(undoChange()).toBe('cambiar el tipo de una celda');
});

test('rows added, duplicated and removed, and cells added, moved and removed, are steps too', () => {
  const { store, shape, undo, redo } = editorWith();
  const shapes = [shape()];
  const changes = [
    actions.rowAdded(),
    actions.rowDuplicated('r1'),
    actions.cellAdded('r2'),
    actions.cellMoved({ cellId: 'b', toRowId: 'r1', toIndex: 0 }),
    actions.cellSpanChanged({ cellId: 'a', span: 1 }),
    actions.cellMoved({ cellId: 'b', toRowId: 'r1', toIndex: 0 }),
    actions.cellRemoved({ cellId: 'a' }),
    actions.rowRemoved({ rowId: 'r2' }),
  ];
  for (const change of changes) {
    store.dispatch(change);
    shapes.push(shape());
  }
  // The refused move (3 + 2 columns) left the layout as it was, so it is no step: 7 different layouts.
  expect(new Set(shapes).size).toBe(shapes.length - 1);
  const steps = [...new Set(shapes)];
  for (let i = steps.length - 2; i >= 0; i--) {
    undo();
    expect(shape()).toBe(steps[i]);
  }
  for (let i = 1; i < steps.length; i++) {
    redo();
    expect(shape()).toBe(steps[i]);
  }
});

test('a new structural change empties the redo stack', () => {
  const { store, shape, undo, redo, redoChange } = editorWith();
  store.dispatch(actions.rowAdded());
  store.dispatch(actions.rowRemoved({ rowId: 'r1' }));
  undo();
  expect(redoChange()).toBe('eliminar fila');
  store.dispatch(actions.rowMoved({ rowId: 'r2', toIndex: 0 }));
  expect(redoChange()).toBeNull();
  const after = shape();
  redo();
  expect(shape()).toBe(after);
});

test('undoing a structural change keeps the text typed after it', () => {
  const { store, rowsNow, shape, contentOf, undo, redo } = editorWith([]);
  store.dispatch(actions.rowAdded());
  store.dispatch(actions.cellAdded(rowsNow()[0].id));
  const cellId = rowsNow()[0].cells[0].id;
  store.dispatch(actions.cellContentChanged({ cellId, content: '<p>Escrito</p>' }));
  store.dispatch(actions.rowAdded());
  expect(rowsNow()).toHaveLength(2);
  // Typed after the last structural change: no snapshot holds it.
  store.dispatch(actions.cellContentChanged({ cellId, content: '<p>Escrito después</p>' }));

  undo();
  expect(rowsNow()).toHaveLength(1);
  expect(contentOf(cellId)).toBe('<p>Escrito después</p>');

  // Typing between an undo and its redo survives the redo as well.
  store.dispatch(actions.cellContentChanged({ cellId, content: '<p>Y más</p>' }));
  redo();
  expect(rowsNow()).toHaveLength(2);
  expect(contentOf(cellId)).toBe('<p>Y más</p>');

  // Undone as far as it goes and redone again, the cell comes back with its text.
  undo();
  undo();
  expect(shape()).toMatch(/^\S+\[\]$/);
  redo();
  expect(contentOf(cellId)).toBe('<p>Y más</p>');
});

test('a removed cell or row comes back with the content it had when it was removed; a retyped cell with its former content', () => {
  const { store, contentOf, rowsNow, undo, redo } = editorWith();
  store.dispatch(actions.cellContentChanged({ cellId: 'a', content: '<p>Editado</p>' }));
  store.dispatch(actions.cellRemoved({ cellId: 'a' }));
  store.dispatch(actions.rowRemoved({ rowId: 'r2' }));
  expect(rowsNow()).toEqual([{ id: 'r1', cells: [] }]);
  undo();
  expect(contentOf('b')).toBe('https://youtu.be/abc');
  undo();
  expect(contentOf('a')).toBe('<p>Editado</p>');

  // Back to video: the address it had; the image chosen meanwhile waits for the redo.
  store.dispatch(actions.cellTypeChanged({ cellId: 'b', type: 'image' }));
  store.dispatch(actions.cellContentChanged({ cellId: 'b', content: '/media/aula.webp' }));
  store.dispatch(actions.cellAltChanged({ cellId: 'b', alt: 'Aula' }));
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'video', content: 'https://youtu.be/abc', columnSpan: 2 });
  redo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'image', content: '/media/aula.webp', alt: 'Aula', columnSpan: 2 });
});

test('content edits, refused changes and changes that change nothing are no steps', () => {
  const { store, shape, undo, undoChange } = editorWith();
  store.dispatch(actions.cellContentChanged({ cellId: 'a', content: '<p>Otro</p>' }));
  store.dispatch(actions.cellAltChanged({ cellId: 'b', alt: 'x' }));
  store.dispatch(actions.rowMoved({ rowId: 'r1', toIndex: 0 }));
  store.dispatch(actions.cellTypeChanged({ cellId: 'a', type: 'text' }));
  expect(undoChange()).toBeNull();

  store.dispatch(actions.rowAdded());
  const withRow = shape();
  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 2 }));
  store.dispatch(actions.cellAdded('r1'));
  store.dispatch(actions.cellAdded('r1'));
  expect(selectRefusal(store.getState())).toMatchObject({ message: 'No hay espacio disponible en esta fila' });
  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 4 }));
  expect(selectRefusal(store.getState())).toMatchObject({ message: 'El total de columnas no puede exceder 4' });

  // Undo takes back the last accepted change (the added cell), and clears the refusal shown.
  expect(undoChange()).toBe('añadir celda');
  undo();
  expect(selectRefusal(store.getState())).toBeNull();
  undo();
  expect(shape()).toBe(withRow);
});

test(`the history keeps the last ${HISTORY_LIMIT} steps`, () => {
  const { store, rowsNow, undo, undoChange } = editorWith([]);
  for (let i = 0; i < HISTORY_LIMIT + 5; i++) store.dispatch(actions.rowAdded());
  for (let i = 0; i < HISTORY_LIMIT; i++) undo();
  expect(rowsNow()).toHaveLength(5);
  expect(undoChange()).toBeNull();
  undo();
  expect(rowsNow()).toHaveLength(5);
});

test('loading a layout starts a new history', () => {
  const { store, undoChange, redoChange, undo, rowsNow } = editorWith();
  store.dispatch(actions.rowAdded());
  store.dispatch(actions.rowAdded());
  undo();
  store.dispatch(actions.layoutLoaded(layout()));
  expect(undoChange()).toBeNull();
  expect(redoChange()).toBeNull();
  undo();
  expect(rowsNow()).toEqual(layout());
});

test("undo closes the rich-text editor of a cell it takes away, and keeps rows it does not touch as they were", () => {
  const { store, rowsNow, undo } = editorWith();
  const untouched = rowsNow()[1];
  store.dispatch(actions.cellAdded('r1'));
  expect(selectEditingCellId(store.getState())).toBe(rowsNow()[0].cells[1].id);
  undo();
  expect(selectEditingCellId(store.getState())).toBeNull();
  expect(rowsNow()[1]).toBe(untouched);
});
