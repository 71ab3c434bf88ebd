import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isSignInArrival } from '@/client/app/arrival';
import { isRecord } from '@/domain/guards';
import { focusIsLost, focusPageHeading, focusRow, pageHeading } from './focus-targets';

/** What a navigation to a list may carry in its state: the row to put the keyboard on (the one just created or saved). */
export interface ArrivalState {
  focusRow?: number;
}

/** The navigation state that opens a list with the keyboard on this row: `navigate(list, { state: arrivalAt(saved.id) })`. */
export const arrivalAt = (id: number | undefined): ArrivalState | undefined => (id === undefined ? undefined : { focusRow: id });

/** How long a page may take to show its heading or the wanted row (a list being fetched again). */
const WAIT_MS = 10_000;

const rowOf = (id: number) => document.querySelector(`#admin-main [data-row-id="${id}"]`);

/**
 * Every page of the admin starts at its top, with the keyboard on its heading
 * (so a screen reader announces where it is), or on the row the navigation
 * asked for once that row is shown: after 'Crear publicación' the list opens
 * at its top on the new publication, not where the form was scrolled to.
 * What the person focuses meanwhile is left alone (not the link that led here). The first page of a
 * visit keeps the browser's own start, but for the one a sign-in opens (app/arrival.ts).
 */
export function usePageArrival(): void {
  const { pathname, state } = useLocation();
  // The state is whatever the navigation carried (untyped in react-router): only a row id is taken from it.
  const wanted = isRecord(state) && typeof state.focusRow === 'number' ? state.focusRow : undefined;
  const signedIn = isSignInArrival(state);
  // The page arrived at last: the visit's first page is not an arrival (twice so under StrictMode).
  const arrivedAt = useRef(pathname);

  useEffect(() => {
    if (arrivedAt.current === pathname && wanted === undefined && !signedIn) return;
    arrivedAt.current = pathname;
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    // What held the focus when the page changed (the link or button that changed it) gives it up;
    // what the person focuses after that is theirs.
    const origin = document.activeElement;
    // The heading (or the row) may come after a load: watch the page until it is there.
    const settle = (): boolean => {
      if (!focusIsLost() && !isArrivalFocus() && document.activeElement !== origin) return true;
      const row = wanted === undefined ? null : rowOf(wanted);
      if (row) return focusRow(row);
      if (document.activeElement !== pageHeading()) focusPageHeading();
      return wanted === undefined && pageHeading() !== null;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.getElementById('admin-main') ?? document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, wanted, signedIn]);
}

/** The focus this hook itself put somewhere: the page's heading or <main>. */
function isArrivalFocus(): boolean {
  const active = document.activeElement;
  return active !== null && (active === pageHeading() || active.id === 'admin-main');
}
