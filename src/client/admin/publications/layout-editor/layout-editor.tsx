import { useCallback, type MouseEvent, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import {
  DragDropContext,
  Droppable,
  type BeforeCapture,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import type { CellType, Id, Layout } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import type { AppDispatch, RootState } from '@/client/app/store';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { CellCommandsContext, EDITOR_ID, TYPE_LABELS, cellElementId, rowElementId, type CellCommands } from './layout-editor-context';
import { layoutEditorActions, placeLayoutError, selectEditedLayout, selectLayoutErrors, selectRefusal } from './layout-editor-slice';
import {
  DRAG_INSTRUCTIONS,
  ROW_DROPPABLE,
  ROW_PREFIX,
  buttonMoveMessage,
  droppedMessage,
  liftedMessage,
  movedMessage,
} from './drag-messages';
import { LayoutEditorRow } from './layout-editor-row';
import { bringNeighbourRowsIntoView } from './neighbour-rows';
import { LayoutEditorToolbar } from './layout-editor-toolbar';
import { AddRow } from './add-row';
import { MobilePreview } from './mobile-preview';
import { isRecord } from '@/domain/guards';
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

/** What a cell of each type loses when its type changes. */
const CONTENT_NAMES: Record<CellType, string> = {
  text: 'el texto',
  image: 'la imagen',
  video: 'el enlace del vídeo',
  document: 'el documento',
};

/** A type change waiting for the person's yes: which cell, to what, and the words of the question. */
interface PendingType {
  cellId: string;
  type: CellType;
  question: string;
  detail: string;
}

const hasContent = (cell: { content: string; alt?: string }) => cell.content.trim() !== '' || (cell.alt ?? '').trim() !== '';

export interface LayoutEditorProps {
  /** The publication being edited, once it exists: its images upload to it (requirements §7). */
  publicationId?: Id;
}

/**
 * The publication's row/cell layout editor (requirements §2, §4, §5). Its state is
 * the store's `layoutEditor` slice: the form starts it with
 * `layoutEditorActions.layoutLoaded(layout)` and reads `selectEditedLayout`
 * when it saves, and hands it the server's layout errors
 * (`layoutErrorsReceived`), which the cells show and `LayoutErrorLinks` lists.
 * Rows and cells move by drag (keyboard included, told in Spanish) and by
 * buttons; refused changes are told on their row. Changes and typing can be
 * undone and redone (toolbar and Ctrl+Z); 'Vista móvil' shows the layout as a
 * phone does, beside the editor (or full screen on a phone).
 */
export function LayoutEditor({ publicationId }: LayoutEditorProps) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const rows = useAppSelector(selectEditedLayout);
  const refusal = useAppSelector(selectRefusal);
  const columns = useSyncExternalStore(subscribeToGrid, gridHasColumns, () => true);
  const regionRef = useRef<HTMLElement>(null);
  const [mobilePreview, setMobilePreview] = useState(false);
  const mobilePreviewId = useId();
  const [pending, setPending] = useState<PendingType | null>(null);
  const [announcement, setAnnouncement] = useState<{ text: string; seq: number } | null>(null);
  const announce = useCallback((text: string) => setAnnouncement((last) => ({ text, seq: (last?.seq ?? 0) + 1 })), []);

  // A ref, not state: starting a drag must not re-render the editor.
  const dragging = useRef(false);
  // The layout as the drag found it: its announcements name rows and cells by where they started.
  const dragRows = useRef<Layout>([]);
  const isDragging = useCallback(() => dragging.current, []);
  // A cell lifted by keyboard can go only into a row in view: the rows beside it are brought into it first.
  const onBeforeCapture = useCallback(({ draggableId, mode }: BeforeCapture) => {
    if (mode === 'SNAP' && !draggableId.startsWith(ROW_PREFIX)) bringNeighbourRowsIntoView(draggableId, regionRef.current ?? document);
  }, []);
  const onDragStart = useCallback(
    (start: DragStart, provided: ResponderProvided) => {
      dragging.current = true;
      dragRows.current = selectEditedLayout(store.getState());
      provided.announce(liftedMessage(dragRows.current, start));
    },
    [store],
  );
  const onDragUpdate = useCallback(
    (update: DragUpdate, provided: ResponderProvided) => provided.announce(movedMessage(dragRows.current, update)),
    [],
  );

  const onDragEnd = useCallback(
    (result: DropResult, provided: ResponderProvided) => {
      dragging.current = false;
      const { type, draggableId, source, destination } = result;
      const before = selectRefusal(store.getState())?.seq;
      if (destination && type === 'row') {
        if (destination.index !== source.index)
          dispatch(layoutEditorActions.rowMoved({ rowId: draggableId.slice(ROW_PREFIX.length), toIndex: destination.index }));
      } else if (destination && (destination.droppableId !== source.droppableId || destination.index !== source.index)) {
        dispatch(layoutEditorActions.cellMoved({ cellId: draggableId, toRowId: destination.droppableId, toIndex: destination.index }));
      }
      // A move the rules refused is told by its refusal, which names the cell and the row it did not fit in.
      const refused = selectRefusal(store.getState());
      provided.announce(refused && refused.seq !== before ? refused.message : droppedMessage(dragRows.current, result));
    },
    [dispatch, store],
  );

  const commands = useMemo<CellCommands>(
    () => ({
      changeType: (cellId, type) => {
        const found = selectEditedLayout(store.getState())
          .flatMap((row, r) => row.cells.map((cell, c) => ({ cell, r, c })))
          .find(({ cell }) => cell.id === cellId);
        if (!found || found.cell.type === type) return;
        if (hasContent(found.cell)) {
          setPending({
            cellId,
            type,
            question: `¿Cambiar a ${TYPE_LABELS[type]}?`,
            detail: `Se perderá ${CONTENT_NAMES[found.cell.type]} de esta celda.`,
          });
          return;
        }
        dispatch(layoutEditorActions.cellTypeChanged({ cellId, type }));
        announce(`Celda ${found.c + 1} de la fila ${found.r + 1}: ahora es de tipo ${TYPE_LABELS[type]}.`);
      },
      move: (apply, moved) => {
        const before = selectEditedLayout(store.getState());
        apply();
        const message = buttonMoveMessage(before, selectEditedLayout(store.getState()), moved);
        if (message) announce(message);
      },
    }),
    [dispatch, store, announce],
  );

  const confirmType = () => {
    if (!pending) return;
    const rowsNow = selectEditedLayout(store.getState());
    const r = rowsNow.findIndex((row) => row.cells.some((cell) => cell.id === pending.cellId));
    const c = r < 0 ? -1 : rowsNow[r].cells.findIndex((cell) => cell.id === pending.cellId);
    dispatch(layoutEditorActions.cellTypeChanged({ cellId: pending.cellId, type: pending.type }));
    announce(
      `Celda ${c + 1} de la fila ${r + 1}: ahora es de tipo ${TYPE_LABELS[pending.type]}. Puede recuperar el contenido con Deshacer.`,
    );
    setPending(null);
  };

  // On a phone the full-screen preview says itself (a dialog); beside or below the editor, this does.
  const showMobilePreview = (shown: boolean) => {
    setMobilePreview(shown);
    if (columns) announce(shown ? 'Vista móvil abierta junto al editor.' : 'Vista móvil cerrada.');
  };

  return (
    // tabIndex -1: the keyboard's place when an undo takes away the control it was on.
    <section ref={regionRef} id={EDITOR_ID} className="layout-editor" aria-labelledby="layout-editor-title" tabIndex={-1}>
      <h2 id="layout-editor-title" className="layout-editor-title">
        Diseño
      </h2>
      <p className="layout-editor-lead">
        Filas de 4 columnas con celdas de texto, imagen, vídeo o documento, tal como se verán en la página pública.
      </p>
      <LayoutEditorToolbar
        regionRef={regionRef}
        isDragging={isDragging}
        mobilePreview={mobilePreview}
        onMobilePreviewChange={showMobilePreview}
        mobilePreviewId={mobilePreviewId}
      />
      <CellCommandsContext value={commands}>
        <div className={`layout-editor-workspace${mobilePreview ? ' has-preview' : ''}`}>
          <div className="layout-editor-desktop">
            <DragDropContext
              onBeforeCapture={onBeforeCapture}
              onDragStart={onDragStart}
              onDragUpdate={onDragUpdate}
              onDragEnd={onDragEnd}
              dragHandleUsageInstructions={DRAG_INSTRUCTIONS}
            >
              <Droppable droppableId={ROW_DROPPABLE} type="row">
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
            <AddRow />
          </div>
          {mobilePreview && (
            <MobilePreview id={mobilePreviewId} rows={rows} fullScreen={!columns} onClose={() => setMobilePreview(false)} />
          )}
        </div>
      </CellCommandsContext>
      <ConfirmDialog
        open={pending !== null}
        message={pending?.question ?? ''}
        detail={pending?.detail}
        confirmLabel={pending ? `Cambiar a ${TYPE_LABELS[pending.type]}` : 'Cambiar'}
        onConfirm={confirmType}
        onCancel={() => setPending(null)}
      />
      <p className="visually-hidden" role="status">
        {announcement && <span key={announcement.seq}>{announcement.text}</span>}
      </p>
    </section>
  );
}

/**
 * Hands the layout errors of a save's answer to the editor, which marks their
 * cells and lists them as links (LayoutErrorLinks), and answers the result
 * without them, so that the form's error box does not list them a second time
 * as 'layout: …'. Any other answer clears the editor's errors.
 *
 *   send: async (values) => takeLayoutErrors(await createPublication(input), dispatch),
 */
export function takeLayoutErrors<R extends object>(result: R, dispatch: AppDispatch): R {
  const error = 'error' in result && isRecord(result.error) ? result.error : undefined;
  const data = isRecord(error?.data) && !Array.isArray(error.data) ? error.data : undefined;
  const layout = data?.layout;
  const found = Array.isArray(layout)
    ? layout.filter((line): line is string => typeof line === 'string')
    : typeof layout === 'string'
      ? [layout]
      : [];
  dispatch(layoutEditorActions.layoutErrorsReceived(found));
  if (found.length === 0 || !data) return result;
  const { layout: _shown, ...rest } = data;
  return { ...result, error: { ...error, data: rest } };
}

/**
 * The server's layout errors as links, for the form's error summary: each
 * names its row and cell where they are now and takes the keyboard there.
 * Nothing when there are none.
 */
export function LayoutErrorLinks() {
  const rows = useAppSelector(selectEditedLayout);
  const errors = useAppSelector(selectLayoutErrors);
  const placed = useMemo(() => errors.map((error) => placeLayoutError(rows, error)), [rows, errors]);
  if (placed.length === 0) return null;
  const go = (target: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    // Focus brings it into view; the cell's description then says its error.
    element.focus();
  };
  return (
    <ul className="kit-alert-details layout-editor-error-links">
      {placed.map((error) => {
        const target = error.cellId ? cellElementId(error.cellId) : error.rowId ? rowElementId(error.rowId) : EDITOR_ID;
        return (
          <li key={`${error.rowId}:${error.cellId}:${error.message}`}>
            <a href={`#${target}`} onClick={go(target)}>
              {error.text}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
