import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { authApi } from '@/client/api/auth';
import { baseApi } from '@/client/api/base-api';
import { selectUser, signedOut } from './session-slice';

/**
 * Ends the session (requirements §4): the server revokes the refresh token
 * (not waited for: the browser forgets it at once either way), the stored
 * record and every cached admin answer go, then /admin/login. The other tabs
 * follow (session-tabs.ts).
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refresh = useAppSelector(selectUser)?.refresh;
  return useCallback(() => {
    if (refresh) void dispatch(authApi.endpoints.revokeSession.initiate({ refresh }));
    dispatch(signedOut({ here: true }));
    dispatch(baseApi.util.resetApiState());
    navigate(paths.admin.login.getHref(), { replace: true });
  }, [dispatch, navigate, refresh]);
}
