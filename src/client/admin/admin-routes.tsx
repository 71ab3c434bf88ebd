import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/client/app/paths';
import { AdminGuard } from '@/client/session/admin-guard';
import { LoginPage } from '@/client/session/login-page';
import { AdminLanding } from './admin-landing';
import { AdminNotFoundPage } from './admin-not-found-page';
import { AdminShell } from './admin-shell';
import { ComingSoonPage } from './coming-soon-page';

// The layout editor (and its drag and drop) loads only when a publication is being designed.
const LayoutEditorPage = lazy(() => import(/* webpackChunkName: "layout-editor" */ './layout-editor/layout-editor-page'));

/** A paths.admin entry relative to /admin, for the routes below. */
const under = (path: string) => path.slice(`${paths.admin.root}/`.length);

/**
 * Everything under /admin, in one lazily loaded chunk (router.tsx): the
 * sign-in screen, then the guard, the shell and the pages inside it.
 */
export const adminRoutes: RouteObject[] = [
  { path: under(paths.admin.login), element: <LoginPage /> },
  {
    element: <AdminGuard />,
    children: [
      {
        element: <AdminShell />,
        children: [
          { index: true, element: <AdminLanding /> },
          { path: `${under(paths.admin.sections)}/*`, element: <ComingSoonPage title="Secciones" noun="secciones" /> },
          { path: under(paths.admin.publicationNew), element: <Suspense fallback={<p role="status">Cargando...</p>}><LayoutEditorPage /></Suspense> },
          { path: `${under(paths.admin.publications)}/*`, element: <ComingSoonPage title="Publicaciones" noun="publicaciones" /> },
          { path: `${under(paths.admin.biographies)}/*`, element: <ComingSoonPage title="Biografías" noun="biografías" /> },
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
