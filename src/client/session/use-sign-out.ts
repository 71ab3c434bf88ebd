import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { revokeSessionOnServer } from '@/client/api/auth';
import { baseApi } from '@/client/api/base-api';
import { selectUser, signedOut } from './session-slice';

/**
 * Ends the session (requirements §4): first the server revokes the refresh
 * token (waited for, at most a couple of seconds: a sign-out must not leave a
 * working token behind, nor hang when the server does not answer), then the
 * stored record and every cached admin answer go, then /admin/login. Only this
 * tab asks the server; the other tabs follow the stored record
 * (session-tabs.ts). Pressing again while it runs does nothing.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refresh = useAppSelector(selectUser)?.refresh;
  const running = useRef(false);
  return useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      if (refresh) await revokeSessionOnServer(refresh);
      dispatch(signedOut({ here: true }));
      dispatch(baseApi.util.resetApiState());
      navigate(paths.admin.login.getHref(), { replace: true });
    } finally {
      running.current = false;
    }
  }, [dispatch, navigate, refresh]);
}
