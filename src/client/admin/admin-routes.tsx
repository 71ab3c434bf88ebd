import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/client/app/paths';
import { AdminGuard } from '@/client/session/admin-guard';
import { LoginPage } from '@/client/session/login-page';
import { AdminLanding } from './admin-landing';
import { AdminNotFoundPage } from './admin-not-found-page';
import { AdminShell } from './admin-shell';
import { ComingSoonPage } from './coming-soon-page';

/**
 * Everything under /admin, in one lazily loaded chunk (router.tsx): the
 * sign-in screen, then the guard, the shell and the pages inside it.
 */
export const adminRoutes: RouteObject[] = [
  { path: paths.admin.login.path, element: <LoginPage /> },
  {
    element: <AdminGuard />,
    children: [
      {
        element: <AdminShell />,
        children: [
          { index: true, element: <AdminLanding /> },
          { path: `${paths.admin.sections.path}/*`, element: <ComingSoonPage title="Secciones" noun="secciones" /> },
          { path: `${paths.admin.publications.path}/*`, element: <ComingSoonPage title="Publicaciones" noun="publicaciones" /> },
          { path: `${paths.admin.biographies.path}/*`, element: <ComingSoonPage title="Biografías" noun="biografías" /> },
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ],
  },
];

/** The admin area, rendered below the /admin/* route. */
export default function AdminRoutes() {
  return useRoutes(adminRoutes);
}
