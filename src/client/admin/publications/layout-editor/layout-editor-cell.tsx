import { memo, useId } from 'react';
import { Draggable } from '@hello-pangea/dnd';
import { CELL_TYPES, type Id, type LayoutCell } from '@/domain/entities';
import { LAYOUT_COLUMNS, MIN_COLUMN_SPAN } from '@/domain/limits';
import { isCellType, isUntyped, layoutErrorText, spanOf } from '@/domain/layout';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { layoutCellProps } from '@/client/ui/layout-grid';
import { TYPE_LABELS, cellElementId, useCellCommands } from './layout-editor-context';
import { layoutEditorActions, selectLayoutErrors } from './layout-editor-slice';
import { focusControl } from './focus-control';
import { TextCellEditor } from './text-cell-editor';
import { ImageCellEditor } from './image-cell-editor';
import { VideoCellEditor } from './video-cell-editor';
import { DocumentCellEditor } from './document-cell-editor';
import { CellTypeChoice } from './cell-type-choice';

const SPANS = Array.from({ length: LAYOUT_COLUMNS - MIN_COLUMN_SPAN + 1 }, (_, i) => MIN_COLUMN_SPAN + i);

export interface LayoutEditorCellProps {
  cell: LayoutCell;
  index: number;
  rowId: string;
  rowIndex: number;
  cellCount: number;
  /** The rows above and below, for the buttons that move a cell between rows. */
  previousRowId?: string;
  nextRowId?: string;
  publicationId?: Id;
}

/**
 * One cell in the editor: a grid cell of the public renderer, with its type,
 * span, moves (drag handle and buttons) and the editor for its content. A new
 * cell asks its type first (CellTypeChoice). A type change that would lose
 * content asks first (the editor's dialog); a problem the server found in the
 * cell is shown in it and marks it.
 */
export const LayoutEditorCell = memo(function LayoutEditorCell(props: LayoutEditorCellProps) {
  const { cell, index, rowId, rowIndex, cellCount, previousRowId, nextRowId, publicationId } = props;
  const dispatch = useAppDispatch();
  const typeId = useId();
  const spanId = useId();
  const errorId = useId();
  const { changeType, move: moveAnnounced } = useCellCommands();
  const name = `la celda ${index + 1} de la fila ${rowIndex + 1}`;
  const untyped = isUntyped(cell);
  // A string, so that an error elsewhere does not re-render this cell.
  const error = useAppSelector((state) => selectLayoutErrors(state).find((e) => e.cellId === cell.id)?.message);

  /** Moves the cell, then keeps the keyboard on the button that moved it (the cell may now live in another row). */
  const move = (toRowId: string | undefined, toIndex: number, action: string) => {
    if (toRowId === undefined || toIndex < 0) return;
    moveAnnounced(() => dispatch(layoutEditorActions.cellMoved({ cellId: cell.id, toRowId, toIndex })), { type: 'cell', id: cell.id });
    focusControl(`[data-cell-id="${cell.id}"]`, action);
  };
  const moves = [
    { action: 'left', label: 'Mover a la izquierda', glyph: '←', enabled: index > 0, run: () => move(rowId, index - 1, 'left') },
    {
      action: 'right',
      label: 'Mover a la derecha',
      glyph: '→',
      enabled: index < cellCount - 1,
      run: () => move(rowId, index + 1, 'right'),
    },
    {
      action: 'up',
      label: 'Mover a la fila anterior',
      glyph: '↑',
      enabled: previousRowId !== undefined,
      run: () => move(previousRowId, Number.MAX_SAFE_INTEGER, 'up'),
    },
    {
      action: 'down',
      label: 'Mover a la fila siguiente',
      glyph: '↓',
      enabled: nextRowId !== undefined,
      run: () => move(nextRowId, 0, 'down'),
    },
  ];

  return (
    <Draggable draggableId={cell.id} index={index}>
      {(provided, snapshot) => {
        const grid = layoutCellProps(cell);
        return (
          <div
            ref={provided.innerRef}
            {...provided.draggableProps}
            id={cellElementId(cell.id)}
            className={`${grid.className} layout-editor-cell${snapshot.isDragging ? ' is-dragging' : ''}${error ? ' has-error' : ''}`}
            style={{ ...grid.style, ...provided.draggableProps.style }}
            data-span={grid['data-span']}
            data-cell-id={cell.id}
            role="group"
            aria-label={`Celda ${index + 1} de la fila ${rowIndex + 1}`}
            // The group's description carries the error (aria-invalid is for fields, not groups).
            aria-describedby={error ? errorId : undefined}
            tabIndex={-1}
          >
            <div className="layout-editor-cell-bar">
              <span {...provided.dragHandleProps} className="layout-editor-handle" aria-label={`Arrastrar ${name}`} title="Arrastrar celda">
                ⠿
              </span>
              <div className="layout-editor-cell-actions">
                {moves.map(({ action, label, glyph, enabled, run }) => (
                  <button
                    key={action}
                    type="button"
                    className="layout-editor-icon-button"
                    data-action={action}
                    aria-label={`${label}: ${name}`}
                    title={label}
                    // aria-disabled keeps the button focusable, so the keyboard stays put at the row's edge.
                    aria-disabled={!enabled}
                    onClick={enabled ? run : undefined}
                  >
                    {glyph}
                  </button>
                ))}
                <button
                  type="button"
                  className="layout-editor-icon-button layout-editor-danger"
                  aria-label={`Eliminar ${name}`}
                  title="Eliminar celda"
                  onClick={() => dispatch(layoutEditorActions.cellRemoved({ cellId: cell.id }))}
                >
                  ✕
                </button>
              </div>
            </div>
            {/* Type and columns last before the content: one Shift+Tab from the text takes the keyboard to 'Columnas'. */}
            <div className="layout-editor-cell-fields">
              {!untyped && (
                <div className="layout-editor-field layout-editor-field--inline">
                  <label htmlFor={typeId}>Tipo</label>
                  <select
                    id={typeId}
                    value={cell.type}
                    // Asks first when content would be lost (a ↓ on the select changes it at once).
                    onChange={(event) => {
                      if (isCellType(event.target.value)) changeType(cell.id, event.target.value);
                    }}
                  >
                    {CELL_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="layout-editor-field layout-editor-field--inline">
                <label htmlFor={spanId}>Columnas</label>
                <select
                  id={spanId}
                  value={spanOf(cell)}
                  onChange={(event) => dispatch(layoutEditorActions.cellSpanChanged({ cellId: cell.id, span: Number(event.target.value) }))}
                >
                  {SPANS.map((span) => (
                    <option key={span} value={span}>
                      {span}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {error && (
              <p id={errorId} className="layout-editor-error">
                {layoutErrorText({ row: rowIndex, cell: index, message: error })}
              </p>
            )}
            <div data-cell-content>
              {untyped ? (
                <CellTypeChoice cellId={cell.id} />
              ) : (
                <>
                  {cell.type === 'text' && <TextCellEditor cell={cell} name={name} publicationId={publicationId} />}
                  {cell.type === 'image' && <ImageCellEditor cell={cell} publicationId={publicationId} />}
                  {cell.type === 'video' && <VideoCellEditor cell={cell} />}
                  {cell.type === 'document' && <DocumentCellEditor cell={cell} />}
                </>
              )}
            </div>
          </div>
        );
      }}
    </Draggable>
  );
});
