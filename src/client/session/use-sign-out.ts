import { useCallback, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { revokeSessionOnServer } from '@/client/api/auth';
import { baseApi } from '@/client/api/base-api';
import { selectUser, signedOut } from './session-slice';

/**
 * Ends the session (requirements §4). This tab lets go of it first: the
 * stored record and every cached admin answer go at once (running requests
 * are aborted), so no request leaves with it any more (a form's presence
 * heartbeat would otherwise meet the revoked session and its 401), and the
 * admin guard shows the sign-in screen. Then the server revokes the refresh
 * token, with the copy taken before (waited for, at most a couple of seconds:
 * a sign-out must not leave a working token behind, nor hang when the server
 * does not answer). Only this tab asks the server; the other tabs follow the
 * stored record (session-tabs.ts). Pressing again while it runs does nothing.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const refresh = useAppSelector(selectUser)?.refresh;
  const running = useRef(false);
  return useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      dispatch(signedOut({ here: true }));
      dispatch(baseApi.util.resetApiState());
      if (refresh) await revokeSessionOnServer(refresh);
    } finally {
      running.current = false;
    }
  }, [dispatch, refresh]);
}
