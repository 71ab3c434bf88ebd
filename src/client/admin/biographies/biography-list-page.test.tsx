import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import type { Biography } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { biographyFixture } from '../../../../test/helpers/admin-fixtures';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { NoticesProvider } from '../kit/notices';
import { BiographyListPage } from './biography-list-page';

const LIST = '/api/biographies/?page_size=1000&all=true';

const open = (session: ReturnType<typeof signedInSession>) =>
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
      initialEntries: ['/admin/biographies'],
      preloadedState: { session },
    },
  );

describe('against the real server', () => {
  // Each test lists a server of its own.
  const api = withRealApi({ per: 'test' });

  /** The names in the order the server holds them, as the list asks for them. */
  const stored = async () => {
    const { body } = await api.request('GET', LIST);
    return ((Array.isArray(body) ? body : body.results) as Biography[]).map((b) => b.name);
  };

  test('the heading counts the biographies; the table shows photo or initial, name, position, email and status', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Ana Pérez', position: 'Profesora', biography: 'Biografía.', order: '0' }))
      form.append(name, value);
    form.append('photo', new Blob([await api.image('png')], { type: 'image/png' }), 'ana.png');
    const ana = (await api.request('POST', '/api/biographies/', { form })).body as Biography;
    await api.create('biographies', { name: 'Luis Gil', is_active: false, email: 'luis@example.org', order: 1 });
    open(api.session());
    // While the list is on its way the heading claims no count.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Biografías$/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (2)' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Orden',
      'Foto',
      'Nombre',
      'Cargo',
      'Email',
      'Estado',
      'Acciones',
    ]);
    const [, anaRow, luisRow] = screen.getAllByRole('row');
    expect(ana.photo).toBeTruthy();
    expect(within(anaRow).getByRole('presentation')).toHaveAttribute('src', ana.photo);
    expect(within(anaRow).getByText('Activo')).toBeVisible();
    expect(within(luisRow).getByText('L')).toBeVisible();
    expect(within(luisRow).getByText('Inactivo')).toBeVisible();
    expect(within(luisRow).getByText('luis@example.org')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nueva Biografía' })).toHaveAttribute('href', '/admin/biographies/new');
    expect((await api.requests())[0].url).toBe(LIST);
  });

  test('no biographies: No se encontraron biografías', async () => {
    open(api.session());
    expect(await screen.findByText('No se encontraron biografías', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Biografías (0)' })).toBeVisible();
  });

  test('deleting asks ¿Estás seguro de eliminar esta biografía? and removes the row once confirmed, and the server no longer lists it', async () => {
    await api.create('biographies', { name: 'Ana Pérez', order: 0 });
    const luis = await api.create('biographies', { name: 'Luis Gil', order: 1 });
    const { user } = open(api.session());
    await user.click(await screen.findByRole('button', { name: 'Eliminar Luis Gil' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta biografía?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (1)' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Luis Gil' })).not.toBeInTheDocument();
    expect((await api.requests()).filter((r) => r.method === 'DELETE').map((r) => [r.url, r.status])).toEqual([
      [`/api/biographies/${luis.id}/`, 204],
    ]);
    expect(await stored()).toEqual(['Ana Pérez']);
  });

  describe('reordering a list longer than a page', () => {
    // 101 biographies made on the real server and a hundred rows rendered in jsdom: 4.5 s on a quiet
    // machine, past 40 s in CI beside the browser lane (6 December).
    const LONG_LIST_TIMEOUT = 90_000;
    /** Docente 1 … Docente 101, in that order on the server. */
    const many = async () =>
      (await api.createMany('biographies', 101, (index) => ({ name: `Docente ${index + 1}`, order: index }))) as Biography[];
    const reorders = async () => (await api.requests()).filter((request) => request.method === 'PATCH');
    const sentBodies = async () => (await reorders()).map((request) => JSON.parse(request.body) as { id: number; order: number }[]);
    // A hundred rows: the names and buttons are found by their text and within their row, since
    // computing the role and accessible name of every element of the table again and again took
    // most of these tests' time in jsdom (past their budget on a busy machine).
    const shownNames = () => screen.getAllByText(/^Docente \d+$/, { selector: 'a' }).map((link) => link.textContent);
    /** The row of `name`, once shown. */
    const rowOf = async (name: string) =>
      (await screen.findByText(name, { selector: 'a' }, { timeout: 10_000 })).closest<HTMLElement>('[role="row"]')!;

    test(
      "'Bajar' on the first row sends only the page shown, with its new positions, and the server holds them",
      async () => {
        const made = await many();
        const { user } = open(api.session());
        await user.click(within(await rowOf('Docente 1')).getByRole('button', { name: 'Bajar Docente 1' }));
        expect(shownNames().slice(0, 3)).toEqual(['Docente 2', 'Docente 1', 'Docente 3']);
        expect(screen.getByText('Docente 1: ahora en la posición 2 de 101.')).toBeInTheDocument();
        await waitFor(async () => expect(await reorders()).toHaveLength(1));
        const [request] = await reorders();
        expect([request.url, request.status]).toEqual(['/api/biographies/reorder/', 200]);
        // The 100 rows of the page, not the 101 of the list.
        const [sent] = await sentBodies();
        expect(sent).toEqual([made[1], made[0], ...made.slice(2, 100)].map(({ id }, order) => ({ id, order })));
        const names = await stored();
        expect(names.slice(0, 3)).toEqual(['Docente 2', 'Docente 1', 'Docente 3']);
        expect(names.at(-1)).toBe('Docente 101');
      },
      LONG_LIST_TIMEOUT,
    );

    test(
      "'Bajar' on a page's last row swaps it with the next page's first, sends those two, and shows it there with focus",
      async () => {
        const made = await many();
        const { user } = open(api.session());
        await user.click(within(await rowOf('Docente 100')).getByRole('button', { name: 'Bajar Docente 100' }));
        expect(await screen.findByText('Página 2 de 2 · filas 101–101 de 101')).toBeVisible();
        expect(shownNames()).toEqual(['Docente 100']);
        // The last row of the list: only 'Subir' is left, and it has the focus.
        expect(within(await rowOf('Docente 100')).getByRole('button', { name: 'Subir Docente 100' })).toHaveFocus();
        await waitFor(async () => expect(await reorders()).toHaveLength(1));
        expect(await sentBodies()).toEqual([
          [
            { id: made[100].id, order: 0 },
            { id: made[99].id, order: 1 },
          ],
        ]);
        expect((await reorders())[0].status).toBe(200);
        expect((await stored()).slice(98)).toEqual(['Docente 99', 'Docente 101', 'Docente 100']);

        // 'Subir' on the new page's first row takes it back.
        await user.click(within(await rowOf('Docente 100')).getByRole('button', { name: 'Subir Docente 100' }));
        expect(await screen.findByText('Página 1 de 2 · filas 1–100 de 101')).toBeVisible();
        expect(shownNames().at(-1)).toBe('Docente 100');
        expect(within(await rowOf('Docente 100')).getByRole('button', { name: 'Subir Docente 100' })).toHaveFocus();
        await waitFor(async () => expect(await reorders()).toHaveLength(2));
        expect((await sentBodies())[1]).toHaveLength(2);
        expect((await stored()).slice(98)).toEqual(['Docente 99', 'Docente 100', 'Docente 101']);
      },
      LONG_LIST_TIMEOUT,
    );
  });
});

