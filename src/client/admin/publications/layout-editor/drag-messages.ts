import type { DragStart, DragUpdate, DropResult } from '@hello-pangea/dnd';
import type { Layout } from '@/domain/entities';

/*
 * What a screen reader hears while a row or cell of the layout editor is
 * dragged (@hello-pangea/dnd's `announce`), in Spanish and naming what moves
 * and where, as the admin lists do (kit/data-table.tsx). Rows are dragged in
 * the droppable 'layout-rows' (draggable ids 'row:<id>'); cells in their row's
 * droppable (the row's id), by the cell's id. Positions are counted from 1.
 */

/** Told once, on focusing any drag handle of the editor (rows and cells share one context). */
export const DRAG_INSTRUCTIONS =
  'Para mover, pulse la barra espaciadora. Cambie la posición con las flechas (una celda pasa a otra fila con las flechas perpendiculares a su fila), pulse de nuevo la barra espaciadora para soltar o Escape para cancelar.';

export const ROW_DROPPABLE = 'layout-rows';
export const ROW_PREFIX = 'row:';

const rowNumber = (rows: Layout, rowId: string) => rows.findIndex((row) => row.id === rowId) + 1;

/** 'fila 2' / 'celda 1 de la fila 2': what the drag holds, named by where it started. */
function subject(rows: Layout, drag: DragStart): string {
  if (drag.type === 'row') return `fila ${drag.source.index + 1}`;
  return `celda ${drag.source.index + 1} de la fila ${rowNumber(rows, drag.source.droppableId)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the drag would land: 'posición 1 de 3' for rows; for cells, within its row or in another. */
function place(rows: Layout, drag: DragStart, destination: NonNullable<DragUpdate['destination']>): string {
  if (drag.type === 'row') return `posición ${destination.index + 1} de ${rows.length}`;
  if (destination.droppableId === drag.source.droppableId) return `posición ${destination.index + 1} de la fila`;
  return `fila ${rowNumber(rows, destination.droppableId)}, posición ${destination.index + 1}`;
}

export function liftedMessage(rows: Layout, start: DragStart): string {
  const where = start.type === 'row' ? `, en la posición ${start.source.index + 1} de ${rows.length}` : '';
  return `Ha levantado la ${subject(rows, start)}${where}.`;
}

export function movedMessage(rows: Layout, update: DragUpdate): string {
  if (!update.destination) return `${capitalised(subject(rows, update))} está fuera de las filas: al soltarla no cambiará nada.`;
  return `${capitalised(subject(rows, update))}: ahora en la ${place(rows, update, update.destination)}.`;
}

/**
 * After the drop: what moved and where ('Fila 2 movida a la posición 1.',
 * 'Celda 1 de la fila 2 movida a la fila 1, posición 2.'), or that nothing
 * did. `rows` is the layout as it was when the drag started. A refused move
 * is told by its refusal instead (the slice's message).
 */
export function droppedMessage(rows: Layout, result: DropResult): string {
  const what = capitalised(subject(rows, result));
  const { destination, source } = result;
  if (result.reason === 'CANCEL' || !destination) return `Movimiento cancelado. La ${subject(rows, result)} sigue donde estaba.`;
  if (destination.droppableId === source.droppableId && destination.index === source.index)
    return `${what} soltada en su sitio: nada ha cambiado.`;
  if (destination.droppableId === source.droppableId) return `${what} movida a la posición ${destination.index + 1}.`;
  return `${what} movida a la fila ${rowNumber(rows, destination.droppableId)}, posición ${destination.index + 1}.`;
}

/** Where a row or a cell is in a layout, as a drag names places; null when it is not there. */
function placeOf(rows: Layout, moved: { type: 'row' | 'cell'; id: string }): { droppableId: string; index: number } | null {
  if (moved.type === 'row') {
    const index = rows.findIndex((row) => row.id === moved.id);
    return index < 0 ? null : { droppableId: ROW_DROPPABLE, index };
  }
  for (const row of rows) {
    const index = row.cells.findIndex((cell) => cell.id === moved.id);
    if (index >= 0) return { droppableId: row.id, index };
  }
  return null;
}

/**
 * A move by a row's or a cell's buttons ('Subir', 'Mover a la derecha'…), told as its drop
 * would be ('Celda 1 de la fila 1 movida a la posición 2.'); null when it did not move (a move
 * the rules refused says so itself).
 */
export function buttonMoveMessage(before: Layout, after: Layout, moved: { type: 'row' | 'cell'; id: string }): string | null {
  const source = placeOf(before, moved);
  const destination = placeOf(after, moved);
  if (!source || !destination || (source.droppableId === destination.droppableId && source.index === destination.index)) return null;
  const draggableId = moved.type === 'row' ? `${ROW_PREFIX}${moved.id}` : moved.id;
  return droppedMessage(before, { type: moved.type, draggableId, source, destination, reason: 'DROP', mode: 'SNAP', combine: null });
}
