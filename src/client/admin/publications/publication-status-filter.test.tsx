import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationListPage } from './publication-list-page';

// A server of its own: the filter's counts are of this file's publications only.
const api = withRealApi({ per: 'test' });

const rows = () => screen.getAllByRole('row').slice(1);
const titleOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3].textContent;

function open(address: string) {
  return renderRoutes(
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
}

test("the status filter asks the server, lives in the address, and the list says 'Programado · date' for what is not out yet", async () => {
  const noticias = await api.create('sections', { title: 'Noticias' });
  const oculta = await api.create('sections', { title: 'Oculta', is_active: false });
  await api.create('publications', { title: 'Ya publicada', section_id: noticias.id, publish_date: '2026-01-15' });
  await api.create('publications', { title: 'Para marzo', section_id: noticias.id, publish_date: '2030-03-05' });
  await api.create('publications', { title: 'Borrador', section_id: noticias.id, status: 'draft' });
  await api.create('publications', { title: 'En la oculta', section_id: oculta.id, publish_date: '2026-01-15' });

  const { user, router } = open('/admin/publications');
  expect(await screen.findByText('Para marzo')).toBeInTheDocument();
  const scheduledRow = rows().find((row) => titleOf(row) === 'Para marzo')!;
  expect(within(scheduledRow).getByText('Programado · 5 mar 2030')).toBeInTheDocument();
  const hiddenRow = rows().find((row) => titleOf(row) === 'En la oculta')!;
  expect(within(hiddenRow).getByText('Publicado')).toBeInTheDocument();
  expect(within(hiddenRow).getByText('Sección oculta')).toBeInTheDocument();

  const status = screen.getByRole('combobox', { name: 'Estado' });
  expect(
    within(status)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Todos los estados', 'Borrador', 'Programado', 'Publicado', 'Archivado']);
  await user.selectOptions(status, 'Programado');
  await waitFor(() => expect(rows().map(titleOf)).toEqual(['Para marzo']));
  expect(router.state.location.search).toBe('?status=scheduled');

  // 'Publicado' is what visitors see today: not the hidden section's.
  await user.selectOptions(status, 'Publicado');
  await waitFor(() => expect(rows().map(titleOf)).toEqual(['Ya publicada']));

  const requests = await api.requests();
  expect(requests.map((request) => request.url)).toEqual(
    expect.arrayContaining([expect.stringContaining('status=scheduled'), expect.stringContaining('status=published')]),
  );
});

test('an address with a status and a section opens the list filtered by both', async () => {
  const noticias = await api.create('sections', { title: 'Noticias' });
  const revista = await api.create('sections', { title: 'Revista' });
  await api.create('publications', { title: 'Borrador de noticias', section_id: noticias.id, status: 'draft' });
  await api.create('publications', { title: 'Borrador de revista', section_id: revista.id, status: 'draft' });
  await api.create('publications', { title: 'Publicada de revista', section_id: revista.id });

  open(`/admin/publications?section=${revista.id}&status=draft`);
  expect(await screen.findByText('Borrador de revista')).toBeInTheDocument();
  expect(rows().map(titleOf)).toEqual(['Borrador de revista']);
  expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('draft');
});

test("'Con evento' keeps the publications that announce one, lives in the address, and the list says when each is", async () => {
  const congresos = await api.create('sections', { title: 'Congresos' });
  await api.create('publications', { title: 'Con congreso', section_id: congresos.id, event: { start: '2030-03-12T09:30' } });
  await api.create('publications', { title: 'Sin evento', section_id: congresos.id });

  const { user, router } = open('/admin/publications');
  expect(await screen.findByText('Sin evento')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Con evento' }));
  await waitFor(() => expect(rows().map(titleOf)).toEqual(['Con congreso']));
  expect(router.state.location.search).toBe('?evento=1');
  expect(within(rows()[0]).getByText('Evento: 12 mar 2030, 9:30')).toBeInTheDocument();
  expect((await api.requests()).some((request) => request.url.includes('with_event=true'))).toBe(true);
});
