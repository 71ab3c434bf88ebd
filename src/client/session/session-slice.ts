import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RefreshResponse, SessionRecord } from '@/domain/entities';
import { isRecord } from '@/domain/guards';

/**
 * Who is signed in (requirements §3, §4). `restored` is false until the stored record
 * has been read at start-up; screens that depend on the session show
 * 'Loading...' until then. The record itself lives here: the data layer reads
 * it from the store, and a listener (session-persistence.ts) mirrors it into
 * localStorage.
 */
export interface SessionState {
  restored: boolean;
  user: SessionRecord | null;
  /**
   * The administrator signed out here ('Cerrar sesión'): the sign-in screen
   * then leads to /admin, not back to the page they left, as it does after a
   * lost session (whose page is work to go back to).
   */
  signedOutHere?: boolean;
}

const initialState: SessionState = { restored: false, user: null };

/** A session record's shape: three texts (session-storage.ts adds its own rule for a stored one). */
export const isSessionRecord = (value: unknown): value is SessionRecord =>
  isRecord(value) && typeof value.access === 'string' && typeof value.refresh === 'string' && typeof value.username === 'string';

const isSessionState = (value: unknown): value is SessionState =>
  isRecord(value) &&
  typeof value.restored === 'boolean' &&
  (value.user === null || isSessionRecord(value.user)) &&
  (value.signedOutHere === undefined || typeof value.signedOutHere === 'boolean');

/**
 * The session of a store's state that reaches its reader as unknown (RTK Query's
 * BaseQueryApi.getState): checked rather than asserted, so that a store built
 * without this slice fails here, by name.
 */
export function sessionOf(state: unknown): SessionState {
  if (isRecord(state) && isSessionState(state.session)) return state.session;
  throw new Error('The store has no session slice (session-slice.ts).');
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionRestored(state, action: PayloadAction<SessionRecord | null>) {
      state.restored = true;
      state.user = action.payload;
    },
    signedIn(state, action: PayloadAction<SessionRecord>) {
      state.restored = true;
      state.user = action.payload;
      state.signedOutHere = false;
    },
    /** A refresh answered: the new access token, and the rotated refresh token when sent. */
    tokensRefreshed(state, action: PayloadAction<RefreshResponse>) {
      if (!state.user) return;
      state.user.access = action.payload.access;
      if (action.payload.refresh) state.user.refresh = action.payload.refresh;
    },
    /** The session ended: lost (refused tokens), or `{ here: true }` for 'Cerrar sesión' in this tab. */
    signedOut(state, action: PayloadAction<{ here: boolean } | undefined>) {
      state.restored = true;
      state.user = null;
      state.signedOutHere = action.payload?.here ?? false;
    },
    /**
     * Another tab signed in, refreshed or signed out (tabs share one session):
     * the stored record it wrote, taken as is. Not written back, so tabs never echo.
     */
    sessionChangedElsewhere(state, action: PayloadAction<SessionRecord | null>) {
      state.restored = true;
      state.user = action.payload;
      state.signedOutHere = false;
    },
  },
  selectors: {
    selectSessionRestored: (state) => state.restored,
    selectUser: (state) => state.user,
    selectSignedOutHere: (state) => state.signedOutHere === true,
  },
});

export const { sessionRestored, signedIn, tokensRefreshed, signedOut, sessionChangedElsewhere } = sessionSlice.actions;
export const { selectSessionRestored, selectUser, selectSignedOutHere } = sessionSlice.selectors;
