import { createListenerMiddleware, isAnyOf, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { sessionRestored, signedIn, signedOut, tokensRefreshed, type SessionState } from './session-slice';
import { readStoredSession, writeStoredSession } from './session-storage';

type StateWithSession = { session: SessionState };

/**
 * Mirrors the session into localStorage (requirements §3): written on sign-in and on
 * every refresh, removed on sign-out. The write happens synchronously during
 * the dispatch, so a reload right after it finds the new record.
 */
export function createSessionPersistence() {
  const listener = createListenerMiddleware<StateWithSession>();
  listener.startListening({
    matcher: isAnyOf(signedIn, tokensRefreshed, signedOut),
    effect: (_action, api) => writeStoredSession(api.getState().session.user),
  });
  return listener.middleware;
}

/** Reads the stored session once, at start-up (the app shows 'Loading...' until then). */
export const restoreSession = (): ThunkAction<void, StateWithSession, unknown, UnknownAction> => (dispatch, getState) => {
  if (!getState().session.restored) dispatch(sessionRestored(readStoredSession()));
};
