/**
 * Where the keyboard goes when the element it was on disappears (a deleted or
 * restored row, a page left for another): the row now in its place, or the
 * page's heading. Never <body>, where a screen reader starts the page again
 * from the top and a keyboard user from the first link.
 */

/** The admin page's heading (PageHeader's h1, focusable with tabIndex -1). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#admin-main h1, main h1');
}

/** Focuses the page's heading; false when there is none yet. */
export function focusPageHeading(): boolean {
  const heading = pageHeading();
  heading?.focus();
  return heading !== null;
}

/** True when nothing meaningful holds the focus: <body>, nothing, or an element gone from the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * True when the keyboard is on an element of the page outside `container`: an
 * action has put it there (an outcome it shows), so a closing dialog leaves it
 * where it is instead of taking it back to its opener.
 */
export function focusIsOutside(container: Element): boolean {
  return !focusIsLost() && !container.contains(document.activeElement);
}

/** Focuses a row of a DataTable: its name's link (the primary column), else its first enabled control. */
export function focusRow(row: Element): boolean {
  const target =
    row.querySelector<HTMLElement>('.kit-table-primary a[href]') ??
    row.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])');
  target?.focus();
  return target !== null && document.activeElement === target;
}

/** The body rows of a DataTable, in order. */
export function tableRows(table: Element): HTMLElement[] {
  return Array.from(table.querySelectorAll<HTMLElement>('.kit-table-body > [role="row"]'));
}

/**
 * After a row at `index` went away: the row now at that place (the next one),
 * or the one before it when it was the last, or the page's heading when the
 * table is empty or gone.
 */
export function focusRowAt(table: Element | null, index: number): void {
  const rows = table?.isConnected ? tableRows(table) : [];
  const row = rows[Math.min(index, rows.length - 1)];
  if (row && focusRow(row)) return;
  focusPageHeading();
}
