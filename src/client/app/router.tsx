import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { siteRoutes } from '@/client/site/site-routes';
import { SessionLoading } from '@/client/session/session-loading';
import { paths } from './paths';

// The whole admin area (sign-in, guard, shell, pages) is one chunk, fetched on the first /admin visit.
const AdminRoutes = lazy(() => import(/* webpackChunkName: "admin" */ '@/client/admin/admin-routes'));

/**
 * The public site is part of the main bundle; everything under /admin is
 * loaded on demand, so visitors never download it. /login is the same screen
 * as /admin/login (requirements §10.3). `/admin/*` outranks the site's catch-all 404.
 */
export const routes: RouteObject[] = [
  { path: paths.login.path, element: <Navigate to={paths.admin.login.getHref()} replace /> },
  {
    path: paths.admin.root.path,
    element: (
      <Suspense fallback={<SessionLoading />}>
        <AdminRoutes />
      </Suspense>
    ),
  },
  ...siteRoutes,
];

/**
 * The routes, for the declarative <BrowserRouter> main.tsx renders: no
 * route needs loaders or actions, and leaving the data router out of the
 * bundle keeps the home page's JavaScript under budget (docs/decisions/060).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
