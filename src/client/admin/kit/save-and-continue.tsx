import { useEffect, useRef } from 'react';

/** Ctrl+S, or ⌘S on a Mac (Meta counts as Ctrl everywhere, as the layout editor's undo keys do). */
export const isSaveShortcut = (event: KeyboardEvent): boolean =>
  !event.isComposing && !event.altKey && !event.shiftKey && event.ctrlKey !== event.metaKey && event.key.toLowerCase() === 's';

/**
 * 'Guardar y seguir editando' beside a form's submit, and Ctrl+S / ⌘S anywhere
 * on the page while the form is shown (never the browser's "save page"): both
 * save and keep the form open on the saved version (useVersionedSave's `stay`).
 * While a save is in flight the button is disabled and the keys do nothing
 * but stop the browser's own dialog; a button that lost the focus to being
 * disabled gets it back once the save is over.
 */
export function SaveAndContinueButton({ saving, onSave }: { saving: boolean; onSave: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const latest = useRef({ saving, onSave });
  useEffect(() => {
    latest.current = { saving, onSave };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSaveShortcut(event)) return;
      // An open dialog (leaving with unsaved changes, a confirmation) keeps its keys.
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      event.preventDefault();
      if (!latest.current.saving) latest.current.onSave();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (saving || !pressed.current) return;
    pressed.current = false;
    if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
  }, [saving]);

  return (
    <button
      ref={button}
      type="button"
      className="kit-button kit-button-secondary"
      disabled={saving}
      aria-keyshortcuts="Control+S Meta+S"
      title="Ctrl+S / ⌘S"
      onClick={() => {
        pressed.current = true;
        onSave();
      }}
    >
      Guardar y seguir editando
    </button>
  );
}
