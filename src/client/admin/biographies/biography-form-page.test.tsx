import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BIOGRAPHY_MAX_LENGTH } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { BiographyFormPage } from './biography-form-page';

const api = withRealApi();

beforeEach(() => {
  // jsdom has no object URLs; the photo's preview only needs an address.
  URL.createObjectURL = jest.fn(() => 'blob:vista-previa');
  URL.revokeObjectURL = jest.fn();
});

const routes = [
  { path: '/admin/biographies', element: <h1>Lista de biografías</h1> },
  { path: '/admin/biographies/new', element: <BiographyFormPage /> },
  { path: '/admin/biographies/edit/:id', element: <BiographyFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: api.session() } });
const biographyText = () => screen.getByRole('textbox', { name: /^Biografía/ });
const stored = async (id: number) => (await api.request('GET', `/api/biographies/${id}/`)).body;
/** A biography made through the API, with a real photo. */
async function biographyWithPhoto(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ position: 'Profesora', biography: 'Biografía.', ...fields })) form.append(name, value);
  form.append('photo', new File([await api.image('jpeg')], 'ana.jpg', { type: 'image/jpeg' }));
  const reply = await api.request('POST', '/api/biographies/', { form });
  expect(reply.status).toBe(201);
  return reply.body;
}

test('name, position and biography are required: the messages show and nothing is sent', async () => {
  const { user } = open('/admin/biographies/new');
  await user.click(screen.getByRole('button', { name: 'Crear biografía' }));
  expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('textbox', { name: /^Cargo/ })).toHaveAccessibleDescription(messages.required);
  expect(biographyText()).toHaveAccessibleDescription(`0/${BIOGRAPHY_MAX_LENGTH} caracteres ${messages.required}`);
  expect(await api.requests()).toHaveLength(0);
});

test('a new biography starts active with order 2; email and web are email and URL inputs', () => {
  open('/admin/biographies/new');
  expect(screen.getByRole('checkbox', { name: 'Activo' })).toBeChecked();
  expect(screen.getByRole('spinbutton', { name: 'Orden' })).toHaveValue(2);
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  expect(screen.getByRole('textbox', { name: 'WEB' })).toHaveAttribute('type', 'url');
  expect(screen.getByLabelText(/^Foto/)).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
});

test('the counter follows typing, and typing past 3000 characters is ignored', async () => {
  const { user } = open('/admin/biographies/new');
  await user.type(biographyText(), 'Hola');
  expect(screen.getByText(`4/${BIOGRAPHY_MAX_LENGTH} caracteres`)).toBeVisible();

  await user.clear(biographyText());
  await user.click(biographyText());
  await user.paste('a'.repeat(BIOGRAPHY_MAX_LENGTH - 1));
  await user.type(biographyText(), 'bcd');
  expect(biographyText()).toHaveValue(`${'a'.repeat(BIOGRAPHY_MAX_LENGTH - 1)}b`);
  expect(screen.getByText(`${BIOGRAPHY_MAX_LENGTH}/${BIOGRAPHY_MAX_LENGTH} caracteres`)).toBeVisible();
});

test('pasting more than 3000 characters keeps the first 3000', async () => {
  const { user } = open('/admin/biographies/new');
  await user.click(biographyText());
  await user.paste('x'.repeat(BIOGRAPHY_MAX_LENGTH + 500));
  expect(biographyText()).toHaveValue('x'.repeat(BIOGRAPHY_MAX_LENGTH));
  expect(screen.getByText(`${BIOGRAPHY_MAX_LENGTH}/${BIOGRAPHY_MAX_LENGTH} caracteres`)).toBeVisible();
});

test('a value set past the limit by other means (autofill, an extension) is cut too', () => {
  open('/admin/biographies/new');
  fireEvent.change(biographyText(), { target: { value: 'y'.repeat(BIOGRAPHY_MAX_LENGTH + 10) } });
  expect(biographyText()).toHaveValue('y'.repeat(BIOGRAPHY_MAX_LENGTH));
});

