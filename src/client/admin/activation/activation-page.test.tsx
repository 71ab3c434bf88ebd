import { screen, waitFor } from '@testing-library/react';
import { selectUser } from '@/client/session/session-slice';
import { accountMessages } from '@/domain/accounts';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { invite, STAFF_PASSWORD, tokenOf } from '../../../../test/helpers/staff-accounts';
import { ActivationPage } from './activation-page';
import { writeSiteSettings } from '../../../../test/helpers/page-site-settings';

const api = withRealApi();

beforeEach(() => localStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

/** Opens the page as a browser opens the link: the token after '#' in the address. */
function openLink(url: string) {
  window.history.replaceState(null, '', url);
  return renderRoutes(
    [
      { path: '/admin/activar', element: <ActivationPage /> },
      { path: '/admin', element: <h1>Panel</h1> },
    ],
    { initialEntries: ['/admin/activar'], preloadedState: { session: { restored: true, user: null } } },
  );
}

const passwordField = () => screen.getByLabelText(/^Contraseña/);
const repeatField = () => screen.getByLabelText(/^Repetir contraseña/);

test('the token leaves the address at once and travels in a body; the person chooses a password and is signed in on /admin', async () => {
  const { username, url } = await invite(api, 'editor', 'Lucía Editora');
  const { user, store, router } = openLink(url);
  // Gone from the address bar before anything else happens.
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe('/admin/activar');
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  expect(await screen.findByText('Lucía Editora')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Active su cuenta' })).toBeInTheDocument();
  await user.type(passwordField(), username);
  await user.type(repeatField(), 'otra cosa');
  await user.click(screen.getByRole('button', { name: 'Activar cuenta' }));
  expect(passwordField()).toHaveAccessibleDescription(/La contraseña debe tener al menos 15 caracteres\./);
  expect(repeatField()).toHaveAccessibleDescription('Las contraseñas no coinciden.');
  expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');

  await user.clear(passwordField());
  await user.clear(repeatField());
  await user.type(passwordField(), STAFF_PASSWORD);
  await user.type(repeatField(), STAFF_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Activar cuenta' }));
  // The server hashes the new password first (scrypt), which a busy machine slows down most.
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 12_000 });
  expect(selectUser(store.getState())?.username).toBe(username);

  // The token went in request bodies only, never in an address.
  const sent = await api.requests();
  expect(sent.map((r) => r.url)).toEqual(['/api/invitations/check/', '/api/invitations/accept/']);
  for (const request of sent) expect(request.url).not.toContain(tokenOf(url));
  expect(JSON.parse(sent[1].body)).toEqual({ token: tokenOf(url), password: STAFF_PASSWORD });
  // Signed in for real: the server knows the new Editor by the stored token.
  const me = await api.request('GET', '/api/account/', { token: selectUser(store.getState())!.access });
  expect(me.body).toMatchObject({ username, role: 'editor' });
});

test('a used link, and an address with no token, say the server’s sentence and offer the sign-in', async () => {
  const { url } = await invite(api, 'editor');
  const token = tokenOf(url);
  expect((await api.request('POST', '/api/invitations/accept/', { json: { token, password: STAFF_PASSWORD }, token: null })).status).toBe(
    200,
  );
  const { unmount } = openLink(url);
  expect(await screen.findByText(accountMessages.invalidLink)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ir a Iniciar sesión' })).toHaveAttribute('href', '/admin/login');
  expect(screen.queryByLabelText(/^Contraseña/)).not.toBeInTheDocument();
  unmount();

  openLink('/admin/activar');
  expect(await screen.findByText(accountMessages.invalidLink)).toBeInTheDocument();
  // This site sends no mail: nothing offers to mail another link.
  expect(screen.queryByRole('link', { name: 'Pedir un enlace nuevo por correo' })).not.toBeInTheDocument();
});

test('on a site that sends mail, a stale link offers to ask for a new one by mail', async () => {
  const removeSettings = writeSiteSettings({ mail: true });
  try {
    openLink('/admin/activar#ya-no-sirve');
    expect(await screen.findByText(accountMessages.invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo por correo' })).toHaveAttribute('href', '/admin/contrasena-olvidada');
  } finally {
    removeSettings();
  }
});

test('a reset link says so and asks for the new password', async () => {
  const { id, url } = await invite(api, 'editor');
  expect(
    (await api.request('POST', '/api/invitations/accept/', { json: { token: tokenOf(url), password: STAFF_PASSWORD }, token: null }))
      .status,
  ).toBe(200);
  const reset = await api.request('POST', `/api/users/${id}/invitation/`);
  openLink(reset.body.url);
  expect(await screen.findByRole('heading', { name: 'Elija una contraseña nueva' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Guardar contraseña' })).toBeInTheDocument();
});
