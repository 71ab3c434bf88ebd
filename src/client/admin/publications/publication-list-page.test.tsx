import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import { publicationFixture, sectionFixture } from '../../../../test/helpers/admin-fixtures';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationListPage } from './publication-list-page';

const rows = () => screen.getAllByRole('row').slice(1);

describe('against the real server', () => {
  // Each test lists a server of its own.
  const api = withRealApi({ per: 'test' });

  const openReal = (address = '/admin/publications') =>
    renderRoutes(
      [
        {
          path: '/admin/publications',
          element: (
            <NoticesProvider>
              <PublicationListPage />
            </NoticesProvider>
          ),
        },
      ],
      {
        initialEntries: [address],
        preloadedState: { session: api.session() },
      },
    );
  const titles = () => rows().map((row) => within(row).getAllByRole('cell')[3].textContent);
  /** The titles in the server's own order, as the list asks for them (`query` without the leading ?). */
  const onTheServer = async (query = '') =>
    ((await api.request('GET', `/api/publications/?page=1&page_size=20&omit=layout${query}`)).body.results as Publication[]).map(
      (p) => p.title,
    );
  /** Bienvenida (published, featured) in Noticias; Borrador de congreso (draft) and Antigua (archived) in Revista. */
  async function threePublications() {
    const noticias = await api.create('sections', { title: 'Noticias' });
    const revista = await api.create('sections', { title: 'Revista' });
    const bienvenida = await api.create('publications', {
      title: 'Bienvenida',
      section_id: noticias.id,
      is_featured: true,
      publish_date: '2026-03-05',
    });
    const borrador = await api.create('publications', { title: 'Borrador de congreso', section_id: revista.id, status: 'draft' });
    const antigua = await api.create('publications', { title: 'Antigua', section_id: revista.id, status: 'archived' });
    return { noticias, revista, bienvenida, borrador, antigua };
  }

  test("'Bajar' on a page's first row sends only the page shown, with its new positions, and the server holds them", async () => {
    const noticias = await api.create('sections', { title: 'Noticias' });
    await api.createMany('publications', 21, (index) => ({ title: `P${index + 1}`, section_id: noticias.id }));
    const pageOne = await onTheServer();
    const ids = ((await api.request('GET', '/api/publications/?page=1&page_size=20&omit=layout')).body.results as Publication[]).map(
      (p) => p.id,
    );
    const { user } = openReal();
    await user.click(await screen.findByRole('button', { name: `Bajar ${pageOne[0]}` }, { timeout: 5000 }));
    expect(titles().slice(0, 3)).toEqual([pageOne[1], pageOne[0], pageOne[2]]);
    await waitFor(async () => expect((await api.requests()).filter((r) => r.url === '/api/publications/reorder/')).toHaveLength(1));
    const [sent] = (await api.requests()).filter((r) => r.url === '/api/publications/reorder/');
    expect(sent.status).toBe(200);
    // The page shown, not the 21 of the list.
    expect(JSON.parse(sent.body)).toEqual([ids[1], ids[0], ...ids.slice(2)].map((id, order) => ({ id, order })));
    expect(await onTheServer()).toEqual([pageOne[1], pageOne[0], ...pageOne.slice(2)]);
  });

  test('a section whose public list is not in the dragged order says so above its list', async () => {
    const porFecha = await api.create('sections', { title: 'Noticias', list_order: 'date' });
    await api.create('publications', { title: 'Jornada', section_id: porFecha.id });
    openReal(`/admin/publications?section=${porFecha.id}`);
    expect(
      await screen.findByText(
        'En el sitio, «Noticias» se ordena por fecha: el orden de esta lista no cambia el de su página pública.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  test('a section in manual order lists without a note', async () => {
    const aMano = await api.create('sections', { title: 'Presentación', list_order: 'manual' });
    await api.create('publications', { title: 'Objetivos', section_id: aMano.id });
    openReal(`/admin/publications?section=${aMano.id}`);
    expect(await screen.findByRole('link', { name: 'Objetivos' }, { timeout: 5000 })).toBeVisible();
    // The sections are in (the filter shows this one), so a note would be there by now.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sección' })).toHaveDisplayValue('Presentación'));
    expect(screen.queryByText(/se ordena por fecha|se ordena como eventos/)).toBeNull();
  });

  test('the section filter, the search and the page go to the server and into the address', async () => {
    const { revista } = await threePublications();
    await api.createMany('publications', 21, (index) => ({ title: `Congreso ${index + 1}`, section_id: revista.id }));
    const { user, router } = openReal();
    await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sección' }), await screen.findByRole('option', { name: 'Revista' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'congreso');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?section=${revista.id}&q=congreso&page=2`));
    // 'Borrador de congreso' and the 21 congresses: two pages.
    expect(await onTheServer(`&search=congreso&section=${revista.id}`)).toHaveLength(20);
    const secondPage = (
      (await api.request('GET', `/api/publications/?page=2&page_size=20&omit=layout&search=congreso&section=${revista.id}`)).body
        .results as Publication[]
    ).map((p) => p.title);
    expect(secondPage).toHaveLength(2);
    await waitFor(() => expect(titles()).toEqual(secondPage));
    const lists = (await api.requests()).filter((r) => r.method === 'GET' && r.url.startsWith('/api/publications/'));
    expect(new URL(lists.at(-1)!.url, 'http://x').searchParams.toString()).toBe(
      `page=2&page_size=20&omit=layout&search=congreso&section=${revista.id}`,
    );
  });

  test("'Bajar' on a page's last row swaps it with the next page's first: two items sent, the row shown on that page with focus, the server holding both", async () => {
    const noticias = await api.create('sections', { title: 'Noticias' });
    await api.createMany('publications', 21, (index) => ({ title: `P${index + 1}`, section_id: noticias.id }));
    const pageOne = await onTheServer();
    const last = pageOne[19];
    const next = (await api.request('GET', '/api/publications/?page=2&page_size=20&omit=layout')).body.results[0].title as string;
    const { user, router } = openReal();
    await user.click(await screen.findByRole('button', { name: `Bajar ${last}` }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(titles()).toEqual([last]));
    // The last row of all: 'Bajar' is off, so the focus is on 'Subir'.
    await waitFor(() => expect(screen.getByRole('button', { name: `Subir ${last}` })).toHaveFocus());
    const sent = (await api.requests()).filter((r) => r.url === '/api/publications/reorder/');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].body)).toHaveLength(2);
    expect(sent[0].status).toBe(200);
    expect((await onTheServer()).at(-1)).toBe(next);
    expect(
      (await api.request('GET', '/api/publications/?page=2&page_size=20&omit=layout')).body.results.map((p: Publication) => p.title),
    ).toEqual([last]);
  });

  test('columns, badges, dates and the featured flag as the server holds them, one page asked for without layouts', async () => {
    await threePublications();
    openReal();
    expect(await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 })).toBeVisible();
    expect(titles()).toEqual(await onTheServer());
    expect([...titles()].sort()).toEqual(['Antigua', 'Bienvenida', 'Borrador de congreso']);
    const [first, second, third] = ['Bienvenida', 'Borrador de congreso', 'Antigua'].map((title) => rows()[titles().indexOf(title)]);
    expect(within(first).getByText('Publicado')).toHaveClass('kit-badge-positive');
    // Compact in the list (docs/decisions/200), the long form as its title.
    expect(within(first).getByText('5 mar 2026')).toHaveAttribute('title', '5 de marzo de 2026');
    expect(within(first).getByText('Destacado')).toBeVisible();
    expect(within(first).getByText('Noticias')).toBeVisible();
    expect(within(second).getByText('Borrador')).toHaveClass('kit-badge-warning');
    expect(within(second).getByText('15 ene 2026')).toHaveAttribute('dateTime', '2026-01-15');
    expect(within(second).getByText('Normal')).toBeVisible();
    expect(within(third).getByText('Archivado')).toHaveClass('kit-badge-neutral');
    const [list] = (await api.requests()).filter((r) => r.url.startsWith('/api/publications/'));
    expect(Object.fromEntries(new URL(list.url, 'http://x').searchParams)).toEqual({ page: '1', page_size: '20', omit: 'layout' });
    expect(list.status).toBe(200);
  });

  test('the section filter and the search go to the server, which answers only what matches', async () => {
    const { revista } = await threePublications();
    const { user, router } = openReal();
    await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sección' }), await screen.findByRole('option', { name: 'Revista' }));
    const inRevista = await onTheServer(`&section=${revista.id}`);
    expect([...inRevista].sort()).toEqual(['Antigua', 'Borrador de congreso']);
    await waitFor(() => expect(titles()).toEqual(inRevista));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'congreso');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(titles()).toEqual(['Borrador de congreso']));
    expect(router.state.location.search).toBe(`?section=${revista.id}&q=congreso`);
  });

  test('an address with a filter opens with it chosen, and the list filtered', async () => {
    const { noticias } = await threePublications();
    openReal(`/admin/publications?section=${noticias.id}&q=bien`);
    await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sección' })).toHaveValue(String(noticias.id)));
    expect(screen.getByRole('searchbox', { name: 'Buscar por título' })).toHaveValue('bien');
    expect(titles()).toEqual(['Bienvenida']);
  });

  test('delete asks first, then sends that publication to the trash', async () => {
    const { antigua } = await threePublications();
    const { user } = openReal();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Antigua' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta publicación?' });
    expect((await api.requests()).filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Publicación «Antigua» eliminada')).toBeVisible();
    expect((await api.requests()).filter((r) => r.method === 'DELETE').map((r) => [r.url, r.status])).toEqual([
      [`/api/publications/${antigua.id}/`, 204],
    ]);
    await waitFor(() => expect([...titles()].sort()).toEqual(['Bienvenida', 'Borrador de congreso']));
    expect((await api.request('GET', `/api/publications/${antigua.id}/`)).status).toBe(404);
  });
});

