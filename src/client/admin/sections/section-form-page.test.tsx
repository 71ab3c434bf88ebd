import { screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { sectionFixture } from '../../../../test/helpers/admin-fixtures';
import { NoticesProvider } from '../kit/notices';
import { SectionFormPage } from './section-form-page';

const apiServer = withApiTestServer();

const routes = [
  { path: '/admin/sections', element: <h1>Lista de secciones</h1> },
  { path: '/admin/sections/new', element: <SectionFormPage /> },
  { path: '/admin/sections/edit/:id', element: <SectionFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: signedInSession() } });
const writes = () => apiServer().requests.filter((r) => r.method !== 'GET');

test('a new section needs a title: the form says so and sends nothing', async () => {
  const { user } = open('/admin/sections/new');
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));
  expect(await screen.findByText(messages.required)).toBeVisible();
  expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('textbox', { name: /^Título/ })).toBeInvalid();
  expect(apiServer().requests).toHaveLength(0);
});

test('saving shows Guardando... on a disabled button, sends title and visibility, and goes back to the list', async () => {
  apiServer().setHandler(() => ({ status: 201, body: sectionFixture(9, { title: 'Seminarios', is_active: false }), delay: 150 }));
  const { user, router } = open('/admin/sections/new');
  await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Seminarios');
  await user.click(screen.getByRole('checkbox', { name: 'Visible' }));
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));

  expect(await screen.findByRole('button', { name: messages.saving })).toBeDisabled();
  expect(await screen.findByRole('heading', { name: 'Lista de secciones' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/sections');
  expect(screen.getByText('Sección «Seminarios» guardada')).toBeVisible();
  const [post] = writes();
  expect(post.method).toBe('POST');
  expect(JSON.parse(post.body)).toEqual({ title: 'Seminarios', is_active: false });
});

test('a failed save says so and keeps what was typed; server field errors sit next to their field', async () => {
  apiServer().setHandler(() => ({ status: 500, body: { detail: 'Error interno' } }));
  const { user } = open('/admin/sections/new');
  const title = screen.getByRole('textbox', { name: /^Título/ });
  await user.type(title, 'Jornadas');
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.saveSectionFailed);
  expect(title).toHaveValue('Jornadas');

  apiServer().setHandler(() => ({ status: 400, body: { title: ['Asegúrese de que este campo no tenga más de 100 caracteres.'] } }));
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));
  await waitFor(() => expect(title).toHaveAccessibleDescription('Asegúrese de que este campo no tenga más de 100 caracteres.'));
  expect(screen.getByRole('alert')).toHaveTextContent(messages.saveSectionFailed);
});

test('editing sends the order and version it loaded; a stale save keeps the typing and lets the administrator choose', async () => {
  const loaded = { ...sectionFixture(4, { title: 'Revista', order: 7 }), version: 3 };
  const current = { ...sectionFixture(4, { title: 'Revista científica', order: 7 }), version: 4 };
  apiServer().setHandler((request) => {
    if (request.method === 'GET') return { body: loaded };
    const { version } = JSON.parse(request.body);
    return version === 3
      ? { status: 409, body: { detail: 'Otra persona guardó esta sección mientras usted la editaba.', current } }
      : { body: { ...current, title: JSON.parse(request.body).title, version: 5 } };
  });
  const { user, router } = open('/admin/sections/edit/4');
  const title = await screen.findByRole('textbox', { name: /^Título/ });
  expect(title).toHaveValue('Revista');
  await user.clear(title);
  await user.type(title, 'Revista del Máster');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(messages.saveSectionFailed);
  expect(alert).toHaveTextContent('Otra persona guardó esta sección mientras usted la editaba.');
  expect(title).toHaveValue('Revista del Máster');
  expect(JSON.parse(writes()[0].body)).toEqual({ title: 'Revista del Máster', is_active: true, order: 7, version: 3 });

  // Loading the saved version shows it...
  await user.click(screen.getByRole('button', { name: 'Cargar la versión guardada' }));
  expect(title).toHaveValue('Revista científica');
  // ...and saving over it sends the current version.
  await user.clear(title);
  await user.type(title, 'Revista del Máster');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sections'));
  expect(JSON.parse(writes()[1].body)).toEqual({ title: 'Revista del Máster', is_active: true, order: 7, version: 4 });
});

test('"Guardar mis cambios igualmente" resends what was typed with the current version', async () => {
  const current = { ...sectionFixture(4, { title: 'Revista científica' }), version: 8 };
  apiServer().setHandler((request) => {
    if (request.method === 'GET') return { body: { ...sectionFixture(4, { title: 'Revista' }), version: 7 } };
    return JSON.parse(request.body).version === 7 ? { status: 409, body: { detail: 'Conflicto', current } } : { body: { ...current, version: 9 } };
  });
  const { user, router } = open('/admin/sections/edit/4');
  const title = await screen.findByRole('textbox', { name: /^Título/ });
  await user.type(title, ' 2027');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await user.click(await screen.findByRole('button', { name: 'Guardar mis cambios igualmente' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sections'));
  expect(writes().map((r) => JSON.parse(r.body))).toEqual([
    { title: 'Revista 2027', is_active: true, order: 4, version: 7 },
    { title: 'Revista 2027', is_active: true, order: 4, version: 8 },
  ]);
});

test('a missing or malformed id: No se encontró la sección', async () => {
  apiServer().setHandler(() => ({ status: 404, body: { detail: messages.sectionNotFoundDetail } }));
  open('/admin/sections/edit/999');
  expect(await screen.findByText(messages.sectionNotFoundDetail)).toBeVisible();
});
