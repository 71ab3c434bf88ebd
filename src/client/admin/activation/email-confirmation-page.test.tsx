import { screen } from '@testing-library/react';
import { accountMessages } from '@/domain/accounts';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi, type RealApi } from '../../../../test/helpers/real-api-server';
import { TEST_ADMIN } from '../../../../test/helpers/api-server-constants';
import { colleague, sessionOf, STAFF_PASSWORD, tokenOf } from '../../../../test/helpers/staff-accounts';
import { EmailConfirmationPage } from './email-confirmation-page';

// A site that sends mail: the link is read from the server's outbox, as the new address would receive it.
const api = withRealApi({ mail: 'unsent' });

beforeEach(() => localStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

/** Asks for `email` as the admin's new address, as Mi cuenta does, and answers the link mailed to it. */
async function askFor(email: string, access = api.tokens.access, password = TEST_ADMIN.password): Promise<string> {
  const asked = await api.request('POST', '/api/account/email/', { json: { email, current_password: password }, token: access });
  if (asked.status !== 202) throw new Error(`POST /api/account/email/ answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const mail = (await api.outbox()).filter((message) => message.to === email).at(-1);
  return /(\/admin\/confirmar-correo#\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
}

/** Opens the page as a browser opens the link: the token after '#' in the address. */
function openLink(url: string, session: ReturnType<typeof sessionOf>['session'] | { restored: true; user: null }) {
  window.history.replaceState(null, '', url);
  return renderRoutes(
    [
      { path: '/admin/confirmar-correo', element: <EmailConfirmationPage /> },
      { path: '/admin', element: <h1>Panel</h1> },
    ],
    { initialEntries: ['/admin/confirmar-correo'], preloadedState: { session } },
  );
}

const account = async (a: RealApi, access?: string) => (await a.request('GET', '/api/account/', access ? { token: access } : {})).body;

test('opened where nobody is signed in, the link sets the address once, says so and takes focus to the result', async () => {
  const url = await askFor('admin.nueva@example.org');
  const { user, router } = openLink(url, { restored: true, user: null });
  // Gone from the address bar before anything else happens.
  expect(window.location.hash).toBe('');
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const heading = await screen.findByRole('heading', { level: 1, name: 'Dirección confirmada' });
  expect(heading).toHaveFocus();
  expect(screen.getByText(/Su dirección de correo es ahora/)).toHaveTextContent('Su dirección de correo es ahora admin.nueva@example.org.');
  expect(await account(api)).toMatchObject({ email: 'admin.nueva@example.org', pending_email: null });

  // The token went once, in a body, never in an address.
  const sent = await api.requests();
  expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/account/email/confirm/']);
  expect(JSON.parse(sent[0].body)).toEqual({ token: tokenOf(url) });
  expect(sent[0].headers.authorization).toBeUndefined();

  await user.click(screen.getByRole('link', { name: 'Ir al panel' }));
  expect(router.state.location.pathname).toBe('/admin');
});

test('a used link, and an address with no token, say so in Spanish and offer the panel', async () => {
  const url = await askFor('admin.usada@example.org');
  expect((await api.request('POST', '/api/account/email/confirm/', { json: { token: tokenOf(url) }, token: null })).status).toBe(200);
  const { unmount } = openLink(url, { restored: true, user: null });
  expect(await screen.findByRole('heading', { level: 1, name: 'No se pudo confirmar la dirección' })).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.invalidEmailLink);
  expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/admin');
  unmount();

  openLink('/admin/confirmar-correo', { restored: true, user: null });
  expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.invalidEmailLink);
});

test('opened where someone else is signed in, it confirms the address of the account that asked', async () => {
  const editor = await colleague(api, 'editor');
  const url = await askFor('editora.confirmada@example.org', editor.access, STAFF_PASSWORD);
  openLink(url, sessionOf(await colleague(api, 'admin')).session);
  expect(await screen.findByRole('heading', { level: 1, name: 'Dirección confirmada' })).toBeInTheDocument();
  expect(await account(api, editor.access)).toMatchObject({ email: 'editora.confirmada@example.org' });
  expect((await account(api)).email).not.toBe('editora.confirmada@example.org');
});
