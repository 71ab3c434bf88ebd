import { act, screen, waitFor, within } from '@testing-library/react';
import { adminAppRoutes as routes } from './admin-routes';
import { SESSION_STORAGE_KEY } from '@/client/session/session-storage';
import { selectUser } from '@/client/session/session-slice';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { colleague, sessionOf } from '../../../test/helpers/staff-accounts';

const api = withRealApi();

beforeEach(() => localStorage.clear());

const signedIn = () => ({ session: api.session() });
const signedOut = { session: { restored: true, user: null } };

test('/login is the sign-in screen, at /admin/login', async () => {
  const { router } = renderRoutes(routes, { initialEntries: ['/login'], preloadedState: signedOut });
  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/login');
});

test.each(['/admin', '/admin/sections', '/admin/biographies/edit/3', '/admin/cualquier-cosa'])(
  'without a session, %s leads to the sign-in screen',
  async (path) => {
    const { router } = renderRoutes(routes, { initialEntries: [path], preloadedState: signedOut });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(await api.requests()).toHaveLength(0);
  },
);

test('a signed-in user sees the shell: title, username, sign-out and the side navigation', async () => {
  renderRoutes(routes, { initialEntries: ['/admin'], preloadedState: signedIn() });
  const header = await screen.findByRole('banner');
  expect(within(header).getByRole('link', { name: 'Panel de Control' })).toBeInTheDocument();
  expect(within(header).getByText('admin')).toBeInTheDocument();
  expect(within(header).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Contenido del sitio' });
  // An Administrador manages the colleagues too.
  await within(nav).findByRole('link', { name: 'Usuarios' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    'Secciones',
    'Publicaciones',
    'Biografías',
    'Medios',
    'Actividad',
    'Papelera',
    'Usuarios',
    'Ajustes del sitio',
    'Ver el sitio público',
  ]);
  // The username leads to 'Mi cuenta'.
  expect(within(header).getByRole('link', { name: /sesión iniciada como admin/ })).toHaveAttribute('href', '/admin/cuenta');
  expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', '#admin-main');
  expect(screen.getByRole('main')).toHaveAttribute('id', 'admin-main');
});

test('the active entry of the side navigation is marked as the current page', async () => {
  const { user } = renderRoutes(routes, { initialEntries: ['/admin/publications'], preloadedState: signedIn() });
  const nav = await screen.findByRole('navigation', { name: 'Contenido del sitio' });
  expect(within(nav).getByRole('link', { name: 'Publicaciones' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Secciones' })).not.toHaveAttribute('aria-current');

  await user.click(within(nav).getByRole('link', { name: 'Biografías' }));
  expect(within(nav).getByRole('link', { name: 'Biografías' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Publicaciones' })).not.toHaveAttribute('aria-current');
});

test('the publications address shows their list from the server, with the way to write a new one', async () => {
  const publication = await api.create('publications', { title: api.unique('Jornada') });
  renderRoutes(routes, { initialEntries: ['/admin/publications'], preloadedState: signedIn() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Publicaciones' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Nueva Publicación' })).toHaveAttribute('href', '/admin/publications/new');
  expect(await screen.findByText(publication.title)).toBeInTheDocument();
});

test('an unknown admin address says so inside the shell', async () => {
  renderRoutes(routes, { initialEntries: ['/admin/no-existe'], preloadedState: signedIn() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
});

test('the menu button opens and closes the navigation, and Escape closes it and returns focus', async () => {
  const { user } = renderRoutes(routes, { initialEntries: ['/admin'], preloadedState: signedIn() });
  const menu = await screen.findByRole('button', { name: 'Menú' });
  const nav = screen.getByRole('navigation', { name: 'Contenido del sitio' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveAttribute('aria-controls', nav.id);

  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(nav).toHaveAttribute('data-open', 'true');
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'false');

  await user.click(menu);
  await user.tab();
  await user.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();

  await user.click(menu);
  await user.click(within(nav).getByRole('link', { name: 'Secciones' }));
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await screen.findByRole('heading', { level: 1, name: 'Secciones' })).toBeInTheDocument();
});

test('Cerrar sesión ends the session, here and on the server, and goes to the sign-in screen', async () => {
  // A sign-in of its own: the file's other tests go on with the shared one.
  const session = { ...(await api.signIn()), username: 'admin' };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  const { user, store, router } = renderRoutes(routes, {
    initialEntries: ['/admin'],
    preloadedState: { session: { restored: true, user: session } },
  });
  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/login');
  expect(selectUser(store.getState())).toBeNull();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  await waitFor(() => expect(store.getState().api.queries).toEqual({}));
  // The refresh token kept from before no longer renews anything.
  await waitFor(async () =>
    expect((await api.request('POST', '/api/token/refresh/', { json: { refresh: session.refresh }, token: null })).status).toBe(401),
  );
});

describe('an Editor', () => {
  test('sees no Usuarios nor Ajustes del sitio, and their addresses, like a section form, say the permission sentence instead of a broken page', async () => {
    const editor = await colleague(api, 'editor');
    const { router } = renderRoutes(routes, { initialEntries: ['/admin/usuarios'], preloadedState: sessionOf(editor) });
    expect(await screen.findByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Contenido del sitio' });
    expect(within(nav).queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
    // The list was never asked for.
    expect((await api.requests()).map((r) => r.url)).not.toContain('/api/users/');

    expect(within(nav).queryByRole('link', { name: 'Ajustes del sitio' })).not.toBeInTheDocument();

    await act(() => router.navigate('/admin/sections/new'));
    expect(await screen.findByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Título/ })).not.toBeInTheDocument();

    await act(() => router.navigate('/admin/ajustes'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes del sitio' })).toBeInTheDocument();
    expect(screen.getByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Contacto' })).not.toBeInTheDocument();
  });

  test('restores from Papelera but never purges, and reads Actividad without sign-ins or addresses', async () => {
    const publication = await api.create('publications', { title: api.unique('Jornada') });
    expect((await api.request('DELETE', `/api/publications/${publication.id}/`)).status).toBe(204);
    const editor = await colleague(api, 'editor');
    const { router } = renderRoutes(routes, { initialEntries: ['/admin/papelera'], preloadedState: sessionOf(editor) });
    expect(await screen.findByRole('button', { name: `Restaurar ${publication.title}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar definitivamente/ })).not.toBeInTheDocument();

    await act(() => router.navigate('/admin/actividad'));
    const action = await screen.findByRole('combobox', { name: 'Acción' });
    const options = within(action)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Creación');
    expect(options).not.toContain('Inicio de sesión');
    expect(options).not.toContain('Inicio de sesión fallido');
    // The log is there (the publication's entries), without its addresses' column.
    const log = await screen.findByRole('table', { name: 'Actividad' });
    expect(within(log).getByRole('columnheader', { name: 'Acción' })).toBeInTheDocument();
    expect(within(log).queryByRole('columnheader', { name: 'IP' })).not.toBeInTheDocument();
  });

  test('reads the sections without the ways to create, edit, delete or order them', async () => {
    const section = await api.create('sections', { title: api.unique('Seminarios') });
    const editor = await colleague(api, 'editor');
    renderRoutes(routes, { initialEntries: ['/admin/sections'], preloadedState: sessionOf(editor) });
    expect(await screen.findByRole('link', { name: `Ver ${section.title}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva Sección' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Editar ${section.title}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Eliminar ${section.title}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Subir ${section.title}` })).not.toBeInTheDocument();
  });

  test("reads a section's earlier version without 'Restaurar esta versión', which a publication's keeps", async () => {
    const section = await api.create('sections', { title: api.unique('Coloquios') });
    expect((await api.request('PATCH', `/api/sections/${section.id}/`, { json: { title: api.unique('Coloquios de otoño') } })).status).toBe(
      200,
    );
    const first = (await api.request('GET', `/api/sections/${section.id}/revisions/`)).body.results.at(-1) as { id: number };
    const publication = await api.create('publications', { title: api.unique('Crónica') });
    expect(
      (await api.request('PATCH', `/api/publications/${publication.id}/`, { json: { title: api.unique('Crónica final') } })).status,
    ).toBe(200);
    const earlier = (await api.request('GET', `/api/publications/${publication.id}/revisions/`)).body.results.at(-1) as { id: number };
    const editor = await colleague(api, 'editor');

    const { router } = renderRoutes(routes, {
      initialEntries: [`/admin/sections/${section.id}/historial/${first.id}`],
      preloadedState: sessionOf(editor),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Versión 1 de/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restaurar esta versión' })).not.toBeInTheDocument();

    await act(() => router.navigate(`/admin/publications/${publication.id}/historial/${earlier.id}`));
    const restore = await screen.findByRole('button', { name: 'Restaurar esta versión' });
    await waitFor(() => expect(restore).toBeEnabled());
  });
});
