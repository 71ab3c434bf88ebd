import { screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { NoticesProvider } from '../kit/notices';
import { SectionFormPage } from './section-form-page';

const api = withRealApi();

const routes = [
  { path: '/admin/sections', element: <h1>Lista de secciones</h1> },
  { path: '/admin/sections/new', element: <SectionFormPage /> },
  { path: '/admin/sections/edit/:id', element: <SectionFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: api.session() } });
// The form's presence heartbeats (kit/use-presence.ts) are no saves.
const writes = async () => (await api.requests()).filter((r) => r.method !== 'GET' && !r.url.includes('/presence/'));
const stored = async (id: number) => (await api.request('GET', `/api/sections/${id}/`)).body;
/** Another administrator's save, straight to the server. */
const savedElsewhere = async (id: number, fields: Record<string, unknown>) => {
  const reply = await api.request('PATCH', `/api/sections/${id}/`, { json: fields });
  expect(reply.status).toBe(200);
  return reply.body;
};

test('a new section needs a title: the form says so and sends nothing', async () => {
  const { user } = open('/admin/sections/new');
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));
  expect(await screen.findByText(messages.required)).toBeVisible();
  expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('textbox', { name: /^Título/ })).toBeInvalid();
  expect(await api.requests()).toHaveLength(0);
});

test('saving creates the section with its title and visibility on the server, and goes back to the list', async () => {
  const name = api.unique('Seminarios');
  const { user, router } = open('/admin/sections/new');
  await user.type(screen.getByRole('textbox', { name: /^Título/ }), name);
  await user.click(screen.getByRole('checkbox', { name: 'Visible' }));
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));

  expect(await screen.findByRole('heading', { name: 'Lista de secciones' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/sections');
  expect(screen.getByText(`Sección «${name}» guardada`)).toBeVisible();
  const [post] = await writes();
  expect(post).toMatchObject({ method: 'POST', url: '/api/sections/', status: 201 });
  const { results } = (await api.request('GET', '/api/sections/?page_size=100')).body;
  expect(results.filter((s: { title: string }) => s.title === name)).toEqual([expect.objectContaining({ title: name, is_active: false })]);
});

describe('answers the real server cannot be made to give', () => {
  const faulty = withFaultInjectingServer();

  // A 5xx, a slow answer, and a field error that the form's own check (the domain rule the server shares) lets through.
  test('saving shows Guardando... on a disabled button; a failed save says so and keeps what was typed; field errors sit next to their field', async () => {
    faulty().setHandler(() => ({ status: 500, body: { detail: 'Error interno' }, delay: 150 }));
    const { user } = open('/admin/sections/new');
    const title = screen.getByRole('textbox', { name: /^Título/ });
    await user.type(title, 'Jornadas');
    await user.click(screen.getByRole('button', { name: 'Crear sección' }));
    expect(await screen.findByRole('button', { name: messages.saving })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.saveSectionFailed);
    expect(title).toHaveValue('Jornadas');

    faulty().setHandler(() => ({ status: 400, body: { title: ['Asegúrese de que este campo no tenga más de 100 caracteres.'] } }));
    await user.click(screen.getByRole('button', { name: 'Crear sección' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Asegúrese de que este campo no tenga más de 100 caracteres.'));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.saveSectionFailed);
  });
});

test('editing sends the order and version it loaded; a stale save keeps the typing and lets the administrator choose', async () => {
  const section = await api.create('sections', { title: api.unique('Revista'), order: 7 });
  const { user, router } = open(`/admin/sections/edit/${section.id}`);
  const title = await screen.findByRole('textbox', { name: /^Título/ });
  expect(title).toHaveValue(section.title);
  const current = await savedElsewhere(section.id, { title: 'Revista científica' });

  await user.clear(title);
  await user.type(title, 'Revista del Máster');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(messages.saveSectionFailed);
  // Another person's save, or (the same account, as here) the administrator's own in another tab.
  expect(alert).toHaveTextContent(/guardó .*mientras/);
  expect(title).toHaveValue('Revista del Máster');
  expect(await stored(section.id)).toMatchObject({ title: 'Revista científica', version: current.version });

  // Loading the saved version shows it...
  await user.click(screen.getByRole('button', { name: 'Cargar la versión guardada' }));
  expect(title).toHaveValue('Revista científica');
  // ...and saving over it is accepted, with the order untouched.
  await user.clear(title);
  await user.type(title, 'Revista del Máster');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sections'));
  expect(await stored(section.id)).toMatchObject({ title: 'Revista del Máster', order: 7, is_active: true, version: current.version + 1 });
  expect((await writes()).map((r) => [r.status, JSON.parse(r.body)])).toEqual([
    [409, { title: 'Revista del Máster', is_active: true, list_order: 'date', order: 7, version: section.version }],
    [200, { title: 'Revista del Máster', is_active: true, list_order: 'date', order: 7, version: current.version }],
  ]);
});

test('"Guardar mis cambios igualmente" saves what was typed over the version saved meanwhile', async () => {
  const section = await api.create('sections', { title: api.unique('Revista') });
  const { user, router } = open(`/admin/sections/edit/${section.id}`);
  const title = await screen.findByRole('textbox', { name: /^Título/ });
  await savedElsewhere(section.id, { title: 'Revista científica', is_active: false });
  await user.type(title, ' 2027');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await user.click(await screen.findByRole('button', { name: 'Guardar mis cambios igualmente' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sections'));
  expect(await stored(section.id)).toMatchObject({ title: `${section.title} 2027`, is_active: true });
  expect((await writes()).map((r) => r.status)).toEqual([409, 200]);
});

test.each([['999'], ['abc']])('a missing or malformed id (%s): No se encontró la sección', async (id) => {
  open(`/admin/sections/edit/${id}`);
  expect(await screen.findByText(messages.sectionNotFoundDetail)).toBeVisible();
});
