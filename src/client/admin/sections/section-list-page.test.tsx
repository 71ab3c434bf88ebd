import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import { confirmDelete } from '@/domain/messages';
import type { Section } from '@/domain/entities';
import { sectionFixture } from '../../../../test/helpers/admin-fixtures';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { NoticesProvider } from '../kit/notices';
import { SectionListPage } from './section-list-page';

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('against the real server', () => {
  // Each test lists a server of its own.
  const api = withRealApi({ per: 'test' });

  const openReal = () =>
    renderRoutes(
      [
        {
          path: '/admin/sections',
          element: (
            <NoticesProvider>
              <SectionListPage />
            </NoticesProvider>
          ),
        },
      ],
      {
        initialEntries: ['/admin/sections'],
        preloadedState: { session: api.session() },
      },
    );
  const stored = async () => ((await api.request('GET', '/api/sections/?page_size=100')).body.results as Section[]).map((s) => s.title);
  /** Revista, Congresos (with `publications` publications) and Noticias (not visible), in that order. */
  async function threeSections(publications = 0) {
    const revista = await api.create('sections', { title: 'Revista' });
    const congresos = await api.create('sections', { title: 'Congresos' });
    const noticias = await api.create('sections', { title: 'Noticias', is_active: false });
    for (let i = 0; i < publications; i++) await api.create('publications', { section_id: congresos.id });
    return { revista, congresos, noticias };
  }

  test('Bajar moves the row at once, sends zero-based positions, keeps focus on the moved row, and the server holds the new order', async () => {
    const { revista, congresos, noticias } = await threeSections();
    const { user } = openReal();
    await user.click(await screen.findByRole('button', { name: 'Bajar Revista' }, { timeout: 5000 }));
    expect(titles()).toEqual(['Congresos', 'Revista', 'Noticias']);
    expect(screen.getByRole('button', { name: 'Bajar Revista' })).toHaveFocus();
    expect(screen.getByText('Revista: ahora en la posición 2 de 3.')).toBeInTheDocument();
    // The first row cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: 'Subir Congresos' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar Noticias' })).toBeDisabled();
    await waitFor(async () => expect((await api.requests()).filter((r) => r.method === 'PATCH')).toHaveLength(1));
    const [sent] = (await api.requests()).filter((r) => r.method === 'PATCH');
    expect([sent.url, sent.status]).toEqual(['/api/sections/reorder/', 200]);
    expect(JSON.parse(sent.body)).toEqual([
      { id: congresos.id, order: 0 },
      { id: revista.id, order: 1 },
      { id: noticias.id, order: 2 },
    ]);
    expect(await stored()).toEqual(['Congresos', 'Revista', 'Noticias']);
    expect(titles()).toEqual(['Congresos', 'Revista', 'Noticias']);
  });

  test('a reorder the server refuses (a section deleted meanwhile elsewhere) is not kept: the list is fetched again and shows what the server holds', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { noticias } = await threeSections();
    const { user } = openReal();
    const up = await screen.findByRole('button', { name: 'Subir Noticias' }, { timeout: 5000 });
    expect((await api.request('DELETE', `/api/sections/${noticias.id}/`)).status).toBe(204);
    // The moved row is shown only until the refusal lands, too briefly to check here; the 5xx case below sees it spring back.
    await user.click(up);
    await waitFor(() => expect(titles()).toEqual(['Revista', 'Congresos']));
    const sent = await api.requests();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => [r.url, r.status])).toEqual([['/api/sections/reorder/', 400]]);
    // The list, then the list again; the role (GET /api/account/) is asked once beside them.
    expect(sent.filter((r) => r.method === 'GET' && r.url !== '/api/account/')).toHaveLength(2);
    expect(await stored()).toEqual(['Revista', 'Congresos']);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  test('the table lists title and status in order, with view, edit and delete per row', async () => {
    const { noticias } = await threeSections();
    openReal();
    // The first render of a file compiles the table: give it time on a busy machine.
    expect(await screen.findByRole('table', { name: 'Secciones' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Orden', 'Título', 'Estado', 'Acciones']);
    expect(titles()).toEqual(['Revista', 'Congresos', 'Noticias']);
    const row = screen.getAllByRole('row')[3];
    expect(within(row).getByText('No visible')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Editar Noticias' })).toHaveAttribute('href', `/admin/sections/edit/${noticias.id}`);
    expect(within(row).getByRole('link', { name: 'Ver Noticias' })).toHaveAttribute('href', `/admin/sections/${noticias.id}`);
    expect(screen.getByRole('link', { name: 'Nueva Sección' })).toHaveAttribute('href', '/admin/sections/new');
  });

  test('a section with publications asks again, giving their count, and goes to the trash with them only when confirmed', async () => {
    const { congresos } = await threeSections(3);
    const { user } = openReal();
    const trigger = await screen.findByRole('button', { name: 'Eliminar Congresos' });
    await user.click(trigger);
    const first = screen.getByRole('dialog', { name: confirmDelete('sección') });
    expect(first).toHaveTextContent('Congresos');
    await user.click(within(first).getByRole('button', { name: 'Eliminar' }));

    // Refused with the count: the second question names it; cancelling changes nothing.
    const second = await screen.findByRole('dialog', { name: 'La sección «Congresos» contiene 3 publicaciones.' });
    expect(second).toHaveTextContent('Pasarán a la Papelera junto con la sección');
    await user.click(within(second).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titles()).toEqual(['Revista', 'Congresos', 'Noticias']);
    expect(trigger).toHaveFocus();

    // Meanwhile a fourth publication arrives: the confirmation for three is refused, and the question says four.
    await user.click(trigger);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    const confirmThree = await screen.findByRole('button', { name: 'Eliminar con sus 3 publicaciones' });
    await api.create('publications', { section_id: congresos.id });
    await user.click(confirmThree);
    const updated = await screen.findByRole('dialog', { name: 'La sección «Congresos» contiene 4 publicaciones.' });
    await user.click(within(updated).getByRole('button', { name: 'Eliminar con sus 4 publicaciones' }));

    await waitFor(() => expect(titles()).toEqual(['Revista', 'Noticias']));
    expect(screen.getByText('Sección «Congresos» y sus 4 publicaciones movidas a la Papelera')).toBeVisible();
    const deletes = (await api.requests()).filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => [r.url, r.status])).toEqual([
      [`/api/sections/${congresos.id}/`, 409],
      [`/api/sections/${congresos.id}/`, 409],
      [`/api/sections/${congresos.id}/?with_publications=3`, 409],
      [`/api/sections/${congresos.id}/?with_publications=4`, 204],
    ]);
    expect(await stored()).toEqual(['Revista', 'Noticias']);
    const [trashed] = (await api.request('GET', '/api/trash/')).body.results;
    expect(trashed).toMatchObject({ kind: 'section', label: 'Congresos', publications: 4 });
  });

  test('a delete refused for another reason (deleted meanwhile elsewhere) is told in a notice', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { congresos } = await threeSections();
    const { user } = openReal();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Congresos' }));
    expect((await api.request('DELETE', `/api/sections/${congresos.id}/`)).status).toBe(204);
    const { detail } = (await api.request('DELETE', `/api/sections/${congresos.id}/`)).body;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  test('a deleted section leaves the list, and goes to the trash on the server', async () => {
    const { revista } = await threeSections();
    const { user } = openReal();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Revista' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(titles()).toEqual(['Congresos', 'Noticias']));
    expect((await api.requests()).filter((r) => r.method === 'DELETE').map((r) => [r.url, r.status])).toEqual([
      [`/api/sections/${revista.id}/`, 204],
    ]);
    expect(screen.getByText('Sección «Revista» eliminada')).toBeVisible();
    expect(await stored()).toEqual(['Congresos', 'Noticias']);
    // A browser sends a request again when the connection closed before the answer: the delete
    // carries its attempt's key, so the repeat is told it succeeded instead of 404.
    const [sent] = (await api.requests()).filter((r) => r.method === 'DELETE');
    const key = String(sent.headers['idempotency-key']);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await api.request('DELETE', sent.url, { headers: { 'Idempotency-Key': key } })).status).toBe(204);
  });
});