describe('answers the real server cannot be made to give', () => {
  // A status the server never stores, and a 5xx: the real server answers neither.
  const faulty = withFaultInjectingServer();
  let failing: boolean;
  beforeEach(() => {
    failing = false;
    const onServer = [
      publicationFixture(1, { title: 'Bienvenida', status: 'published', order: 0 }),
      publicationFixture(4, { title: 'Rara', status: 'retirada' as Publication['status'], order: 1 }),
    ];
    faulty().setHandler((request) => {
      if (request.url.startsWith('/api/sections/')) return { body: [sectionFixture(1, { title: 'Noticias' })] };
      if (failing) return { status: 500, body: {} };
      return { body: { count: 2, next: null, previous: null, results: onServer.map(({ layout: _layout, ...p }) => p) } };
    });
  });
  const open = () =>
    renderRoutes(
      [
        {
          path: '/admin/publications',
          element: (
            <NoticesProvider>
              <PublicationListPage />
            </NoticesProvider>
          ),
        },
      ],
      {
        initialEntries: ['/admin/publications'],
        preloadedState: { session: signedInSession() },
      },
    );

  test('a status the panel does not know shows as Archivado', async () => {
    open();
    expect(await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 })).toBeVisible();
    const [first, second] = rows();
    expect(within(first).getByText('Publicado')).toHaveClass('kit-badge-positive');
    expect(within(second).getByText('Archivado')).toHaveClass('kit-badge-neutral');
  });

  test('a load failure shows an empty list and a quiet retry', async () => {
    failing = true;
    const { user } = open();
    expect(await screen.findByText('No hay publicaciones.')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 })).toBeVisible();
  });
});
