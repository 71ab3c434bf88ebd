import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { BiographyListPage } from './biography-list-page';

// A server of each test's own: the list shows every biography it holds.
const api = withRealApi({ per: 'test' });

const open = (address = '/admin/biographies') =>
  renderRoutes(
    [
      {
        path: '/admin/biographies',
        element: (
          <NoticesProvider>
            <BiographyListPage />
          </NoticesProvider>
        ),
      },
    ],
    {
      initialEntries: [address],
      preloadedState: { session: api.session() },
    },
  );

/** The names in the table, in order: each row's first link is its name. */
const names = () =>
  within(screen.getByRole('table', { name: 'Biografías' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0].textContent);

async function biographies(...all: string[]) {
  for (const name of all) await api.create('biographies', { name, position: 'Docente', biography: 'Texto.' });
}

test('Buscar por nombre asks the server, finds names without their accents, and keeps the term in the address', async () => {
  await biographies('José Martínez', 'Lucía Fernández', 'MARÍA JOSÉ Núñez');
  const { user, router } = open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (3)' })).toBeVisible();

  await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'jose');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (2)' })).toBeVisible();
  expect(names()).toEqual(['José Martínez', 'MARÍA JOSÉ Núñez']);
  expect(router.state.location.search).toBe('?q=jose');
  const searches = (await api.requests()).filter((r) => r.method === 'GET' && r.url.includes('search='));
  expect(new URL(searches.at(-1)!.url, 'http://x').searchParams.get('search')).toBe('jose');
  // A list of found names cannot be reordered: its positions are not the list's.
  expect(screen.queryByRole('button', { name: /^Subir/ })).not.toBeInTheDocument();
});

test('an address with ?q= opens the list searched; a term that finds nothing says so; clearing it shows everyone', async () => {
  await biographies('Íñigo Peña', 'Rocío Durán');
  const { user, router } = open('/admin/biographies?q=PENA');
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (1)' })).toBeVisible();
  expect(names()).toEqual(['Íñigo Peña']);
  expect(screen.getByRole('searchbox', { name: 'Buscar por nombre' })).toHaveValue('PENA');

  await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nombre' }));
  await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'zapata{Enter}');
  expect(await screen.findByText('No hay biografías que coincidan.')).toBeVisible();

  await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nombre' }));
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (2)' })).toBeVisible();
  expect(screen.getAllByRole('button', { name: /^Subir/ })).toHaveLength(2);
});
