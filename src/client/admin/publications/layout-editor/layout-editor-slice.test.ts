import type { Layout } from '@/domain/entities';
import { isUntyped } from '@/domain/layout';
import { setupStore } from '@/client/app/store';
import {
  layoutEditorActions as actions,
  placeLayoutError,
  selectEditedLayout,
  selectEditingCellId,
  selectLayoutErrors,
  selectRefusal,
} from './layout-editor-slice';

const layout = (): Layout => [
  { id: 'r1', cells: [{ id: 'a', type: 'text', content: '<p>Hola</p>', columnSpan: 3 }] },
  { id: 'r2', cells: [{ id: 'b', type: 'video', content: 'https://youtu.be/abc', columnSpan: 2 }] },
];

function editorWith(rows: Layout = layout()) {
  const store = setupStore();
  store.dispatch(actions.layoutLoaded(rows));
  const spans = () => selectEditedLayout(store.getState()).map((row) => row.cells.map((cell) => `${cell.id}:${cell.columnSpan}`).join(' '));
  return { store, spans, refusal: () => selectRefusal(store.getState()) };
}

test('the slice joins the store when the editor is loaded, and starts empty', () => {
  const store = setupStore();
  expect(selectEditedLayout(store.getState())).toEqual([]);
  store.dispatch(actions.layoutLoaded(layout()));
  expect(store.getState().layoutEditor?.rows).toEqual(layout());
});

test('a new cell takes the remaining columns and waits for its type; a full row refuses one and says what to do', () => {
  const { store, spans, refusal } = editorWith();
  store.dispatch(actions.cellAdded('r1'));
  const [, added] = selectEditedLayout(store.getState())[0].cells;
  expect(added).toMatchObject({ columnSpan: 1, untyped: true });
  expect(selectEditingCellId(store.getState())).toBeNull();

  store.dispatch(actions.cellAdded('r1'));
  expect(refusal()).toMatchObject({
    rowId: 'r1',
    message: 'No hay espacio disponible en esta fila. Reduzca las columnas de una celda para hacer sitio.',
  });
  expect(spans()[0]).toBe(`a:3 ${added.id}:1`);

  // Its type chosen, it is a cell like any other; a text cell opens its editor.
  store.dispatch(actions.cellTypeChosen({ cellId: added.id, type: 'text' }));
  expect(selectEditedLayout(store.getState())[0].cells[1]).toEqual({ id: added.id, type: 'text', content: '', columnSpan: 1 });
  expect(selectEditingCellId(store.getState())).toBe(added.id);
});

test('a row of a shape: cells of its spans, none typed; saving asks for each type in words that name the cell', () => {
  const { store } = editorWith([]);
  store.dispatch(actions.rowAdded([1, 2, 1]));
  const [row] = selectEditedLayout(store.getState());
  expect(row.cells.map((cell) => [cell.columnSpan, isUntyped(cell)])).toEqual([
    [1, true],
    [2, true],
    [1, true],
  ]);
  store.dispatch(actions.cellTypeChosen({ cellId: row.cells[1].id, type: 'image' }));
  store.dispatch(actions.untypedCellsFound());
  const rows = selectEditedLayout(store.getState());
  expect(selectLayoutErrors(store.getState()).map((error) => placeLayoutError(rows, error).text)).toEqual([
    'Elija el tipo de la celda 1 de la fila 1',
    'Elija el tipo de la celda 3 de la fila 1',
  ]);
  // Choosing a type clears its cell's message.
  store.dispatch(actions.cellTypeChosen({ cellId: row.cells[0].id, type: 'video' }));
  expect(selectLayoutErrors(store.getState()).map((error) => error.cellId)).toEqual([row.cells[2].id]);
});

test('a span that would make the row exceed four columns is refused and nothing changes', () => {
  const { store, spans, refusal } = editorWith();
  store.dispatch(actions.cellAdded('r2'));
  store.dispatch(actions.cellSpanChanged({ cellId: 'b', span: 3 }));
  expect(refusal()).toMatchObject({ rowId: 'r2', message: 'Fila 2, celda 1: El total de columnas no puede exceder 4' });
  expect(spans()[1]).toMatch(/^b:2 \S+:2$/);

  // The next accepted change clears the message; the same refusal twice is told twice.
  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 4 }));
  expect(refusal()).toBeNull();
  store.dispatch(actions.cellSpanChanged({ cellId: 'b', span: 4 }));
  const first = refusal()!.seq;
  store.dispatch(actions.cellSpanChanged({ cellId: 'b', span: 4 }));
  expect(refusal()!.seq).toBe(first + 1);
});