describe('answers the real server cannot be made to give', () => {
  // A 5xx, slowed so the moved row is seen before it springs back: the real server answers these requests at once and without failing.
  const faulty = withFaultInjectingServer();
  const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
  const onServer = [
    sectionFixture(1, { title: 'Revista', order: 0 }),
    sectionFixture(2, { title: 'Congresos', order: 1 }),
    sectionFixture(3, { title: 'Noticias', order: 2, is_active: false }),
  ];
  const open = () =>
    renderRoutes(
      [
        {
          path: '/admin/sections',
          element: (
            <NoticesProvider>
              <SectionListPage />
            </NoticesProvider>
          ),
        },
      ],
      {
        initialEntries: ['/admin/sections'],
        preloadedState: { session: signedInSession() },
      },
    );

  test('a reorder answered with a 5xx goes back, and the list is fetched again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    faulty().setHandler((request) =>
      request.method === 'PATCH' ? { status: 503, body: { detail: 'Error' }, delay: 50 } : { body: page(onServer) },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Subir Noticias' }, { timeout: 5000 }));
    expect(titles()).toEqual(['Revista', 'Noticias', 'Congresos']);
    await waitFor(() => expect(titles()).toEqual(['Revista', 'Congresos', 'Noticias']));
    // The list, then the list again (the role, asked beside them, is not counted).
    await waitFor(() => expect(faulty().requests.filter((r) => r.method === 'GET' && !r.url.startsWith('/api/account/'))).toHaveLength(2));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  test('a load failure shows an empty list and a way to try again', async () => {
    faulty().setHandler(() => ({ status: 500, body: { detail: 'Error' } }));
    const { user } = open();
    expect(await screen.findByText('No hay secciones.')).toBeVisible();
    faulty().setHandler(() => ({ body: page(onServer) }));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Secciones' })).toBeVisible();
  });
});
