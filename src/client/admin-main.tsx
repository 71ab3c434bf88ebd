// The design tokens, first: every stylesheet of the app reads them.
import '@/client/ui/tokens.css';
import '@/client/ui/visually-hidden.css';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { boot } from '@/client/app/boot';
import { adminAppRoutes } from '@/client/admin/admin-routes';
import { restoreSession } from '@/client/session/session-persistence';
import { followOtherTabs } from '@/client/session/session-tabs';

/**
 * The admin panel (admin.html, served for /admin/* and /login): a data router,
 * so that a form with unsaved changes can hold a navigation back
 * (`useBlocker`), which the public site does without to stay small
 * (docs/decisions/110). The session is shared with the other tabs.
 */
const router = createBrowserRouter(adminAppRoutes);

boot((store) => {
  // The stored session is read before the first paint: the sign-in form is on screen
  // from the start, never swapped in under the first keys typed ('Loading...' first).
  store.dispatch(restoreSession());
  followOtherTabs(store);
  return <RouterProvider router={router} />;
});
