import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationListPage } from './publication-list-page';

/**
 * The admin list sorted by a column (docs/decisions/200): header buttons with aria-sort, the
 * order in the address (?orden=) and asked of the server, the moves hidden while sorted, the
 * 'Ordenar por' select where the rows are cards (jsdom measures no width: always cards here).
 */

const api = withRealApi();
const MANUAL_NOTE = 'Para cambiar el orden manual, vuelva a «Orden manual».';

const open = (address = '/admin/publications') =>
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
    { initialEntries: [address], preloadedState: { session: api.session() } },
  );

const table = () => screen.getByRole('table', { name: 'Publicaciones' });
const shownTitles = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.kit-table-primary')?.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name });
/** The titles in the server's order for `query` (its `ordering`, filters), as the list asks for them. */
const onTheServer = async (query: string) =>
  ((await api.request('GET', `/api/publications/?page=1&page_size=20&omit=layout&${query}`)).body.results as Publication[]).map(
    (p) => p.title,
  );
const lastListRequest = async () => {
  const lists = (await api.requests()).filter((r) => r.method === 'GET' && r.url.startsWith('/api/publications/?'));
  return new URL(lists.at(-1)!.url, 'http://x').searchParams;
};

let sectionId: number;
let otherSectionId: number;
beforeAll(async () => {
  sectionId = (await api.create('sections', { title: 'Noticias' })).id;
  otherSectionId = (await api.create('sections', { title: 'Revista' })).id;
  await api.create('publications', { title: 'Bravo', section_id: sectionId, publish_date: '2026-02-01' });
  await api.create('publications', { title: 'álamo', section_id: sectionId, publish_date: '2026-03-01', status: 'draft' });
  await api.create('publications', { title: 'Charlie', section_id: sectionId, publish_date: '2026-01-01' });
  await api.createMany('publications', 21, (index) => ({ title: `Revista ${index + 1}`, section_id: otherSectionId }));
}, 60_000);

test("a header sorts by its column: aria-sort, the address, the server's order; the moves give way to a line until 'Orden manual'", async () => {
  const { user, router } = open(`/admin/publications?section=${sectionId}`);
  await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
  expect(header('Título')).toHaveAttribute('aria-sort', 'none');
  expect(header('Fecha')).toHaveAttribute('aria-sort', 'none');
  expect(header('Estado')).toHaveAttribute('aria-sort', 'none');
  // Not every column sorts.
  expect(header('Sección')).not.toHaveAttribute('aria-sort');
  expect(screen.getByRole('button', { name: 'Arrastrar para reordenar: Bravo' })).toBeInTheDocument();
  expect(screen.queryByText(MANUAL_NOTE)).toBeNull();

  await user.click(within(header('Título')).getByRole('button', { name: 'Título' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${sectionId}&orden=titulo`));
  await waitFor(() => expect(header('Título')).toHaveAttribute('aria-sort', 'ascending'));
  const byTitle = await onTheServer(`section=${sectionId}&ordering=title`);
  expect(byTitle).toEqual(['álamo', 'Bravo', 'Charlie']);
  await waitFor(() => expect(shownTitles()).toEqual(byTitle));
  expect((await lastListRequest()).get('ordering')).toBe('title');
  expect(header('Fecha')).toHaveAttribute('aria-sort', 'none');
  // No handle, no 'Subir' / 'Bajar': a move would rewrite the manual order from a sorted view.
  expect(screen.queryByRole('button', { name: /^Arrastrar para reordenar/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /^(Subir|Bajar) / })).toBeNull();
  expect(screen.getByText(MANUAL_NOTE)).toBeVisible();
  expect(screen.getByText('Publicaciones ordenadas: Título, de la A a la Z.')).toBeInTheDocument();

  // Pressed again, the order turns round.
  await user.click(within(header('Título')).getByRole('button', { name: 'Título' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${sectionId}&orden=-titulo`));
  await waitFor(() => expect(header('Título')).toHaveAttribute('aria-sort', 'descending'));
  await waitFor(() => expect(shownTitles()).toEqual(['Charlie', 'Bravo', 'álamo']));

  await user.click(within(header('Fecha')).getByRole('button', { name: 'Fecha' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${sectionId}&orden=fecha`));
  await waitFor(() => expect(shownTitles()).toEqual(['Charlie', 'Bravo', 'álamo']));
  expect(header('Título')).toHaveAttribute('aria-sort', 'none');
  expect(header('Fecha')).toHaveAttribute('aria-sort', 'ascending');

  await user.click(screen.getByRole('button', { name: 'Orden manual' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${sectionId}`));
  expect(await screen.findByRole('button', { name: 'Arrastrar para reordenar: Bravo' })).toBeInTheDocument();
  await waitFor(() => expect(shownTitles()).toEqual(['Charlie', 'álamo', 'Bravo']));
  expect(header('Fecha')).toHaveAttribute('aria-sort', 'none');
  expect(screen.queryByText(MANUAL_NOTE)).toBeNull();
});

test("on cards, 'Ordenar por' offers the same orders; a change of order keeps the filters and goes back to the first page", async () => {
  const { user, router } = open(`/admin/publications?section=${otherSectionId}&q=revista&page=2`);
  await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
  const select = screen.getByRole('combobox', { name: 'Ordenar por' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    'Orden manual',
    'Fecha, antiguas primero',
    'Fecha, recientes primero',
    'Título, de la A a la Z',
    'Título, de la Z a la A',
    'Estado, de Borrador a Archivado',
    'Estado, de Archivado a Borrador',
  ]);
  expect(select).toHaveDisplayValue('Orden manual');

  await user.selectOptions(select, 'Título, de la Z a la A');
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${otherSectionId}&q=revista&orden=-titulo`));
  const expected = await onTheServer(`section=${otherSectionId}&search=revista&ordering=-title`);
  await waitFor(() => expect(shownTitles()).toEqual(expected));
  const asked = await lastListRequest();
  expect([asked.get('ordering'), asked.get('section'), asked.get('search'), asked.get('page')]).toEqual([
    '-title',
    String(otherSectionId),
    'revista',
    '1',
  ]);
  expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveDisplayValue('Título, de la Z a la A');
  expect(screen.getByText(MANUAL_NOTE)).toBeVisible();

  // A filter changed while sorted keeps the order.
  await user.click(screen.getByRole('checkbox', { name: 'Con evento' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${otherSectionId}&evento=1&q=revista&orden=-titulo`));

  await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Orden manual');
  await waitFor(() => expect(router.state.location.search).toBe(`?section=${otherSectionId}&evento=1&q=revista`));
});

test('an address key the list does not know is the manual order', async () => {
  const { router } = open(`/admin/publications?section=${sectionId}&orden=title`);
  expect(await screen.findByRole('button', { name: 'Arrastrar para reordenar: Bravo' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveDisplayValue('Orden manual');
  expect((await lastListRequest()).has('ordering')).toBe(false);
  expect(router.state.location.search).toBe(`?section=${sectionId}&orden=title`);
});
