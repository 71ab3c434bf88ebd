import { useEffect, useRef, type RefObject } from 'react';
import { focusIsOutside } from './focus-targets';

/**
 * A native <dialog> shown modal while `open`, as the kit's dialogs that ask
 * for something are (a section to move to, an address): the page is inert,
 * the keyboard starts on `first`, Escape cancels, and on closing the keyboard
 * goes back to whatever opened it, unless the action has already put it on
 * its outcome elsewhere on the page (Chromium fires 'close' with the next
 * frame, which may come after a fast answer).
 *
 *   const { dialog, onClose } = useModalDialog(open, onCancel, input);
 *   <dialog ref={dialog} className="kit-dialog" onClose={onClose}>…</dialog>
 */
export function useModalDialog(open: boolean, onCancel: () => void, first: RefObject<HTMLElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      first.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, first]);

  // Escape fires 'cancel' then 'close'; a close the page asked for (open turned false) is no cancel.
  const onClose = () => {
    const back = opener.current;
    opener.current = null;
    const placed = dialog.current !== null && focusIsOutside(dialog.current);
    if (!placed && back?.isConnected) back.focus();
    if (open) onCancel();
  };

  return { dialog, onClose };
}
