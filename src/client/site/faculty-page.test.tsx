import { screen, waitFor, within } from '@testing-library/react';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';

const person = (id: number | null, name: string, order: number) => ({
  id,
  name,
  position: 'Docente',
  biography: `Biografía de ${name}.`,
  email: '',
  linkedin: '',
  photo: null,
  is_active: true,
  order,
});

describe('against the real server', () => {
  // Each test has a faculty of its own (the empty one included): a server per test.
  const api = withRealApi({ per: 'test' });

  test('shows the active faculty in its order, asked for without credentials', async () => {
    await api.create('biographies', { name: 'Clara', order: 3 });
    await api.create('biographies', { name: 'Ana', order: 1 });
    await api.create('biographies', { name: 'Inactiva', order: 2, is_active: false });
    await api.create('biographies', { name: 'Bruno', order: 2 });
    await renderSite('/cuerpo-docente');

    expect(await screen.findByText('Mostrando 3 docentes')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Docentes' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Ana', 'Bruno', 'Clara']);
    expect(screen.getByRole('heading', { level: 1, name: 'Cuerpo Docente' })).toBeInTheDocument();

    const [request, ...others] = await api.requests();
    expect(others).toEqual([]);
    const url = new URL(request.url, 'http://x');
    expect(url.pathname).toBe('/api/public/biographies/');
    expect(url.searchParams.get('page_size')).toBe('100');
    expect(url.searchParams.get('include_inactive')).toBe('true');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.status).toBe(200);
  });

  test('each card carries its id; an address naming one (the search links there) gives it the keyboard and marks it', async () => {
    await api.create('biographies', { name: 'Ana', order: 1 });
    const bruno = await api.create('biographies', { name: 'Bruno', order: 2 });
    await renderSite(`/cuerpo-docente#docente-${bruno.id}`);
    const card = await screen.findByRole('article', { name: 'Bruno' });
    expect(card).toHaveAttribute('id', `docente-${bruno.id}`);
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByRole('article', { name: 'Ana' })).not.toHaveAttribute('data-highlighted');
  });

  test("no one to show: the empty message and 'Actualizar', which asks again", async () => {
    const { user } = await renderSite('/cuerpo-docente');
    expect(await screen.findByText('No hay biografías disponibles en este momento.')).toBeInTheDocument();
    await api.create('biographies', { name: 'Fernando' });
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Mostrando 1 docentes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fernando' })).toBeInTheDocument();
  });
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  // More than 100 biographies, a failed page and duplicates: pages the real server answers only with hundreds of rows, or never.
  test('fetches every page (a failed one skipped), drops duplicates and records without id, and sorts by order', async () => {
    const pageParam = (url: string) => new URL(url, 'http://x').searchParams.get('page');
    server().setHandler((request) => {
      const page = pageParam(request.url);
      if (!page)
        return {
          body: {
            count: 6,
            next: '/api/public/biographies/?page=2',
            previous: null,
            results: [person(1, 'Ana', 30), person(2, 'Bruno', 10)],
          },
        };
      if (page === '2') return { status: 500, body: { detail: 'caído' } };
      return {
        body: {
          count: 6,
          next: null,
          previous: null,
          results: [person(2, 'Bruno otra vez', 0), person(5, 'Clara', 20), person(null, 'Nadie', 1)],
        },
      };
    });
    await renderSite('/cuerpo-docente');

    expect(await screen.findByText('Mostrando 3 docentes')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Docentes' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Bruno', 'Clara', 'Ana']);
    const urls = server()
      .requestsTo('/api/public/biographies/')
      .map((r) => new URL(r.url, 'http://x'));
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url.searchParams.get('page_size')).toBe('100');
    expect(urls.map((u) => u.searchParams.get('page')).sort()).toEqual(['2', '3', null].sort());
    expect(server().requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  test('a plain array answer is accepted as the whole faculty', async () => {
    server().setHandler(() => ({ body: [person(3, 'Dora', 2), person(4, 'Elena', 1)] }));
    await renderSite('/cuerpo-docente');
    expect(await screen.findByText('Mostrando 2 docentes')).toBeInTheDocument();
    expect(server().requests).toHaveLength(1);
  });

  test("a failed load: the error with 'Reintentar', 'Reintentando...' while it retries", async () => {
    server().setHandler(() => ({ status: 500, body: {} }));
    const { user } = await renderSite('/cuerpo-docente');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error al cargar el cuerpo docente.');

    server().setHandler(() => ({ delay: 150, body: [person(1, 'Ana', 1)] }));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Reintentando...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByText('Mostrando 1 docentes')).toBeInTheDocument());
  });
});
