import { useCallback, useSyncExternalStore } from 'react';
import { DragDropContext, Droppable, type DropResult } from '@hello-pangea/dnd';
import type { Id } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { layoutEditorActions, selectEditedLayout, selectRefusal } from './layout-editor-slice';
import { focusControl } from './focus-control';
import { LayoutEditorRow } from './layout-editor-row';
import './layout-editor.css';

/** Where the public grid has four columns (ui.css); below it cells stack. */
const GRID_QUERY = '(min-width: 768px)';

const canQuery = () => typeof window.matchMedia === 'function';
const subscribeToGrid = (onChange: () => void) => {
  if (!canQuery()) return () => {};
  const query = window.matchMedia(GRID_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const gridHasColumns = () => !canQuery() || window.matchMedia(GRID_QUERY).matches;

export interface LayoutEditorProps {
  /** The publication being edited, once it exists: its images upload to it (requirements §7). */
  publicationId?: Id;
}

/**
 * The publication's row/cell layout editor (requirements §2, §4, §5). Its state is
 * the store's `layoutEditor` slice: the form starts it with
 * `layoutEditorActions.layoutLoaded(layout)` and reads `selectEditedLayout`
 * when it saves. Rows and cells move by drag (keyboard included) and by
 * buttons; refused changes are told on their row.
 */
export function LayoutEditor({ publicationId }: LayoutEditorProps) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectEditedLayout);
  const refusal = useAppSelector(selectRefusal);
  const columns = useSyncExternalStore(subscribeToGrid, gridHasColumns, () => true);

  const onDragEnd = useCallback(
    ({ type, draggableId, source, destination }: DropResult) => {
      if (!destination) return;
      if (type === 'row') {
        if (destination.index !== source.index) dispatch(layoutEditorActions.rowMoved({ rowId: draggableId.slice('row:'.length), toIndex: destination.index }));
      } else if (destination.droppableId !== source.droppableId || destination.index !== source.index) {
        dispatch(layoutEditorActions.cellMoved({ cellId: draggableId, toRowId: destination.droppableId, toIndex: destination.index }));
      }
    },
    [dispatch],
  );

  const addRow = () => {
    dispatch(layoutEditorActions.rowAdded());
    // The new row is the last one: its "Añadir celda" is what comes next.
    focusControl('.layout-editor-row:last-of-type', 'add-cell');
  };

  return (
    <section className="layout-editor" aria-labelledby="layout-editor-title">
      <h2 id="layout-editor-title" className="layout-editor-title">
        Diseño
      </h2>
      <p className="layout-editor-lead">Filas de 4 columnas con celdas de texto, imagen o vídeo, tal como se verán en la página pública.</p>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId="layout-rows" type="row">
          {(provided) => (
            <div ref={provided.innerRef} {...provided.droppableProps} className="layout-editor-rows">
              {rows.map((row, index) => (
                <LayoutEditorRow
                  key={row.id}
                  row={row}
                  index={index}
                  rowCount={rows.length}
                  previousRowId={rows[index - 1]?.id}
                  nextRowId={rows[index + 1]?.id}
                  refusal={refusal?.rowId === row.id ? refusal : null}
                  cellDirection={columns ? 'horizontal' : 'vertical'}
                  publicationId={publicationId}
                />
              ))}
              {provided.placeholder}
            </div>
          )}
        </Droppable>
      </DragDropContext>
      {rows.length === 0 && <p className="layout-editor-empty">Todavía no hay filas.</p>}
      <button type="button" className="layout-editor-button layout-editor-primary" onClick={addRow}>
        Añadir fila
      </button>
    </section>
  );
}
