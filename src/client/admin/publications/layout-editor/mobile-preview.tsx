import { useDeferredValue, useEffect, useId, useRef } from 'react';
import type { Layout } from '@/domain/entities';
import { LayoutGrid } from '@/client/ui/layout-grid';

export interface MobilePreviewProps {
  id: string;
  rows: Layout;
  /**
   * On a phone the preview would open far below, out of sight: there it is a
   * full-screen dialog instead, with 'Volver al editor' (and Escape).
   */
  fullScreen: boolean;
  /** The person closed the full-screen preview. */
  onClose: () => void;
}

/**
 * 'Vista móvil': the layout as a phone shows it, through the public renderer,
 * in a phone-wide frame next to (or, on narrow screens, below) the editor,
 * and on a phone as a modal dialog over the whole screen (which says itself
 * when it opens: its name, and the keyboard on its way back; the editor
 * announces the preview beside it).
 * The public grid picks its columns by the window's width, which here is the
 * admin's; `ui-layout-single-column` (ui.css) holds it to the phone's one
 * column. The preview follows typing a moment behind (a deferred value), so
 * the editor stays responsive with a long layout.
 */
export function MobilePreview({ id, rows, fullScreen, onClose }: MobilePreviewProps) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  const shown = useDeferredValue(rows);
  const hasCells = shown.some((row) => row.cells.length > 0);

  useEffect(() => {
    if (fullScreen) {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      opener.current = document.activeElement;
      dialog.showModal();
      return;
    }
    // Beside the editor it is in view; below it (narrower screens), brought into view.
    const box = sectionRef.current?.getBoundingClientRect();
    if (box && box.top > window.innerHeight) sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [fullScreen]);

  const screen = (
    <>
      {/* It scrolls on its own beside the editor: focusable, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="layout-editor-phone-screen" role="group" aria-label="Pantalla de teléfono" tabIndex={0}>
        <div className="layout-editor-phone-page ui-layout-single-column">
          {hasCells ? <LayoutGrid layout={shown} /> : <p className="layout-editor-empty">Todavía no hay celdas que mostrar.</p>}
        </div>
      </div>
    </>
  );

  if (fullScreen) {
    const close = () => {
      onClose();
      // The keyboard goes back to 'Vista móvil', which opened it.
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
    return (
      // Escape closes the dialog ('cancel', then 'close'); so does the button.
      <dialog ref={dialogRef} id={id} className="layout-editor-phone layout-editor-phone--full" aria-labelledby={headingId} onClose={close}>
        <div className="layout-editor-phone-bar">
          <h3 id={headingId} className="layout-editor-phone-title">
            Vista móvil
          </h3>
          <button type="button" className="layout-editor-button" onClick={() => dialogRef.current?.close()}>
            Volver al editor
          </button>
        </div>
        {screen}
      </dialog>
    );
  }
  return (
    <section ref={sectionRef} id={id} className="layout-editor-phone" aria-labelledby={headingId}>
      <h3 id={headingId} className="layout-editor-phone-title">
        Vista móvil
      </h3>
      {screen}
    </section>
  );
}
