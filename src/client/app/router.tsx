import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { siteRoutes } from '@/client/site/site-routes';
import { SessionLoading } from '@/client/session/session-loading';
import { paths } from './paths';

// The whole admin area (sign-in, guard, shell, pages) is one chunk, fetched on the first /admin visit.
const AdminRoutes = lazy(() => import(/* webpackChunkName: "admin" */ '@/client/admin/admin-routes'));

/**
 * The public site is part of the main bundle; everything under /admin is
 * loaded on demand, so visitors never download it. /login is the same screen
 * as /admin/login (DECISIONS.md). `/admin/*` outranks the site's catch-all 404.
 */
export const routes: RouteObject[] = [
  { path: paths.login, element: <Navigate to={paths.admin.login} replace /> },
  {
    path: `${paths.admin.root}/*`,
    element: (
      <Suspense fallback={<SessionLoading />}>
        <AdminRoutes />
      </Suspense>
    ),
  },
  ...siteRoutes,
];

export const createRouter = () => createBrowserRouter(routes);
