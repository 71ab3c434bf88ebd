import { createBrowserRouter, type RouteObject } from 'react-router';
import { siteRoutes } from '@/client/site/site-routes';

/**
 * The public site is part of the main bundle; everything under /admin is
 * loaded on demand, so visitors never download it.
 */
export const routes: RouteObject[] = [...siteRoutes];

export const createRouter = () => createBrowserRouter(routes);
