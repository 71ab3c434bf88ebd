import { useEffect, useRef } from 'react';
import type { HistoryDirection } from './layout-history';

/**
 * Where keys keep their own meaning: fields (Ctrl+Z there undoes typing, as
 * everywhere), TinyMCE's toolbar and menus (its text lives in an iframe, whose
 * keys never reach this document anyway) and open dialogs.
 */
const OWN_KEYS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), .tox, dialog';

/**
 * The history command a key press asks for: Ctrl+Z undoes; Ctrl+Shift+Z and
 * Ctrl+Y redo. Meta (⌘) counts as Ctrl, which is how macOS says the same;
 * accepting both everywhere spares guessing the platform.
 */
function historyCommandFor(event: KeyboardEvent): HistoryDirection | null {
  if (event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey === event.metaKey) return null;
  if (event.target instanceof Element && event.target.closest(OWN_KEYS)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/**
 * Listens for the undo and redo keys on the whole page while the editor is
 * shown. `run` answers whether it did something: only then is the browser's
 * own handling of the keys prevented.
 */
export function useHistoryShortcuts(run: (direction: HistoryDirection) => boolean): void {
  // The latest `run`, without listening again on every render.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = historyCommandFor(event);
      if (direction && latest.current(direction)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
