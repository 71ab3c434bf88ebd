import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { selectSignedOutHere } from './session-slice';
import { SessionLoading } from './session-loading';
import { useRestoredSession } from './use-restored-session';

/** What the guard tells the sign-in screen: the admin page to return to. */
export interface ReturnTo {
  from: string;
}

/**
 * Wraps every /admin route but the sign-in screen (requirements §2): 'Loading...'
 * while the session is read, the sign-in screen without a user (which
 * returns to this page afterwards), the page otherwise.
 */
export function AdminGuard() {
  const { restored, user } = useRestoredSession();
  const location = useLocation();
  const signedOutHere = useAppSelector(selectSignedOutHere);
  if (!restored) return <SessionLoading />;
  // The sign-in screen brings the administrator back here: a lost session interrupted the work on this page.
  if (!user) {
    const returnTo: ReturnTo | undefined = signedOutHere ? undefined : { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.admin.login.getHref()} replace state={returnTo} />;
  }
  return <Outlet />;
}
