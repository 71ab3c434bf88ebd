import { screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import type { RootState } from '@/client/app/store';
import { selectUser } from './session-slice';
import { SESSION_STORAGE_KEY } from './session-storage';
import { LoginPage } from './login-page';
import { setApiHost } from '@/client/api/base-query';
import { TEST_ADMIN } from '../../../test/helpers/api-server-constants';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';
import { renderRoutes, signedInSession } from '../../../test/helpers/render-with-providers';
import { writeSiteSettings } from '../../../test/helpers/page-site-settings';

const api = withRealApi();

beforeEach(() => localStorage.clear());

/** How long a sign-in may take: the real server's password check is slow on purpose. */
const SIGN_IN_WAIT = 10_000;

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

test('below the form, the page says how to get back in without email', () => {
  renderLogin();
  const help = screen.getByText('¿Ha olvidado su contraseña? Pida a un administrador un enlace nuevo.');
  expect(usernameField().closest('form')?.compareDocumentPosition(help)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
});

test('when the site sends mail, the page offers a link by mail instead', async () => {
  const removeSettings = writeSiteSettings({ mail: true });
  try {
    const { router, user } = renderRoutes(
      [
        { path: '/admin/login', element: <LoginPage /> },
        { path: '/admin/contrasena-olvidada', element: <h1>Contraseña olvidada</h1> },
      ],
      { initialEntries: ['/admin/login'], preloadedState: signedOut },
    );
    expect(screen.queryByText(/Pida a un administrador/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '¿Ha olvidado su contraseña?' }));
    expect(router.state.location.pathname).toBe('/admin/contrasena-olvidada');
  } finally {
    removeSettings();
  }
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
  expect(await api.requests()).toHaveLength(0);
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

test('a wrong password: the server says 401, the alert says so and the password is cleared', async () => {
  const { user, store } = renderLogin();
  await user.type(usernameField(), TEST_ADMIN.username);
  await user.type(passwordField(), 'equivocada');
  await user.click(submitButton());

  // The server checks the password with scrypt, slow on purpose (and slower on a busy machine).
  expect(await screen.findByRole('alert', {}, { timeout: SIGN_IN_WAIT })).toHaveTextContent(messages.invalidCredentials);
  expect(passwordField()).toHaveValue('');
  expect(usernameField()).toHaveValue(TEST_ADMIN.username);
  await waitFor(() => expect(passwordField()).toHaveFocus());
  expect(selectUser(store.getState())).toBeNull();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect((await api.requests()).map((r) => [r.url, r.status])).toEqual([['/api/token/', 401]]);
});

test('the right credentials start a session the server accepts, and go to /admin', async () => {
  const { user, store, router } = renderLogin();
  await user.type(usernameField(), TEST_ADMIN.username);
  await user.type(passwordField(), TEST_ADMIN.password);
  await user.click(submitButton());

  expect(await screen.findByRole('heading', { name: 'Resumen' }, { timeout: SIGN_IN_WAIT })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  const [request] = await api.requests();
  expect(request).toMatchObject({ method: 'POST', url: '/api/token/', status: 200 });
  expect(JSON.parse(request.body)).toEqual(TEST_ADMIN);
  expect(request.headers.authorization).toBeUndefined();
  const session = selectUser(store.getState())!;
  expect(session).toEqual({ access: expect.any(String), refresh: expect.any(String), username: TEST_ADMIN.username });
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
  // The tokens it keeps are the server's: the admin API and the refresh accept them.
  expect((await api.request('GET', '/api/summary/', { token: session.access })).status).toBe(200);
  expect((await api.request('POST', '/api/token/refresh/', { json: { refresh: session.refresh }, token: null })).status).toBe(200);
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  test('while signing in, the button reads Iniciando sesión... and it and the fields are disabled', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server().setHandler(async () => {
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

  // 400 needs a body the form never sends; 429 a thousand failures; 5xx a broken server.
  test.each([
    [400, messages.invalidCredentials],
    [500, messages.loginFailed],
    [503, messages.loginFailed],
    [429, messages.tooManyAttempts],
  ])('a %i answer shows its message in the alert box and clears the password', async (status, message) => {
    server().setHandler(() => ({ status, body: { detail: 'x' } }));
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
    const gone = server().origin;
    await server().close();
    setApiHost(gone);
    const { user } = renderLogin();
    await user.type(usernameField(), 'admin');
    await user.type(passwordField(), 'secreto');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
  });
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
