import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { HistoryPanel } from '../kit/history-panel';
import { PublicationRevisionPage } from './revision-page';

const api = withRealApi();

/**
 * A publication with three versions saved through the API: created as the draft
 * 'Jornada original', then published, then retitled 'Jornada actual' with a row added.
 */
async function publicationWithHistory() {
  const created: Publication = await api.create('publications', { title: api.unique('Jornada original'), status: 'draft' });
  const patch = async (fields: Record<string, unknown>) => {
    const reply = await api.request('PATCH', `/api/publications/${created.id}/`, { json: fields });
    expect(reply.status).toBe(200);
    return reply.body as Publication;
  };
  await patch({ status: 'published' });
  const current = await patch({
    title: api.unique('Jornada actual'),
    layout: [{ id: 'fila-1', cells: [{ id: 'c1', type: 'text', content: '<p>Hola</p>', columnSpan: 4 }] }],
  });
  const revisions = (await api.request('GET', `/api/publications/${created.id}/revisions/`)).body.results as {
    id: number;
    number: number;
  }[];
  return { created, current, revisions };
}

const open = (id: number, address: string) =>
  renderRoutes(
    [
      {
        path: '/admin/publications/:id',
        element: (
          <NoticesProvider>
            <HistoryPanel kind="publication" id={id} />
          </NoticesProvider>
        ),
      },
      {
        path: '/admin/publications/:id/historial/:revisionId',
        element: (
          <NoticesProvider>
            <PublicationRevisionPage />
          </NoticesProvider>
        ),
      },
    ],
    { initialEntries: [address], preloadedState: { session: api.session() } },
  );

test('Historial lists the versions newest first, with when, who and what changed, the newest marked as current', async () => {
  const { created, revisions } = await publicationWithHistory();
  open(created.id, `/admin/publications/${created.id}`);
  expect(await screen.findByRole('heading', { name: 'Historial' })).toBeVisible();
  const links = await screen.findAllByRole('link', { name: /^Versión \d$/ });
  expect(links.map((link) => link.textContent)).toEqual(['Versión 3', 'Versión 2', 'Versión 1']);
  expect(links[2]).toHaveAttribute('href', `/admin/publications/${created.id}/historial/${revisions[2].id}`);
  expect(screen.getByText('Versión actual')).toBeVisible();
  const newest = screen.getByRole('list', { name: 'Cambios de la versión 3' });
  expect(
    within(newest)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Título', 'Diseño: 1 fila añadida']);
  const second = screen.getByRole('list', { name: 'Cambios de la versión 2' });
  expect(
    within(second)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Estado: Borrador → Publicado']);
  expect(links[0].closest('li')).toHaveTextContent('admin');
});

test('an old version is shown as it was; restoring says the status stays, then the server holds it as a new version', async () => {
  const { created, current, revisions } = await publicationWithHistory();
  const { user, router } = open(created.id, `/admin/publications/${created.id}/historial/${revisions[2].id}`);
  expect(await screen.findByRole('heading', { level: 1, name: `Versión 1 de «${current.title}»` })).toBeVisible();
  expect(screen.getByRole('heading', { name: created.title })).toBeVisible();
  expect(screen.getByText(/Guardada el/)).toHaveTextContent(/^Guardada el .+ por admin\.$/);

  await user.click(screen.getByRole('button', { name: 'Restaurar esta versión' }));
  const dialog = screen.getByRole('dialog', { name: '¿Restaurar la versión 1?' });
  expect(dialog).toHaveTextContent('La publicación seguirá «Publicado»: restaurar no cambia su estado.');
  await user.click(within(dialog).getByRole('button', { name: 'Restaurar esta versión' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/publications/${created.id}`));
  const [restore] = (await api.requests()).filter((r) => r.method === 'POST');
  expect(JSON.parse(restore.body)).toEqual({ version: current.version });
  const now = (await api.request('GET', `/api/publications/${created.id}/`)).body;
  expect(now).toMatchObject({ title: created.title, status: 'published', layout: [], version: current.version + 1 });
});

test('the current version offers no restore', async () => {
  const { created, revisions } = await publicationWithHistory();
  open(created.id, `/admin/publications/${created.id}/historial/${revisions[0].id}`);
  expect(await screen.findByText(/Es la versión actual\./)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Restaurar esta versión' })).not.toBeInTheDocument();
});

test('a restore the server refuses (saved meanwhile) says why and stays on the version', async () => {
  const { created, current, revisions } = await publicationWithHistory();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const address = `/admin/publications/${created.id}/historial/${revisions[2].id}`;
  const { user, router } = open(created.id, address);
  // The version and the current publication both loaded.
  await screen.findByRole('heading', { level: 1, name: `Versión 1 de «${current.title}»` });
  await user.click(screen.getByRole('button', { name: 'Restaurar esta versión' }));
  expect((await api.request('PATCH', `/api/publications/${created.id}/`, { json: { title: 'Jornada de otra pestaña' } })).status).toBe(200);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restaurar esta versión' }));
  expect(await screen.findByText(/guardó .*mientras/)).toBeVisible();
  expect(router.state.location.pathname).toBe(address);
  expect((await api.request('GET', `/api/publications/${created.id}/`)).body).toMatchObject({
    title: 'Jornada de otra pestaña',
    version: current.version + 1,
  });
  logged.mockRestore();
});
