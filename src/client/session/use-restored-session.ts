import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { restoreSession } from './session-persistence';
import { selectSessionRestored, selectUser } from './session-slice';

/** The session, read from localStorage on first use; `restored` is false until then. */
export function useRestoredSession() {
  const dispatch = useAppDispatch();
  const restored = useAppSelector(selectSessionRestored);
  const user = useAppSelector(selectUser);
  useEffect(() => {
    if (!restored) dispatch(restoreSession());
  }, [restored, dispatch]);
  return { restored, user };
}
