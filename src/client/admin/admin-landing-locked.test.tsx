import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { AdminLanding } from './admin-landing';

// A server of its own: the test locks the admin out of unknown browsers on it.
const api = withRealApi({ per: 'test' });

test('after too many failed sign-ins, the landing says which administrator is locked for unknown browsers, and where to read more', async () => {
  let status = 0;
  // Wrong passwords from a browser the server does not know, until the username's budget for unknown browsers is spent.
  for (let tries = 0; status !== 429 && tries < 100; tries++) {
    status = (await api.request('POST', '/api/token/', { json: { username: 'admin', password: 'equivocada' }, token: null })).status;
  }
  expect(status).toBe(429);

  renderWithProviders(<AdminLanding />, { preloadedState: { session: api.session() }, route: '/admin' });

  const warning = await screen.findByText(/El usuario «admin» está bloqueado para los navegadores desconocidos/);
  expect(warning).toHaveTextContent('Desde un navegador donde ya se inició sesión se puede seguir entrando.');
  expect(screen.getByRole('link', { name: 'Ver en Actividad' })).toHaveAttribute('href', '/admin/actividad?kind=sign_in_locked');
}, 60_000);

test('with no username locked, the landing says nothing of it', async () => {
  renderWithProviders(<AdminLanding />, { preloadedState: { session: api.session() }, route: '/admin' });
  expect(await screen.findByText('Gestionar secciones')).toBeInTheDocument();
  expect(screen.queryByText(/bloquead/)).not.toBeInTheDocument();
});
