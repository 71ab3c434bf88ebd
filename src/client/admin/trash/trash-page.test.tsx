import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { formatMoment, formatMomentDay } from '../kit/format-moment';
import { NoticesProvider } from '../kit/notices';
import { TrashPage } from './trash-page';

// Each test has a trash of its own (the empty one included): a server per test.
const api = withRealApi({ per: 'test' });

/**
 * Deletes, oldest first: the publication 'Crónica del congreso', the biography
 * 'Laura Pérez', then the section 'Jornadas' with the 2 publications it still
 * holds (Crónica's section, so Crónica cannot come back before it).
 */
async function fillTheTrash() {
  const jornadas = await api.create('sections', { title: 'Jornadas' });
  const cronica = await api.create('publications', { title: 'Crónica del congreso', section_id: jornadas.id });
  await api.create('publications', { title: 'Programa', section_id: jornadas.id });
  await api.create('publications', { title: 'Inscripción', section_id: jornadas.id });
  const laura = await api.create('biographies', { name: 'Laura Pérez', position: 'Profesora', biography: 'Biografía.' });
  for (const path of [
    `/api/publications/${cronica.id}/`,
    `/api/biographies/${laura.id}/`,
    `/api/sections/${jornadas.id}/?with_publications=2`,
  ]) {
    expect((await api.request('DELETE', path)).status).toBe(204);
  }
  return (await api.request('GET', '/api/trash/')).body.results as { id: number; label: string; deleted_at: string; purge_at: string }[];
}

const open = () =>
  renderRoutes(
    [
      {
        path: '/admin/papelera',
        element: (
          <NoticesProvider>
            <TrashPage />
          </NoticesProvider>
        ),
      },
    ],
    {
      initialEntries: ['/admin/papelera'],
      preloadedState: { session: api.session() },
    },
  );
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => within(row).queryByText(name))!;
const inTrash = async () => ((await api.request('GET', '/api/trash/')).body.results as { label: string }[]).map((entry) => entry.label);

test('lists what was deleted, newest first, with its kind, who deleted it and when it goes for good', async () => {
  const entries = await fillTheTrash();
  open();
  expect(await screen.findByRole('table', { name: 'Papelera' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Elemento',
    'Tipo',
    'Eliminado',
    'Se borrará el',
    'Acciones',
  ]);
  const labels = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.trash-label')?.textContent);
  expect(labels).toEqual(['Jornadas', 'Laura Pérez', 'Crónica del congreso']);
  const section = rowOf('Jornadas');
  expect(within(section).getByText('Sección')).toBeVisible();
  expect(within(section).getByText('con 2 publicaciones')).toBeVisible();
  const [jornadas] = entries;
  expect(section).toHaveTextContent(formatMoment(jornadas.deleted_at));
  expect(section).toHaveTextContent('por admin');
  expect(section).toHaveTextContent(formatMomentDay(jornadas.purge_at));
  expect(within(rowOf('Laura Pérez')).getByText('Biografía')).toBeVisible();
  expect(within(rowOf('Crónica del congreso')).getByText('Publicación')).toBeVisible();
});

test('Restaurar brings an item back and it leaves the trash', async () => {
  await fillTheTrash();
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Restaurar Laura Pérez' }));
  expect(await screen.findByText('Se restauró «Laura Pérez»: vuelve al final de su lista')).toBeVisible();
  await waitFor(() => expect(screen.queryByText('Laura Pérez', { selector: '.trash-label' })).not.toBeInTheDocument());
  expect(await inTrash()).toEqual(['Jornadas', 'Crónica del congreso']);
  const { results } = (await api.request('GET', '/api/biographies/?page_size=1000&all=true')).body;
  expect(results.map((b: { name: string }) => b.name)).toEqual(['Laura Pérez']);
});

test('a restore the server refuses says why, and the item stays', async () => {
  await fillTheTrash();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Restaurar Crónica del congreso' }));
  expect(await screen.findByText(messages.restoreSectionFirst('Jornadas'))).toBeVisible();
  expect(rowOf('Crónica del congreso')).toBeVisible();
  expect(await inTrash()).toEqual(['Jornadas', 'Laura Pérez', 'Crónica del congreso']);
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});

test('Eliminar definitivamente asks first, naming the item, then purges it', async () => {
  await fillTheTrash();
  const { user } = open();
  const trigger = await screen.findByRole('button', { name: 'Eliminar definitivamente Jornadas' });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: '¿Eliminar definitivamente? No se podrá deshacer.' });
  expect(dialog).toHaveTextContent('Sección con 2 publicaciones: Jornadas');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect((await api.requests()).filter((r) => r.method === 'DELETE')).toHaveLength(0);

  await user.click(trigger);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar definitivamente' }));
  expect(await screen.findByText('Se eliminó definitivamente «Jornadas»')).toBeVisible();
  await waitFor(() => expect(screen.queryByText('Jornadas', { selector: '.trash-label' })).not.toBeInTheDocument());
  expect(await inTrash()).toEqual(['Laura Pérez', 'Crónica del congreso']);
});

test('an empty trash says so', async () => {
  open();
  expect(await screen.findByText('La papelera está vacía.')).toBeVisible();
});