test("changing a cell's type clears its content", () => {
  const { store } = editorWith();
  store.dispatch(actions.cellTypeChanged({ cellId: 'b', type: 'image' }));
  expect(selectEditedLayout(store.getState())[1].cells[0]).toEqual({ id: 'b', type: 'image', content: '', columnSpan: 2 });
});

test('cells move between rows when the target row has room, otherwise the move is refused on that row, naming the cell and the row', () => {
  const { store, spans, refusal } = editorWith();
  store.dispatch(actions.cellMoved({ cellId: 'a', toRowId: 'r2', toIndex: 0 }));
  expect(refusal()).toMatchObject({
    rowId: 'r2',
    message: 'Fila 1, celda 1: no cabe en la fila 2. El total de columnas no puede exceder 4.',
  });
  expect(spans()).toEqual(['a:3', 'b:2']);

  store.dispatch(actions.cellSpanChanged({ cellId: 'a', span: 1 }));
  store.dispatch(actions.cellMoved({ cellId: 'a', toRowId: 'r2', toIndex: 1 }));
  expect(spans()).toEqual(['', 'b:2 a:1']);
  store.dispatch(actions.cellMoved({ cellId: 'a', toRowId: 'r2', toIndex: 0 }));
  expect(spans()).toEqual(['', 'a:1 b:2']);
});

test('rows are added, duplicated with new ids, moved and removed', () => {
  const { store, spans } = editorWith();
  store.dispatch(actions.rowDuplicated('r1'));
  const rows = selectEditedLayout(store.getState());
  expect(rows).toHaveLength(3);
  expect(rows[1].id).not.toBe('r1');
  expect(rows[1].cells[0]).toMatchObject({ type: 'text', content: '<p>Hola</p>', columnSpan: 3 });
  expect(rows[1].cells[0].id).not.toBe('a');

  store.dispatch(actions.rowMoved({ rowId: 'r2', toIndex: 0 }));
  expect(selectEditedLayout(store.getState())[0].id).toBe('r2');
  store.dispatch(actions.rowRemoved({ rowId: 'r1' }));
  store.dispatch(actions.rowAdded());
  expect(spans()).toEqual(['b:2', expect.stringMatching(/:3$/), '']);
});

test('typing into one cell keeps every other row as it was (rows that did not change do not re-render)', () => {
  const { store } = editorWith();
  const before = selectEditedLayout(store.getState());
  store.dispatch(actions.cellContentChanged({ cellId: 'a', content: '<p>Adiós</p>' }));
  const after = selectEditedLayout(store.getState());
  expect(after[0].cells[0].content).toBe('<p>Adiós</p>');
  expect(after[1]).toBe(before[1]);
});

test("the server's layout errors go on the cells they name, follow them when rows move, and leave when the cell is edited", () => {
  const { store } = editorWith();
  store.dispatch(
    actions.layoutErrorsReceived([
      'Fila 2, celda 1: Introduzca una URL válida.',
      'Fila 1: El total de columnas no puede exceder 4',
      'El diseño no es válido.',
    ]),
  );
  const placed = () =>
    selectLayoutErrors(store.getState()).map((error) => placeLayoutError(selectEditedLayout(store.getState()), error).text);
  expect(selectLayoutErrors(store.getState())).toEqual([
    { rowId: 'r2', cellId: 'b', message: 'Introduzca una URL válida.' },
    { rowId: 'r1', cellId: null, message: 'El total de columnas no puede exceder 4' },
    { rowId: null, cellId: null, message: 'El diseño no es válido.' },
  ]);
  store.dispatch(actions.rowMoved({ rowId: 'r2', toIndex: 0 }));
  expect(placed()).toEqual([
    'Fila 1, celda 1: Introduzca una URL válida.',
    'Fila 2: El total de columnas no puede exceder 4',
    'El diseño no es válido.',
  ]);
  store.dispatch(actions.cellContentChanged({ cellId: 'b', content: 'https://youtu.be/bien' }));
  expect(placed()).toEqual(['Fila 2: El total de columnas no puede exceder 4', 'El diseño no es válido.']);
  store.dispatch(actions.layoutLoaded(layout()));
  expect(placed()).toEqual([]);
});
