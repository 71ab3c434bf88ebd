import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
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

describe('reordering a list longer than a page', () => {
  const many = () => Array.from({ length: 101 }, (_, index) => biographyFixture(index + 1, { name: `Docente ${index + 1}`, order: index }));
  const patches = () => apiServer().requests.filter((request) => request.method === 'PATCH').map((request) => JSON.parse(request.body) as { id: number; order: number }[]);
  const shownNames = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getByRole('link', { name: /^Docente/ }).textContent);

  beforeEach(() => apiServer().setHandler((request) => (request.method === 'PATCH' ? { body: [] } : { body: many() })));

  test("'Bajar' on the first row sends only the page shown, with its new positions", async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bajar Docente 1' }, { timeout: 5000 }));
    expect(shownNames().slice(0, 3)).toEqual(['Docente 2', 'Docente 1', 'Docente 3']);
    expect(screen.getByText('Docente 1: ahora en la posición 2 de 101.')).toBeInTheDocument();
    await waitFor(() => expect(patches()).toHaveLength(1));
    const [sent] = patches();
    expect(sent).toHaveLength(100);
    expect(sent.slice(0, 3)).toEqual([
      { id: 2, order: 0 },
      { id: 1, order: 1 },
      { id: 3, order: 2 },
    ]);
  }, 40_000);

  test("'Bajar' on a page's last row swaps it with the next page's first, sends those two, and shows it there with focus", async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Bajar Docente 100' }, { timeout: 5000 }));
    expect(await screen.findByText('Página 2 de 2 · filas 101–101 de 101')).toBeVisible();
    expect(shownNames()).toEqual(['Docente 100']);
    // The last row of the list: only 'Subir' is left, and it has the focus.
    expect(screen.getByRole('button', { name: 'Subir Docente 100' })).toHaveFocus();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()).toEqual([
      [
        { id: 101, order: 0 },
        { id: 100, order: 1 },
      ],
    ]);

    // 'Subir' on the new page's first row takes it back.
    await user.click(screen.getByRole('button', { name: 'Subir Docente 100' }));
    expect(await screen.findByText('Página 1 de 2 · filas 1–100 de 101')).toBeVisible();
    expect(shownNames().at(-1)).toBe('Docente 100');
    expect(screen.getByRole('button', { name: 'Subir Docente 100' })).toHaveFocus();
  });
});
