import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { baseApi } from '@/client/api/base-api';
import { signedOut } from './session-slice';

/** Ends the session (requirements §4): the stored record and every cached admin answer go, then /admin/login. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    navigate(paths.admin.login.getHref(), { replace: true });
  }, [dispatch, navigate]);
}