describe('answers the real server cannot be made to give', () => {
  // A 5xx on loading and on a move, which the real server does not give for a valid request.
  const faulty = withFaultInjectingServer();

  test('a load failure says so, and Reintentar loads again', async () => {
    faulty().setHandler(() => ({ status: 500, body: { detail: 'Error' } }));
    const { user } = open(signedInSession());
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(messages.loadBiographiesFailed);
    faulty().setHandler(() => ({ body: [biographyFixture(1)] }));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Biografías (1)' })).toBeVisible();
  });

  test('a move answered with a 5xx springs back, and the list is fetched again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const onServer = [biographyFixture(1, { order: 0 }), biographyFixture(2, { order: 1 }), biographyFixture(3, { order: 2 })];
    faulty().setHandler((request) =>
      request.method === 'PATCH' ? { status: 503, body: { detail: 'Error' }, delay: 50 } : { body: onServer },
    );
    const { user } = open(signedInSession());
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('link', { name: /^Docente/ }).textContent);
    await user.click(await screen.findByRole('button', { name: 'Bajar Docente 1' }, { timeout: 5000 }));
    expect(names()).toEqual(['Docente 2', 'Docente 1', 'Docente 3']);
    await waitFor(() => expect(names()).toEqual(['Docente 1', 'Docente 2', 'Docente 3']));
    await waitFor(() => expect(faulty().requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
