import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/client/app/paths';
import { SessionLoading } from './session-loading';
import { useRestoredSession } from './use-restored-session';

/**
 * Wraps every /admin route but the sign-in screen (requirements §2): 'Loading...'
 * while the session is read, the sign-in screen without a user, the page
 * otherwise.
 */
export function AdminGuard() {
  const { restored, user } = useRestoredSession();
  const location = useLocation();
  if (!restored) return <SessionLoading />;
  if (!user) return <Navigate to={paths.admin.login.getHref()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
