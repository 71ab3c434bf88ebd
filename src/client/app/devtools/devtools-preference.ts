/**
 * Whether this browser talks to Redux DevTools. Always in development; in
 * production only after an administrator switched it on here ('Redux
 * DevTools en este navegador' in 'Mi cuenta'), kept in localStorage so that
 * it holds for this browser alone and survives sign-outs. This module is all
 * the public main chunk carries of DevTools: the options and sanitizers load
 * lazily, and only when this says yes (main.tsx).
 */
const DEVTOOLS_STORAGE_KEY = 'reduxDevTools';

export function devToolsSwitchedOn(): boolean {
  try {
    return localStorage.getItem(DEVTOOLS_STORAGE_KEY) === 'on';
  } catch {
    // Storage blocked (private mode, policy): DevTools stay off.
    return false;
  }
}

export function switchDevTools(on: boolean): void {
  if (on) localStorage.setItem(DEVTOOLS_STORAGE_KEY, 'on');
  else localStorage.removeItem(DEVTOOLS_STORAGE_KEY);
}

export const devToolsWanted = (): boolean => process.env.NODE_ENV !== 'production' || devToolsSwitchedOn();
