import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { TrashEntry } from '@/domain/schemas/trash';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { NoticesProvider } from '../kit/notices';
import { TrashPage } from './trash-page';

const apiServer = withApiTestServer();
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const entry = (id: number, overrides: Partial<TrashEntry>): TrashEntry => ({
  id,
  kind: 'publication',
  label: `Elemento ${id}`,
  item_id: id * 10,
  deleted_at: '2026-11-20T10:30:00.000Z',
  deleted_by: 'ana',
  purge_at: '2026-12-20T10:30:00.000Z',
  publications: null,
  ...overrides,
});

let onServer: TrashEntry[];
beforeEach(() => {
  onServer = [
    entry(3, { kind: 'section', label: 'Jornadas', publications: 2 }),
    entry(2, { kind: 'biography', label: 'Laura Pérez', deleted_by: 'luis' }),
    entry(1, { label: 'Crónica del congreso' }),
  ];
  apiServer().setHandler((request) => {
    const restore = /^\/api\/trash\/(\d+)\/restore\/$/.exec(request.url);
    if (restore && request.method === 'POST') {
      const id = Number(restore[1]);
      if (id === 1) return { status: 409, body: { detail: 'Restaure primero la sección «Jornadas».' } };
      onServer = onServer.filter((e) => e.id !== id);
      return { body: { id: 20 } };
    }
    const purge = /^\/api\/trash\/(\d+)\/$/.exec(request.url);
    if (purge && request.method === 'DELETE') {
      onServer = onServer.filter((e) => e.id !== Number(purge[1]));
      return { status: 204 };
    }
    return { body: page(onServer) };
  });
});

const open = () =>
  renderRoutes([{ path: '/admin/papelera', element: <NoticesProvider><TrashPage /></NoticesProvider> }], {
    initialEntries: ['/admin/papelera'],
    preloadedState: { session: signedInSession() },
  });
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => within(row).queryByText(name))!;

test('lists what was deleted, newest first, with its kind, who deleted it and when it goes for good', async () => {
  open();
  expect(await screen.findByRole('table', { name: 'Papelera' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Elemento', 'Tipo', 'Eliminado', 'Se borrará el', 'Acciones']);
  const section = rowOf('Jornadas');
  expect(within(section).getByText('Sección')).toBeVisible();
  expect(within(section).getByText('con 2 publicaciones')).toBeVisible();
  expect(section).toHaveTextContent('20 nov 2026');
  expect(section).toHaveTextContent('por ana');
  expect(section).toHaveTextContent('20 dic 2026');
  expect(within(rowOf('Laura Pérez')).getByText('Biografía')).toBeVisible();
  expect(rowOf('Laura Pérez')).toHaveTextContent('por luis');
  expect(within(rowOf('Crónica del congreso')).getByText('Publicación')).toBeVisible();
});

test('Restaurar brings an item back and it leaves the trash', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Restaurar Laura Pérez' }));
  expect(await screen.findByText('Se restauró «Laura Pérez»: vuelve al final de su lista')).toBeVisible();
  await waitFor(() => expect(screen.queryByText('Laura Pérez', { selector: '.trash-label' })).not.toBeInTheDocument());
  expect(apiServer().requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/trash/2/restore/']);
});

test('a restore the server refuses says why, and the item stays', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Restaurar Crónica del congreso' }));
  expect(await screen.findByText('Restaure primero la sección «Jornadas».')).toBeVisible();
  expect(rowOf('Crónica del congreso')).toBeVisible();
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});

test('Eliminar definitivamente asks first, naming the item, then purges it', async () => {
  const { user } = open();
  const trigger = await screen.findByRole('button', { name: 'Eliminar definitivamente Jornadas' });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: '¿Eliminar definitivamente? No se podrá deshacer.' });
  expect(dialog).toHaveTextContent('Sección con 2 publicaciones: Jornadas');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(apiServer().requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

  await user.click(trigger);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar definitivamente' }));
  expect(await screen.findByText('Se eliminó definitivamente «Jornadas»')).toBeVisible();
  await waitFor(() => expect(screen.queryByText('Jornadas', { selector: '.trash-label' })).not.toBeInTheDocument());
  expect(apiServer().requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/trash/3/');
});

test('an empty trash says so', async () => {
  onServer = [];
  open();
  expect(await screen.findByText('La papelera está vacía.')).toBeVisible();
});
