import type { DragStart, DropResult } from '@hello-pangea/dnd';
import type { Layout } from '@/domain/entities';
import { droppedMessage, liftedMessage, movedMessage } from './drag-messages';

const rows: Layout = [
  { id: 'r1', cells: [{ id: 'a', type: 'text', content: '', columnSpan: 2 }] },
  {
    id: 'r2',
    cells: [
      { id: 'b', type: 'text', content: '', columnSpan: 1 },
      { id: 'c', type: 'video', content: '', columnSpan: 1 },
    ],
  },
  { id: 'r3', cells: [] },
];

const drag = (type: 'row' | 'cell', droppableId: string, index: number): DragStart => ({
  draggableId: 'x',
  type,
  source: { droppableId, index },
  mode: 'SNAP',
});
const drop = (
  start: DragStart,
  destination: { droppableId: string; index: number } | null,
  reason: 'DROP' | 'CANCEL' = 'DROP',
): DropResult => ({
  ...start,
  destination,
  reason,
  combine: null,
});

test('a row drag names the row and its positions, in Spanish', () => {
  const start = drag('row', 'layout-rows', 1);
  expect(liftedMessage(rows, start)).toBe('Ha levantado la fila 2, en la posición 2 de 3.');
  expect(movedMessage(rows, { ...start, destination: { droppableId: 'layout-rows', index: 0 }, combine: null })).toBe(
    'Fila 2: ahora en la posición 1 de 3.',
  );
  expect(droppedMessage(rows, drop(start, { droppableId: 'layout-rows', index: 0 }))).toBe('Fila 2 movida a la posición 1.');
  expect(droppedMessage(rows, drop(start, { droppableId: 'layout-rows', index: 1 }))).toBe('Fila 2 soltada en su sitio: nada ha cambiado.');
  expect(droppedMessage(rows, drop(start, null, 'CANCEL'))).toBe('Movimiento cancelado. La fila 2 sigue donde estaba.');
});

test('a cell drag names the cell by its row and place, and where it goes: its own row or another', () => {
  const start = drag('cell', 'r2', 0);
  expect(liftedMessage(rows, start)).toBe('Ha levantado la celda 1 de la fila 2.');
  expect(movedMessage(rows, { ...start, destination: { droppableId: 'r2', index: 1 }, combine: null })).toBe(
    'Celda 1 de la fila 2: ahora en la posición 2 de la fila.',
  );
  expect(movedMessage(rows, { ...start, destination: { droppableId: 'r1', index: 1 }, combine: null })).toBe(
    'Celda 1 de la fila 2: ahora en la fila 1, posición 2.',
  );
  expect(movedMessage(rows, { ...start, destination: null, combine: null })).toBe(
    'Celda 1 de la fila 2 está fuera de las filas: al soltarla no cambiará nada.',
  );
  expect(droppedMessage(rows, drop(start, { droppableId: 'r1', index: 1 }))).toBe('Celda 1 de la fila 2 movida a la fila 1, posición 2.');
  expect(droppedMessage(rows, drop(start, { droppableId: 'r2', index: 1 }))).toBe('Celda 1 de la fila 2 movida a la posición 2.');
  expect(droppedMessage(rows, drop(start, { droppableId: 'r3', index: 0 }))).toBe('Celda 1 de la fila 2 movida a la fila 3, posición 1.');
});
