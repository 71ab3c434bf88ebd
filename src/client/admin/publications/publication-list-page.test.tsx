import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import { publicationFixture, sectionFixture } from '../../../../test/helpers/admin-fixtures';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationListPage } from './publication-list-page';

const apiServer = withApiTestServer();

let onServer: Publication[];
let failing: boolean;

beforeEach(() => {
  failing = false;
  onServer = [
    publicationFixture(1, { title: 'Bienvenida', status: 'published', is_featured: true, publish_date: '2026-03-05', order: 0 }),
    publicationFixture(2, { title: 'Borrador de congreso', status: 'draft', publish_date: null, order: 1 }),
    publicationFixture(3, { title: 'Antigua', status: 'archived', order: 2 }),
    publicationFixture(4, { title: 'Rara', status: 'retirada' as Publication['status'], order: 3 }),
  ];
  apiServer().setHandler((request) => {
    if (request.url.startsWith('/api/sections/')) return { body: [sectionFixture(1, { title: 'Noticias' }), sectionFixture(2, { title: 'Revista' })] };
    if (request.method === 'PATCH') return { body: JSON.parse(request.body) };
    if (request.method === 'DELETE') return { status: 204 };
    if (failing) return { status: 500, body: {} };
    const results = onServer.map(({ layout: _layout, ...p }) => p);
    return { body: { count: 45, next: 'http://x/api/publications/?page=2', previous: null, results } };
  });
});

const open = (address = '/admin/publications') =>
  renderRoutes([{ path: '/admin/publications', element: <NoticesProvider><PublicationListPage /></NoticesProvider> }], {
    initialEntries: [address],
    preloadedState: { session: signedInSession() },
  });
const rows = () => screen.getAllByRole('row').slice(1);
const listRequests = () => apiServer().requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/publications/'));

test('columns, badges, dates and the featured flag as requirements §2 says, asked of the server one page at a time', async () => {
  open();
  expect(await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Orden', 'Imagen', 'Título', 'Sección', 'Estado', 'Fecha', 'Destacado', 'Acciones']);
  const [first, second, third, fourth] = rows();
  expect(within(first).getByText('Publicado')).toHaveClass('kit-badge-positive');
  expect(within(first).getByText('5 de marzo de 2026')).toBeVisible();
  expect(within(first).getByText('Destacado')).toBeVisible();
  expect(within(second).getByText('Borrador')).toHaveClass('kit-badge-warning');
  expect(within(second).getByText('No publicado')).toBeVisible();
  expect(within(second).getByText('Normal')).toBeVisible();
  expect(within(third).getByText('Archivado')).toHaveClass('kit-badge-neutral');
  expect(within(fourth).getByText('Archivado')).toHaveClass('kit-badge-neutral');
  expect(screen.getByText(/Página 1 de 3/)).toBeVisible();
  const url = new URL(listRequests()[0].url, 'http://x');
  expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', page_size: '20', omit: 'layout' });
});

test('the section filter, the search and the page go to the server and into the address', async () => {
  const { user, router } = open();
  await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sección' }), await screen.findByRole('option', { name: 'Revista' }));
  await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'congreso');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await waitFor(() => expect(router.state.location.search).toBe('?section=2&q=congreso&page=2'));
  await waitFor(() => expect(new URL(listRequests().at(-1)!.url, 'http://x').searchParams.toString()).toBe('page=2&page_size=20&omit=layout&search=congreso&section=2'));
});

test('an address with a filter opens with it chosen', async () => {
  open('/admin/publications?section=1&q=bien');
  await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sección' })).toHaveValue('1'));
  expect(screen.getByRole('searchbox', { name: 'Buscar por título' })).toHaveValue('bien');
});

test('a move sends the positions within the page shown', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Bajar Bienvenida' }, { timeout: 5000 }));
  await waitFor(() => expect(apiServer().requestsTo('/api/publications/reorder/')).toHaveLength(1));
  expect(JSON.parse(apiServer().requestsTo('/api/publications/reorder/')[0].body)).toEqual([
    { id: 2, order: 0 },
    { id: 1, order: 1 },
    { id: 3, order: 2 },
    { id: 4, order: 3 },
  ]);
});

test('a load failure shows an empty list and a quiet retry', async () => {
  failing = true;
  const { user } = open();
  expect(await screen.findByText('No hay publicaciones.')).toBeVisible();
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 })).toBeVisible();
});

test('delete asks first, then deletes that publication', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Eliminar Antigua' }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta publicación?' });
  expect(apiServer().requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
  await waitFor(() => expect(apiServer().requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/publications/3/']));
  expect(await screen.findByText('Publicación «Antigua» eliminada')).toBeVisible();
});
