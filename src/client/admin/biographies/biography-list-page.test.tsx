import '../../../../test/helpers/dialog-polyfill';
import { screen, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { biographyFixture } from '../../../../test/helpers/admin-fixtures';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { NoticesProvider } from '../kit/notices';
import { BiographyListPage } from './biography-list-page';

const apiServer = withApiTestServer();

const open = () =>
  renderRoutes([{ path: '/admin/biographies', element: <NoticesProvider><BiographyListPage /></NoticesProvider> }], {
    initialEntries: ['/admin/biographies'],
    preloadedState: { session: signedInSession() },
  });

test('the heading counts the biographies; the table shows photo or initial, name, position, email and status', async () => {
  apiServer().setHandler(() => ({
    body: [biographyFixture(1, { name: 'Ana Pérez', photo: '/media/ana.jpg' }), biographyFixture(2, { name: 'Luis Gil', is_active: false })],
  }));
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (2)' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Orden', 'Foto', 'Nombre', 'Cargo', 'Email', 'Estado', 'Acciones']);
  const [, ana, luis] = screen.getAllByRole('row');
  expect(within(ana).getByRole('presentation')).toHaveAttribute('src', '/media/ana.jpg');
  expect(within(ana).getByText('Activo')).toBeVisible();
  expect(within(luis).getByText('L')).toBeVisible();
  expect(within(luis).getByText('Inactivo')).toBeVisible();
  expect(within(luis).getByText('docente2@example.org')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Nueva Biografía' })).toHaveAttribute('href', '/admin/biographies/new');
  expect(apiServer().requests[0].url).toBe('/api/biographies/?page_size=1000&all=true');
});

test('no biographies: No se encontraron biografías', async () => {
  open();
  expect(await screen.findByText('No se encontraron biografías')).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Biografías (0)' })).toBeVisible();
});

test('a load failure says so, and Reintentar loads again', async () => {
  apiServer().setHandler(() => ({ status: 500, body: { detail: 'Error' } }));
  const { user } = open();
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.loadBiographiesFailed);
  apiServer().setHandler(() => ({ body: [biographyFixture(1)] }));
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (1)' })).toBeVisible();
});

test('deleting asks ¿Estás seguro de eliminar esta biografía? and removes the row once confirmed', async () => {
  let onServer = [biographyFixture(1, { name: 'Ana Pérez' }), biographyFixture(2, { name: 'Luis Gil' })];
  apiServer().setHandler((request) => {
    if (request.method === 'DELETE') {
      onServer = onServer.filter((b) => b.id !== 2);
      return { status: 204 };
    }
    return { body: onServer };
  });
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Eliminar Luis Gil' }));
  const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta biografía?' });
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (1)' })).toBeVisible();
  expect(screen.queryByRole('link', { name: 'Luis Gil' })).not.toBeInTheDocument();
  expect(apiServer().requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/biographies/2/');
});