test('a bad email or web address is refused before sending, with the domain messages', async () => {
  const { user } = open('/admin/biographies/new');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@');
  await user.type(screen.getByRole('textbox', { name: 'WEB' }), 'linkedin');
  await user.click(screen.getByRole('button', { name: 'Crear biografía' }));
  expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(messages.invalidEmail);
  expect(screen.getByRole('textbox', { name: 'WEB' })).toHaveAccessibleDescription(expect.stringContaining(messages.invalidUrl));
  expect(await api.requests()).toHaveLength(0);
});

test('editing shows Cargando... and then the biography in the form, photo included', async () => {
  const biography = await biographyWithPhoto({ name: api.unique('Ana Pérez'), is_active: 'false', order: '5' });
  open(`/admin/biographies/edit/${biography.id}`);
  expect(screen.getByText(messages.loading)).toBeVisible();
  expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveValue(biography.name);
  expect(screen.getByRole('checkbox', { name: 'Activo' })).not.toBeChecked();
  expect(screen.getByRole('spinbutton', { name: 'Orden' })).toHaveValue(5);
  expect(screen.getByRole('img', { name: 'Vista previa de la foto' })).toHaveAttribute('src', biography.photo);
  expect(screen.getByRole('button', { name: 'Quitar foto' })).toBeVisible();
});

test('removing the photo hides the preview and can be undone; saving without it removes it on the server', async () => {
  const biography = await biographyWithPhoto({ name: api.unique('Ana Pérez') });
  const { user, router } = open(`/admin/biographies/edit/${biography.id}`);
  await user.click(await screen.findByRole('button', { name: 'Quitar foto' }));
  expect(screen.queryByRole('img', { name: 'Vista previa de la foto' })).not.toBeInTheDocument();
  expect(screen.getByText('Sin imagen')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  expect(screen.getByRole('img', { name: 'Vista previa de la foto' })).toBeVisible();
  expect(await stored(biography.id)).toMatchObject({ photo: biography.photo });

  await user.click(screen.getByRole('button', { name: 'Quitar foto' }));
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/biographies'));
  expect(await stored(biography.id)).toMatchObject({ name: biography.name, photo: null, version: biography.version + 1 });
});

test('a new biography is saved on the server with its fields and photo, and the list follows', async () => {
  const name = api.unique('Lucía Gómez');
  const { user, router } = open('/admin/biographies/new');
  await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), name);
  await user.type(screen.getByRole('textbox', { name: /^Cargo/ }), 'Coordinadora');
  await user.type(biographyText(), 'Doctora en Psicología.');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lucia@example.org');
  await user.upload(screen.getByLabelText(/^Foto/), new File([await api.image('png')], 'lucia.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: 'Crear biografía' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/biographies'));
  const [post] = (await api.requests()).filter((r) => r.method === 'POST');
  expect(post).toMatchObject({ url: '/api/biographies/', status: 201 });
  const { results } = (await api.request('GET', '/api/biographies/?page_size=1000&all=true')).body;
  const saved = results.find((b: { name: string }) => b.name === name);
  expect(saved).toMatchObject({
    position: 'Coordinadora',
    biography: 'Doctora en Psicología.',
    email: 'lucia@example.org',
    is_active: true,
  });
  expect(saved.photo).toMatch(/\/media\/.+\.png$/);
  expect((await fetch(saved.photo.startsWith('http') ? saved.photo : `${api.origin}${saved.photo}`)).status).toBe(200);
});

test.each([
  ['a text file', 'notas.txt', 'text/plain'],
  ['an SVG, an image the site does not take', 'logo.svg', 'image/svg+xml'],
  ['a BMP', 'foto.bmp', 'image/bmp'],
])('%s is refused with the domain message, and nothing is chosen', async (_, name, type) => {
  open('/admin/biographies/new');
  // As if the browser's file picker had been told to show every file.
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText(/^Foto/), new File(['hola'], name, { type }));
  expect(await screen.findByText(messages.imageTypeNotAllowed)).toBeVisible();
  expect(screen.queryByText(name)).not.toBeInTheDocument();
});

test('a missing biography: No se encontró la biografía', async () => {
  open('/admin/biographies/edit/7777');
  expect(await screen.findByText(messages.biographyNotFound)).toBeVisible();
});
