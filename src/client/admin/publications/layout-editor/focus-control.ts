/**
 * After a move re-renders the editor, puts the keyboard back on the control
 * that was used (`[data-action]` inside `container`), or on the container
 * itself when that control is gone.
 *
 * The move happens on the next frame, after React has rendered, and only if
 * the keyboard is still where the action left it (on the control that was used,
 * or on nothing because that control was taken away). An editor who has
 * already clicked or tabbed into a field meanwhile keeps typing there: pulling
 * the focus away would cut what they type.
 */
export function focusControl(container: string, action: string): void {
  const leftOn = document.activeElement;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    const movedOn = now !== leftOn && now !== null && now !== document.body && now.isConnected;
    if (movedOn) return;
    const box = document.querySelector<HTMLElement>(container);
    const control = box?.querySelector<HTMLElement>(`[data-action="${action}"]`);
    (control ?? box)?.focus();
  });
}
