import './kit.css';
import './confirm-dialog.css';
import { useEffect, useId, useRef } from 'react';
import { focusIsOutside, focusRowAt, tableRows } from './focus-targets';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The question, e.g. '¿Estás seguro de eliminar esta sección?' (requirements §5). */
  message: string;
  /** What the action concerns, shown under the question (e.g. the section's title). */
  detail?: string;
  /** What follows from it, read with the detail (e.g. 'Irá a la Papelera; desde allí podrá restaurarla.'). */
  note?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the buttons while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel button, Escape, or closing otherwise. */
  onCancel: () => void;
}

/**
 * A confirmation on the native <dialog> element, shown modal: the rest of the
 * page is inert, focus moves to 'Cancelar' (the safe choice), Escape cancels,
 * and on closing focus returns to whatever opened it (the row's 'Eliminar'
 * button); when that is gone (the row was deleted) focus goes to the row now
 * in its place, or to the page's heading when none is left. An action that has
 * already put the keyboard elsewhere (an outcome shown by a fast answer) keeps
 * it there: Chromium fires 'close' with the next frame, which may come after the
 * answer, so the order of the two must not decide where the keyboard ends.
 *
 *   <ConfirmDialog open={target !== null} message={confirmDelete('sección')} detail={target?.title}
 *     onConfirm={remove} onCancel={() => setTarget(null)} />
 */
export function ConfirmDialog({
  open,
  message,
  detail,
  note,
  confirmLabel = 'Eliminar',
  cancelLabel = 'Cancelar',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The table row the dialog was opened from, to find the next one if that row goes.
  const openerRow = useRef<{ table: Element; index: number } | null>(null);
  const titleId = useId();
  const detailId = useId();
  const noteId = useId();
  const describedBy = [detail && detailId, note && noteId].filter(Boolean).join(' ') || undefined;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const row = opener.current?.closest('[data-row-id]');
      const table = row?.closest('[role="table"]');
      openerRow.current = row instanceof HTMLElement && table ? { table, index: tableRows(table).indexOf(row) } : null;
      element.showModal();
      cancelButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Whatever closed it, focus goes back to where the user was, unless the action has put it elsewhere.
  const onClose = () => {
    const back = opener.current;
    opener.current = null;
    const row = openerRow.current;
    openerRow.current = null;
    // Already on the page outside the dialog: on the opener, where the browser puts it back as
    // the dialog closes, or on what the action has shown meanwhile. It stays there.
    const placed = dialog.current !== null && focusIsOutside(dialog.current);
    if (!placed && back?.isConnected) back.focus();
    else if (!placed) focusRowAt(row?.table ?? null, row?.index ?? 0);
    if (open) onCancel();
  };

  return (
    // Escape fires 'cancel' then 'close'; both end in onClose.
    <dialog ref={dialog} className="kit-dialog" aria-labelledby={titleId} aria-describedby={describedBy} onClose={onClose}>
      <h2 id={titleId} className="kit-dialog-title">
        {message}
      </h2>
      {detail && (
        <p id={detailId} className="kit-dialog-detail">
          {detail}
        </p>
      )}
      {note && (
        <p id={noteId} className="kit-dialog-note">
          {note}
        </p>
      )}
      <div className="kit-dialog-actions">
        <button ref={cancelButton} type="button" className="kit-button kit-button-secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="kit-button kit-button-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
