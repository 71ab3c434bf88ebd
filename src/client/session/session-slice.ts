import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RefreshResponse, SessionRecord } from '@/domain/entities';

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
}

const initialState: SessionState = { restored: false, user: null };

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
    },
    /** A refresh answered: the new access token, and the rotated refresh token when sent. */
    tokensRefreshed(state, action: PayloadAction<RefreshResponse>) {
      if (!state.user) return;
      state.user.access = action.payload.access;
      if (action.payload.refresh) state.user.refresh = action.payload.refresh;
    },
    signedOut(state) {
      state.restored = true;
      state.user = null;
    },
  },
  selectors: {
    selectSessionRestored: (state) => state.restored,
    selectUser: (state) => state.user,
  },
});

export const { sessionRestored, signedIn, tokensRefreshed, signedOut } = sessionSlice.actions;
export const { selectSessionRestored, selectUser } = sessionSlice.selectors;
