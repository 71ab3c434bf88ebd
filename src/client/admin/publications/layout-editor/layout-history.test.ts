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
import { HISTORY_LIMIT, TYPING_PAUSE_MS } from './layout-history';

const layout = (): Layout => [
  { id: 'r1', cells: [{ id: 'a', type: 'text', content: '<p>Hola</p>', columnSpan: 3 }] },
  { id: 'r2', cells: [{ id: 'b', type: 'video', content: 'https://youtu.be/abc', columnSpan: 2 }] },
];

function editorWith(rows: Layout = layout()) {
  const store = setupStore();
  store.dispatch(actions.layoutLoaded(rows));
  const rowsNow = () => selectEditedLayout(store.getState());
  /** The structure as text: "r1[a:text:3] r2[b:video:2]". */
  const shape = () =>
    rowsNow()
      .map((row) => `${row.id}[${row.cells.map((cell) => `${cell.id}:${cell.type}:${cell.columnSpan}`).join(' ')}]`)
      .join(' ');
  const contentOf = (cellId: string) =>
    rowsNow()
      .flatMap((row) => row.cells)
      .find((cell) => cell.id === cellId)?.content;
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

test('typing is undone and redone too, keystrokes in one field making one step until a pause', () => {
  jest.useFakeTimers({ now: 0 });
  try {
    const { store, contentOf, rowsNow, undo, redo, undoChange, redoChange } = editorWith();
    const typeIn = (cellId: string, content: string, pauseMs = 100) => {
      jest.advanceTimersByTime(pauseMs);
      store.dispatch(actions.cellContentChanged({ cellId, content }));
    };
    typeIn('a', '<p>Hola m</p>');
    typeIn('a', '<p>Hola mu</p>');
    typeIn('a', '<p>Hola mundo</p>');
    // A pause: the next words are another step.
    typeIn('a', '<p>Hola mundo.</p>', TYPING_PAUSE_MS);
    typeIn('a', '<p>Hola mundo. Adiós</p>');
    // Another field: another step, even without a pause.
    typeIn('b', 'https://youtu.be/xyz');
    store.dispatch(actions.cellAltChanged({ cellId: 'b', alt: 'no es imagen, pero cuenta' }));
    expect(undoChange()).toBe('escribir el texto alternativo');

    undo();
    expect(undoChange()).toBe('escribir el enlace del vídeo');
    undo();
    expect(contentOf('b')).toBe('https://youtu.be/abc');
    expect(undoChange()).toBe('escribir texto');
    undo();
    expect(contentOf('a')).toBe('<p>Hola mundo</p>');
    undo();
    expect(contentOf('a')).toBe('<p>Hola</p>');
    expect(undoChange()).toBeNull();

    redo();
    expect(contentOf('a')).toBe('<p>Hola mundo</p>');
    redo();
    expect(contentOf('a')).toBe('<p>Hola mundo. Adiós</p>');
    expect(redoChange()).toBe('escribir el enlace del vídeo');
    // Typing after an undo starts a new step and forgets what could be redone.
    typeIn('a', '<p>Otra cosa</p>', 10);
    expect(redoChange()).toBeNull();
    undo();
    expect(contentOf('a')).toBe('<p>Hola mundo. Adiós</p>');
    expect(rowsNow()[1].cells[0].content).toBe('https://youtu.be/abc');
  } finally {
    jest.useRealTimers();
  }
});

test('a structural change between keystrokes ends the typing step; undo goes back one step at a time', () => {
  const { store, rowsNow, contentOf, undo, redo } = editorWith([]);
  store.dispatch(actions.rowAdded());
  store.dispatch(actions.cellAdded(rowsNow()[0].id));
  const cellId = rowsNow()[0].cells[0].id;
  store.dispatch(actions.cellContentChanged({ cellId, content: '<p>Escrito</p>' }));
  store.dispatch(actions.rowAdded());
  store.dispatch(actions.cellContentChanged({ cellId, content: '<p>Escrito después</p>' }));

  undo();
  expect(contentOf(cellId)).toBe('<p>Escrito</p>');
  expect(rowsNow()).toHaveLength(2);
  undo();
  expect(rowsNow()).toHaveLength(1);
  expect(contentOf(cellId)).toBe('<p>Escrito</p>');
  undo();
  expect(contentOf(cellId)).toBe('');
  redo();
  redo();
  redo();
  expect(rowsNow()).toHaveLength(2);
  expect(contentOf(cellId)).toBe('<p>Escrito después</p>');
});

test('a removed cell or row comes back with its content; a retyped cell with its former content, and each image chosen is a step', () => {
  const { store, contentOf, rowsNow, undo, redo } = editorWith();
  store.dispatch(actions.cellContentChanged({ cellId: 'a', content: '<p>Editado</p>' }));
  store.dispatch(actions.cellRemoved({ cellId: 'a' }));
  store.dispatch(actions.rowRemoved({ rowId: 'r2' }));
  expect(rowsNow()).toEqual([{ id: 'r1', cells: [] }]);
  undo();
  expect(contentOf('b')).toBe('https://youtu.be/abc');
  undo();
  expect(contentOf('a')).toBe('<p>Editado</p>');

  store.dispatch(actions.cellTypeChanged({ cellId: 'b', type: 'image' }));
  store.dispatch(actions.cellContentChanged({ cellId: 'b', content: '/media/aula.webp' }));
  store.dispatch(actions.cellContentChanged({ cellId: 'b', content: '/media/patio.webp' }));
  store.dispatch(actions.cellAltChanged({ cellId: 'b', alt: 'Patio' }));
  undo();
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'image', content: '/media/aula.webp', columnSpan: 2 });
  undo();
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'video', content: 'https://youtu.be/abc', columnSpan: 2 });
  redo();
  redo();
  redo();
  redo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'image', content: '/media/patio.webp', alt: 'Patio', columnSpan: 2 });
});

