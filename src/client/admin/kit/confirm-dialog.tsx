import './kit.css';
import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The question, e.g. '¿Estás seguro de eliminar esta sección?' (requirements §5). */
  message: string;
  /** What the action concerns, shown under the question (e.g. the section's title). */
  detail?: string;
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
 * button); when that is gone (the row was deleted) focus goes to the page's
 * main content.
 *
 *   <ConfirmDialog open={target !== null} message={confirmDelete('sección')} detail={target?.title}
 *     onConfirm={remove} onCancel={() => setTarget(null)} />
 */
export function ConfirmDialog({ open, message, detail, confirmLabel = 'Eliminar', cancelLabel = 'Cancelar', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const detailId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      cancelButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Whatever closed it, focus goes back to where the user was.
  const onClose = () => {
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    else document.querySelector<HTMLElement>('main')?.focus();
    if (open) onCancel();
  };

  return (
    // Escape fires 'cancel' then 'close'; both end in onClose.
    <dialog ref={dialog} className="kit-dialog" aria-labelledby={titleId} aria-describedby={detail ? detailId : undefined} onClose={onClose}>
      <h2 id={titleId} className="kit-dialog-title">
        {message}
      </h2>
      {detail && (
        <p id={detailId} className="kit-dialog-detail">
          {detail}
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
