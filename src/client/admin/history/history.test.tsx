import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import type { RevisionSummary } from '@/domain/schemas/revisions';
import { publicationFixture } from '../../../../test/helpers/admin-fixtures';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { NoticesProvider } from '../kit/notices';
import { HistoryPanel } from './history-panel';
import { PublicationRevisionPage } from './revision-page';

const apiServer = withApiTestServer();
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const summary = (id: number, number: number, changes: string[], overrides: Partial<RevisionSummary> = {}): RevisionSummary => ({
  id,
  number,
  created_at: `2026-11-2${number}T09:15:00.000Z`,
  author: 'ana',
  summary: changes,
  restored_from: null,
  ...overrides,
});

const revisions = [summary(13, 3, ['Título', 'Diseño: 1 fila añadida'], { author: 'luis' }), summary(12, 2, ['Estado: Borrador → Publicado']), summary(11, 1, ['Creación'])];
let current: Publication;
let restoreStatus: number;

beforeEach(() => {
  current = publicationFixture(7, { title: 'Jornada actual', status: 'published', version: 3 });
  restoreStatus = 200;
  apiServer().setHandler((request) => {
    if (request.url.startsWith('/api/publications/7/revisions/11/restore/')) {
      if (restoreStatus !== 200) return { status: restoreStatus, body: { detail: 'Otra persona guardó esta publicación mientras tanto.' } };
      current = { ...current, title: 'Jornada original', version: 4 };
      return { body: current };
    }
    if (request.url.startsWith('/api/publications/7/revisions/11/')) {
      return { body: { ...revisions[2], record: publicationFixture(7, { title: 'Jornada original', status: 'draft', version: 1 }) } };
    }
    if (request.url.startsWith('/api/publications/7/revisions/13/')) return { body: { ...revisions[0], record: current } };
    if (request.url.startsWith('/api/publications/7/revisions/')) return { body: page(revisions) };
    if (request.url.startsWith('/api/publications/7/')) return { body: current };
    return { status: 404, body: { detail: 'No encontrado.' } };
  });
});

const routes = [
  { path: '/admin/publications/:id', element: <NoticesProvider><HistoryPanel kind="publication" id={7} /></NoticesProvider> },
  { path: '/admin/publications/:id/historial/:revisionId', element: <NoticesProvider><PublicationRevisionPage /></NoticesProvider> },
];
const open = (address: string) => renderRoutes(routes, { initialEntries: [address], preloadedState: { session: signedInSession() } });

test('Historial lists the versions newest first, with when, who and what changed, the newest marked as current', async () => {
  open('/admin/publications/7');
  expect(await screen.findByRole('heading', { name: 'Historial' })).toBeVisible();
  const links = await screen.findAllByRole('link', { name: /^Versión \d$/ });
  expect(links.map((link) => link.textContent)).toEqual(['Versión 3', 'Versión 2', 'Versión 1']);
  expect(links[2]).toHaveAttribute('href', '/admin/publications/7/historial/11');
  expect(screen.getByText('Versión actual')).toBeVisible();
  const newest = screen.getByRole('list', { name: 'Cambios de la versión 3' });
  expect(within(newest).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Título', 'Diseño: 1 fila añadida']);
  expect(links[0].closest('li')).toHaveTextContent('luis');
});

test('an old version is shown as it was; restoring says the status stays, then the publication is current again', async () => {
  const { user, router } = open('/admin/publications/7/historial/11');
  expect(await screen.findByRole('heading', { level: 1, name: 'Versión 1 de «Jornada actual»' })).toBeVisible();
  expect(screen.getByRole('heading', { name: 'Jornada original' })).toBeVisible();
  expect(screen.getByText(/Guardada el/)).toHaveTextContent(/^Guardada el .+ por ana\.$/);

  await user.click(screen.getByRole('button', { name: 'Restaurar esta versión' }));
  const dialog = screen.getByRole('dialog', { name: '¿Restaurar la versión 1?' });
  expect(dialog).toHaveTextContent('La publicación seguirá «Publicado»: restaurar no cambia su estado.');
  await user.click(within(dialog).getByRole('button', { name: 'Restaurar esta versión' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/publications/7'));
  expect(JSON.parse(apiServer().requestsTo('/api/publications/7/revisions/11/restore/')[0].body)).toEqual({ version: 3 });
});

test('the current version offers no restore', async () => {
  open('/admin/publications/7/historial/13');
  expect(await screen.findByText(/Es la versión actual\./)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Restaurar esta versión' })).not.toBeInTheDocument();
});

test('a restore the server refuses says why and stays on the version', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  restoreStatus = 409;
  const { user, router } = open('/admin/publications/7/historial/11');
  await user.click(await screen.findByRole('button', { name: 'Restaurar esta versión' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restaurar esta versión' }));
  expect(await screen.findByText('Otra persona guardó esta publicación mientras tanto.')).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/publications/7/historial/11');
  logged.mockRestore();
});
