import { useRoutes, type RouteObject } from 'react-router';
import { siteRoutes } from '@/client/site/site-routes';

/**
 * The public site's routes. /admin/* and /login belong to the admin panel,
 * another document (admin.html, admin-main.tsx): the server answers those
 * addresses with it, and links to them load it whole.
 */
const routes: RouteObject[] = siteRoutes;

/**
 * The routes, for the declarative <BrowserRouter> main.tsx renders: no
 * public route needs loaders, actions or blockers, and leaving the data
 * router out of the bundle keeps the home page's JavaScript under budget
 * (docs/decisions/060, 110).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
