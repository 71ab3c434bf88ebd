import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import type { RootState } from '@/client/app/store';
import { layoutEditorActions, selectRedoChange, selectUndoChange } from './layout-editor-slice';
import { useHistoryShortcuts } from './history-shortcuts';
import type { HistoryDirection } from './layout-history';

/** What was just undone or redone, told politely; `seq` makes the same words twice be told twice. */
interface Announcement {
  direction: HistoryDirection;
  text: string;
  seq: number;
  /** Whether the toolbar's button did it (not a key). */
  byButton: boolean;
}

export interface LayoutEditorToolbarProps {
  /** The editor's region: where the keyboard goes when its place is gone. */
  regionRef: RefObject<HTMLElement | null>;
  /** While a row or cell is being dragged the keys do nothing: the drag owns the layout. */
  isDragging: () => boolean;
  mobilePreview: boolean;
  onMobilePreviewChange: (shown: boolean) => void;
  /** The preview's id, for aria-controls while it is shown. */
  mobilePreviewId: string;
}

/**
 * The editor's toolbar: Deshacer and Rehacer (and their keys) for structural
 * changes, and the switch for the phone preview. After an undo or redo the
 * keyboard stays where it was; when that place is gone (a disabled button, a
 * row taken away) it goes to the other history button or to the editor.
 */
export function LayoutEditorToolbar({
  regionRef,
  isDragging,
  mobilePreview,
  onMobilePreviewChange,
  mobilePreviewId,
}: LayoutEditorToolbarProps) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const undoChange = useAppSelector(selectUndoChange);
  const redoChange = useAppSelector(selectRedoChange);
  const undoRef = useRef<HTMLButtonElement>(null);
  const redoRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  // Reads the store when called, so that a key pressed right after a change sees that change.
  const run = useCallback(
    (direction: HistoryDirection, byButton = false): boolean => {
      const change = (direction === 'undo' ? selectUndoChange : selectRedoChange)(store.getState());
      if (change === null || isDragging()) return false;
      dispatch(direction === 'undo' ? layoutEditorActions.undone() : layoutEditorActions.redone());
      setAnnouncement((last) => ({
        direction,
        text: `${direction === 'undo' ? 'Deshecho' : 'Rehecho'}: ${change}.`,
        seq: (last?.seq ?? 0) + 1,
        byButton,
      }));
      return true;
    },
    [dispatch, store, isDragging],
  );
  useHistoryShortcuts(run);

  // After the editor shows the new layout: put the keyboard back somewhere that still exists.
  useEffect(() => {
    if (!announcement) return;
    const [own, other] = announcement.direction === 'undo' ? [undoRef.current, redoRef.current] : [redoRef.current, undoRef.current];
    const active = document.activeElement;
    const onHistoryButton = active !== null && (active === own || active === other);
    const lost =
      !active ||
      active === document.body ||
      !active.isConnected ||
      (onHistoryButton && active instanceof HTMLButtonElement && active.disabled);
    if (!lost) return;
    const candidates = announcement.byButton ? [own, other] : onHistoryButton ? [active === own ? other : own] : [];
    (candidates.find((button) => button && !button.disabled) ?? regionRef.current)?.focus();
  }, [announcement, regionRef]);

  return (
    <div className="layout-editor-toolbar" role="group" aria-label="Herramientas del diseño">
      <button
        ref={undoRef}
        type="button"
        className="layout-editor-button"
        disabled={undoChange === null}
        aria-keyshortcuts="Control+Z"
        title={undoChange ? `Deshacer «${undoChange}» (Ctrl+Z)` : 'Deshacer (Ctrl+Z)'}
        onClick={() => run('undo', true)}
      >
        <span aria-hidden="true">↶ </span>Deshacer
      </button>
      <button
        ref={redoRef}
        type="button"
        className="layout-editor-button"
        disabled={redoChange === null}
        aria-keyshortcuts="Control+Shift+Z"
        title={redoChange ? `Rehacer «${redoChange}» (Ctrl+Mayús+Z o Ctrl+Y)` : 'Rehacer (Ctrl+Mayús+Z o Ctrl+Y)'}
        onClick={() => run('redo', true)}
      >
        <span aria-hidden="true">↷ </span>Rehacer
      </button>
      <button
        type="button"
        className="layout-editor-button layout-editor-toggle"
        aria-pressed={mobilePreview}
        aria-controls={mobilePreview ? mobilePreviewId : undefined}
        onClick={() => onMobilePreviewChange(!mobilePreview)}
      >
        Vista móvil
      </button>
      <p className="visually-hidden" role="status">
        {announcement && <span key={announcement.seq}>{announcement.text}</span>}
      </p>
    </div>
  );
}
