import { useCallback, useId, useRef, useState, useSyncExternalStore } from 'react';
import { DragDropContext, Droppable, type DropResult } from '@hello-pangea/dnd';
import type { Id } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { layoutEditorActions, selectEditedLayout, selectRefusal } from './layout-editor-slice';
import { focusControl } from './focus-control';
import { LayoutEditorRow } from './layout-editor-row';
import { LayoutEditorToolbar } from './layout-editor-toolbar';
import { MobilePreview } from './mobile-preview';
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
 * buttons; refused changes are told on their row. Structural changes can be
 * undone and redone (toolbar and Ctrl+Z); 'Vista móvil' shows the layout as a
 * phone does, beside the editor.
 */
export function LayoutEditor({ publicationId }: LayoutEditorProps) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectEditedLayout);
  const refusal = useAppSelector(selectRefusal);
  const columns = useSyncExternalStore(subscribeToGrid, gridHasColumns, () => true);
  const regionRef = useRef<HTMLElement>(null);
  const [mobilePreview, setMobilePreview] = useState(false);
  const mobilePreviewId = useId();
  // A ref, not state: starting a drag must not re-render the editor.
  const dragging = useRef(false);
  const isDragging = useCallback(() => dragging.current, []);
  const onDragStart = useCallback(() => {
    dragging.current = true;
  }, []);

  const onDragEnd = useCallback(
    ({ type, draggableId, source, destination }: DropResult) => {
      dragging.current = false;
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
    // tabIndex -1: the keyboard's place when an undo takes away the control it was on.
    <section ref={regionRef} className="layout-editor" aria-labelledby="layout-editor-title" tabIndex={-1}>
      <h2 id="layout-editor-title" className="layout-editor-title">
        Diseño
      </h2>
      <p className="layout-editor-lead">Filas de 4 columnas con celdas de texto, imagen o vídeo, tal como se verán en la página pública.</p>
      <LayoutEditorToolbar
        regionRef={regionRef}
        isDragging={isDragging}
        mobilePreview={mobilePreview}
        onMobilePreviewChange={setMobilePreview}
        mobilePreviewId={mobilePreviewId}
      />
      <div className={`layout-editor-workspace${mobilePreview ? ' has-preview' : ''}`}>
        <div className="layout-editor-desktop">
          <DragDropContext onDragStart={onDragStart} onDragEnd={onDragEnd}>
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
        </div>
        {mobilePreview && <MobilePreview id={mobilePreviewId} rows={rows} />}
      </div>
    </section>
  );
}
