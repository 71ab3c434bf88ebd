/**
 * After a move re-renders the editor, puts the keyboard back on the control
 * that was used (`[data-action]` inside `container`), or on the container
 * itself when that control is gone.
 */
export function focusControl(container: string, action: string): void {
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLElement>(container);
    const control = box?.querySelector<HTMLElement>(`[data-action="${action}"]`);
    (control ?? box)?.focus();
  });
}
