import { screen, waitFor } from '@testing-library/react';
import { adminAppRoutes as routes } from '@/client/admin/admin-routes';
import { TEST_ADMIN } from '../../../test/helpers/api-server-constants';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';

// The real server signs the person in (its session is the app's, as after a real sign-in).
withRealApi();

beforeEach(() => localStorage.clear());

test("after signing in, the keyboard is on the page's heading, not lost on <body>", async () => {
  const { user } = renderRoutes(routes, { initialEntries: ['/admin/login'], preloadedState: { session: { restored: true, user: null } } });
  await user.type(await screen.findByLabelText('Usuario'), TEST_ADMIN.username);
  await user.type(screen.getByLabelText('Contraseña'), TEST_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Resumen' }, { timeout: 10_000 });
  await waitFor(() => expect(heading).toHaveFocus());
});
