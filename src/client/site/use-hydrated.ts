import { useSyncExternalStore } from 'react';

// Nothing to listen to: the answer only changes between the render that takes the server's HTML
// over and the ones after it, which React tells apart by itself.
const noChanges = () => () => {};

/**
 * Whether the app's code runs this page: false on the server and in the browser's first render,
 * which takes the server's HTML over (hydrateRoot renders with the server's snapshot), true from
 * the render React does right after. Markup that works without scripts (a button that toggles a
 * popover) can then become the app's (the same button with `aria-expanded`, its click handled)
 * with no hydration mismatch, and with no state set in an effect. A page the browser draws itself
 * (createRoot: a preview frame, tests) is true from its first render.
 * docs/decisions/186-public-site-without-scripts.md.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
