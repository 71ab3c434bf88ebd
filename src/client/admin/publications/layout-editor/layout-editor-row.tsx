import { memo } from 'react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import type { Id, LayoutRow } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { layoutErrorText } from '@/domain/layout';
import { layoutEditorActions, selectLayoutErrors, type LayoutRefusal } from './layout-editor-slice';
import { rowElementId, useCellCommands } from './layout-editor-context';
import { focusControl } from './focus-control';
import { LayoutEditorCell } from './layout-editor-cell';

export interface LayoutEditorRowProps {
  row: LayoutRow;
  index: number;
  rowCount: number;
  previousRowId?: string;
  nextRowId?: string;
  /** The refused change to tell about on this row, if any. */
  refusal: LayoutRefusal | null;
  /** Cells of a row stack on phones, as the public grid does, so they are dragged up and down there. */
  cellDirection: 'horizontal' | 'vertical';
  publicationId?: Id;
}

/** One row: its controls, the refusal message, and its cells in the public 4-column grid. */
export const LayoutEditorRow = memo(function LayoutEditorRow(props: LayoutEditorRowProps) {
  const { row, index, rowCount, previousRowId, nextRowId, refusal, cellDirection, publicationId } = props;
  const dispatch = useAppDispatch();
  const { move } = useCellCommands();
  const number = index + 1;
  const headingId = `layout-row-${row.id}`;
  const errorId = `layout-row-error-${row.id}`;
  // The server's error about the whole row (its columns), if any: a string, so other rows do not re-render.
  const error = useAppSelector((state) => selectLayoutErrors(state).find((e) => e.rowId === row.id && e.cellId === null)?.message);

  const moveRow = (toIndex: number, action: string) => {
    if (toIndex < 0 || toIndex >= rowCount) return;
    move(() => dispatch(layoutEditorActions.rowMoved({ rowId: row.id, toIndex })), { type: 'row', id: row.id });
    focusControl(`[data-row-id="${row.id}"]`, action);
  };

  return (
    <Draggable draggableId={`row:${row.id}`} index={index}>
      {(provided, snapshot) => (
        <section
          ref={provided.innerRef}
          {...provided.draggableProps}
          id={rowElementId(row.id)}
          className={`layout-editor-row${snapshot.isDragging ? ' is-dragging' : ''}${error ? ' has-error' : ''}`}
          aria-labelledby={headingId}
          aria-describedby={error ? errorId : undefined}
          data-row-id={row.id}
          tabIndex={-1}
        >
          <header className="layout-editor-row-bar">
            <span
              {...provided.dragHandleProps}
              className="layout-editor-handle"
              aria-label={`Arrastrar fila ${number}`}
              title="Arrastrar fila"
            >
              ⠿
            </span>
            <h3 id={headingId} className="layout-editor-row-title">
              Fila {number}
            </h3>
            <div className="layout-editor-row-actions">
              <button
                type="button"
                className="layout-editor-button"
                data-action="add-cell"
                aria-label={`Añadir celda a la fila ${number}`}
                onClick={() => {
                  const { payload } = dispatch(layoutEditorActions.cellAdded(row.id));
                  // The new cell asks its type: the keyboard goes to its first choice ('Texto').
                  focusControl(`[data-cell-id="${payload.cellId}"]`, 'choose-text');
                }}
              >
                Añadir celda
              </button>
              <button
                type="button"
                className="layout-editor-button"
                data-action="up"
                aria-label={`Subir fila ${number}`}
                aria-disabled={index === 0}
                onClick={() => moveRow(index - 1, 'up')}
              >
                Subir
              </button>
              <button
                type="button"
                className="layout-editor-button"
                data-action="down"
                aria-label={`Bajar fila ${number}`}
                aria-disabled={index === rowCount - 1}
                onClick={() => moveRow(index + 1, 'down')}
              >
                Bajar
              </button>
              <button
                type="button"
                className="layout-editor-button"
                aria-label={`Duplicar fila ${number}`}
                onClick={() => dispatch(layoutEditorActions.rowDuplicated(row.id))}
              >
                Duplicar
              </button>
              <button
                type="button"
                className="layout-editor-button layout-editor-danger"
                aria-label={`Eliminar fila ${number}`}
                onClick={() => dispatch(layoutEditorActions.rowRemoved({ rowId: row.id }))}
              >
                Eliminar
              </button>
            </div>
          </header>
          {error && (
            <p id={errorId} className="layout-editor-error">
              {layoutErrorText({ row: index, message: error })}
            </p>
          )}
          {refusal && (
            <p key={refusal.seq} role="alert" className="layout-editor-error">
              {refusal.message}
            </p>
          )}
          <Droppable droppableId={row.id} type="cell" direction={cellDirection}>
            {(drop, dropSnapshot) => (
              <div
                ref={drop.innerRef}
                {...drop.droppableProps}
                className={`ui-layout-row layout-editor-cells${dropSnapshot.isDraggingOver ? ' is-over' : ''}`}
              >
                {row.cells.map((cell, cellIndex) => (
                  <LayoutEditorCell
                    key={cell.id}
                    cell={cell}
                    index={cellIndex}
                    rowId={row.id}
                    rowIndex={index}
                    cellCount={row.cells.length}
                    previousRowId={previousRowId}
                    nextRowId={nextRowId}
                    publicationId={publicationId}
                  />
                ))}
                {drop.placeholder}
                {row.cells.length === 0 && <p className="layout-editor-empty">Fila vacía: añada una celda o arrastre una aquí.</p>}
              </div>
            )}
          </Droppable>
        </section>
      )}
    </Draggable>
  );
});
