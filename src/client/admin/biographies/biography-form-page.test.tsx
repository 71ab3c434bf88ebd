import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BIOGRAPHY_MAX_LENGTH } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { biographyFixture } from '../../../../test/helpers/admin-fixtures';
import { NoticesProvider } from '../kit/notices';
import { BiographyFormPage } from './biography-form-page';

const apiServer = withApiTestServer();

const routes = [
  { path: '/admin/biographies/new', element: <BiographyFormPage /> },
  { path: '/admin/biographies/edit/:id', element: <BiographyFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: signedInSession() } });
const biographyText = () => screen.getByRole('textbox', { name: /^Biografía/ });

test('name, position and biography are required: the messages show and nothing is sent', async () => {
  const { user } = open('/admin/biographies/new');
  await user.click(screen.getByRole('button', { name: 'Crear biografía' }));
  expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('textbox', { name: /^Cargo/ })).toHaveAccessibleDescription(messages.required);
  expect(biographyText()).toHaveAccessibleDescription(`0/${BIOGRAPHY_MAX_LENGTH} caracteres ${messages.required}`);
  expect(apiServer().requests).toHaveLength(0);
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
  expect(apiServer().requests).toHaveLength(0);
});

test('editing shows Cargando... and then the biography in the form, photo included', async () => {
  apiServer().setHandler(() => ({ body: biographyFixture(3, { name: 'Ana Pérez', photo: '/media/ana.jpg', is_active: false, order: 5 }), delay: 100 }));
  open('/admin/biographies/edit/3');
  expect(screen.getByText(messages.loading)).toBeVisible();
  expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveValue('Ana Pérez');
  expect(screen.getByRole('checkbox', { name: 'Activo' })).not.toBeChecked();
  expect(screen.getByRole('spinbutton', { name: 'Orden' })).toHaveValue(5);
  expect(screen.getByRole('img', { name: 'Vista previa de la foto' })).toHaveAttribute('src', '/media/ana.jpg');
  expect(screen.getByRole('button', { name: 'Quitar foto' })).toBeVisible();
});

test('removing the photo hides the preview and can be undone', async () => {
  apiServer().setHandler(() => ({ body: biographyFixture(3, { photo: '/media/ana.jpg' }) }));
  const { user } = open('/admin/biographies/edit/3');
  await user.click(await screen.findByRole('button', { name: 'Quitar foto' }));
  expect(screen.queryByRole('img', { name: 'Vista previa de la foto' })).not.toBeInTheDocument();
  expect(screen.getByText('Sin imagen')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  expect(screen.getByRole('img', { name: 'Vista previa de la foto' })).toBeVisible();
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
  apiServer().setHandler(() => ({ status: 404, body: { detail: messages.biographyNotFound } }));
  open('/admin/biographies/edit/77');
  expect(await screen.findByText(messages.biographyNotFound)).toBeVisible();
});
