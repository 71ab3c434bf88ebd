/**
 * Runs `move` on the next frame, after React has rendered, and only if the
 * keyboard is still where the action left it (on the control that was used,
 * or on nothing because that control was taken away). An editor who has
 * already clicked or tabbed into a field meanwhile keeps typing there: pulling
 * the focus away would cut what they type.
 */
function unlessMovedOn(move: () => void): void {
  const leftOn = document.activeElement;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    const movedOn = now !== leftOn && now !== null && now !== document.body && now.isConnected;
    if (!movedOn) move();
  });
}

/**
 * After a change re-renders the editor, puts the keyboard back on the control
 * that was used (`[data-action]` inside `container`), or on the container
 * itself when that control is gone.
 */
export function focusControl(container: string, action: string): void {
  unlessMovedOn(() => {
    const box = document.querySelector<HTMLElement>(container);
    const control = box?.querySelector<HTMLElement>(`[data-action="${action}"]`);
    (control ?? box)?.focus();
  });
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"], a[href], [tabindex="0"]';

/**
 * After a cell's type is chosen, puts the keyboard on the first control of
 * its content (the choice it was on is gone), or on the cell itself.
 */
export function focusCellContent(cellId: string): void {
  unlessMovedOn(() => {
    const cell = document.querySelector<HTMLElement>(`[data-cell-id="${cellId}"]`);
    const control = cell?.querySelector<HTMLElement>(`[data-cell-content] :is(${FOCUSABLE})`);
    (control ?? cell)?.focus();
  });
}
