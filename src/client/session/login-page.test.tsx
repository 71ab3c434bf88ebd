import { screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { getApiHost, setApiHost } from '@/client/api/base-query';
import type { RootState } from '@/client/app/store';
import { selectUser } from './session-slice';
import { SESSION_STORAGE_KEY } from './session-storage';
import { LoginPage } from './login-page';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';
import { renderRoutes, signedInSession } from '../../../test/helpers/render-with-providers';

let server: TestServer;
let previousHost: string;

beforeEach(async () => {
  localStorage.clear();
  server = await startTestServer(() => ({ body: { access: 'access-1', refresh: 'refresh-1' } }));
  previousHost = getApiHost();
  setApiHost(server.origin);
});

afterEach(async () => {
  setApiHost(previousHost);
  await server.close();
});

const signedOut = { session: { restored: true, user: null } };

function renderLogin(preloadedState: Partial<RootState> = signedOut) {
  return renderRoutes(
    [
      { path: '/admin/login', element: <LoginPage /> },
      { path: '/admin', element: <h1>Resumen</h1> },
    ],
    { initialEntries: ['/admin/login'], preloadedState },
  );
}

const usernameField = () => screen.getByLabelText('Usuario');
const passwordField = () => screen.getByLabelText('Contraseña');
const submitButton = () => screen.getByRole('button', { name: /Iniciar sesión|Iniciando sesión/ });

test('shows the title, the two labelled fields and the submit button, without native validation', () => {
  renderLogin();
  expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(usernameField()).toHaveAttribute('type', 'text');
  expect(passwordField()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  expect(usernameField().closest('form')).toHaveAttribute('novalidate');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each([
  ['both fields empty', '', ''],
  ['the password empty', 'admin', ''],
  ['the username empty', '', 'secreto'],
  ['only spaces as username', '   ', 'secreto'],
])('with %s, nothing is sent and all fields are asked for', async (_case, username, password) => {
  const { user } = renderLogin();
  if (username) await user.type(usernameField(), username);
  if (password) await user.type(passwordField(), password);
  await user.click(submitButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.completeAllFields);
  expect(server.requests).toHaveLength(0);
});

test('editing any field clears the error', async () => {
  const { user } = renderLogin();
  await user.click(submitButton());
  expect(screen.getByRole('alert')).toBeInTheDocument();
  await user.type(usernameField(), 'a');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.click(submitButton());
  expect(screen.getByRole('alert')).toBeInTheDocument();
  await user.type(passwordField(), 'b');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('while signing in, the button reads Iniciando sesión... and it and the fields are disabled', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.setHandler(async () => {
    await answered;
    return { status: 401, body: { detail: 'No active account' } };
  });
  const { user } = renderLogin();
  await user.type(usernameField(), 'admin');
  await user.type(passwordField(), 'secreto');
  await user.click(submitButton());

  expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled();
  expect(usernameField()).toBeDisabled();
  expect(passwordField()).toBeDisabled();
  answer();
  expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  expect(usernameField()).toBeEnabled();
});

test.each([
  [401, messages.invalidCredentials],
  [400, messages.invalidCredentials],
  [500, messages.loginFailed],
  [503, messages.loginFailed],
  [429, messages.tooManyAttempts],
])('a %i answer shows its message in the alert box and clears the password', async (status, message) => {
  server.setHandler(() => ({ status, body: { detail: 'x' } }));
  const { user, store } = renderLogin();
  await user.type(usernameField(), 'admin');
  await user.type(passwordField(), 'equivocada');
  await user.click(submitButton());

  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(passwordField()).toHaveValue('');
  expect(usernameField()).toHaveValue('admin');
  await waitFor(() => expect(passwordField()).toHaveFocus());
  expect(selectUser(store.getState())).toBeNull();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
});

test('when the server cannot be reached, the generic failure is shown', async () => {
  await server.close();
  const { user } = renderLogin();
  await user.type(usernameField(), 'admin');
  await user.type(passwordField(), 'secreto');
  await user.click(submitButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
  server = await startTestServer(() => ({ body: {} }));
});

test('the right credentials start the session and go to /admin', async () => {
  const { user, store, router } = renderLogin();
  await user.type(usernameField(), 'admin');
  await user.type(passwordField(), 'secreto');
  await user.click(submitButton());

  expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  const [request] = server.requests;
  expect(request.url).toBe('/api/token/');
  expect(request.method).toBe('POST');
  expect(JSON.parse(request.body)).toEqual({ username: 'admin', password: 'secreto' });
  expect(request.headers.authorization).toBeUndefined();
  const session = { access: 'access-1', refresh: 'refresh-1', username: 'admin' };
  expect(selectUser(store.getState())).toEqual(session);
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
});

test('a signed-in visitor goes straight on to /admin', async () => {
  const { router } = renderLogin({ session: signedInSession() });
  expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
});

test.each([
  [{ from: '/admin/publications/edit/3?vista=1' }, '/admin/publications/edit/3'],
  [{ from: 'https://example.org/admin' }, '/admin'],
  [{ from: '/noticias/3' }, '/admin'],
  [{ from: '/admin/login' }, '/admin'],
  [{ from: 42 }, '/admin'],
])('after a lost session (%j) the sign-in leads back to that admin page, and only to one', async (state, pathname) => {
  const { router } = renderRoutes(
    [
      { path: '/admin/login', element: <LoginPage /> },
      { path: '/admin', element: <h1>Resumen</h1> },
      { path: '/admin/publications/edit/:id', element: <h1>Edición</h1> },
    ],
    { initialEntries: [{ pathname: '/admin/login', state }], preloadedState: { session: signedInSession() } },
  );
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
});

test('a session stored by an earlier visit is picked up', async () => {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', refresh: 'r', username: 'ana' }));
  renderLogin({});
  expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
});