test("each document chosen is a step of its own, its title's typing another, and undo takes them back in turn", () => {
  const { store, rowsNow, undo, undoChange } = editorWith();
  const plan = { content: '/media/documentos/k/plan.pdf', mediaId: 1, title: 'Plan', size: 10, format: 'pdf' as const };
  const guide = { content: '/media/documentos/k/guia.docx', mediaId: 2, title: 'Guía', size: 20, format: 'docx' as const };
  store.dispatch(actions.cellTypeChanged({ cellId: 'b', type: 'document' }));
  store.dispatch(actions.cellDocumentChosen({ cellId: 'b', document: plan }));
  store.dispatch(actions.cellDocumentChosen({ cellId: 'b', document: guide }));
  store.dispatch(actions.cellTitleChanged({ cellId: 'b', title: 'Guí' }));
  store.dispatch(actions.cellTitleChanged({ cellId: 'b', title: 'Guía del curso' }));
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'document', columnSpan: 2, ...guide, title: 'Guía del curso' });
  expect(undoChange()).toBe('escribir el título del documento');
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'document', columnSpan: 2, ...guide });
  expect(undoChange()).toBe('cambiar el documento');
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'document', columnSpan: 2, ...plan });
  undo();
  expect(rowsNow()[1].cells[0]).toEqual({ id: 'b', type: 'document', content: '', columnSpan: 2 });
});

test('refused changes and changes that change nothing are no steps', () => {
  const { store, shape, undo, undoChange } = editorWith();
  store.dispatch(actions.cellContentChanged({ cellId: 'a', content: '<p>Hola</p>' }));
  store.dispatch(actions.rowMoved({ rowId: 'r1', toIndex: 0 }));
  store.dispatch(actions.cellTypeChanged({ cellId: 'a', type: 'text' }));
  expect(undoChange()).toBeNull();

  store.dispatch(actions.rowAdded());
  const withRow = shape();
  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 2 }));
  store.dispatch(actions.cellAdded('r1'));
  store.dispatch(actions.cellAdded('r1'));
  expect(selectRefusal(store.getState())).toMatchObject({
    message: 'No hay espacio disponible en esta fila. Reduzca las columnas de una celda para hacer sitio.',
  });
  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 4 }));
  expect(selectRefusal(store.getState())).toMatchObject({ message: 'Fila 1, celda 1: El total de columnas no puede exceder 4' });

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

test('undo closes the rich-text editor of a cell it takes away, and keeps rows it does not touch as they were', () => {
  const { store, rowsNow, undo } = editorWith();
  const untouched = rowsNow()[1];
  store.dispatch(actions.cellAdded('r1'));
  const added = rowsNow()[0].cells[1].id;
  expect(selectEditingCellId(store.getState())).toBeNull();
  store.dispatch(actions.cellTypeChosen({ cellId: added, type: 'text' }));
  expect(selectEditingCellId(store.getState())).toBe(added);
  // Back to a cell without its type: no editor.
  undo();
  expect(selectEditingCellId(store.getState())).toBeNull();
  store.dispatch(actions.textEditingStarted({ cellId: added }));
  undo();
  expect(selectEditingCellId(store.getState())).toBeNull();
  expect(rowsNow()[1]).toBe(untouched);
});
