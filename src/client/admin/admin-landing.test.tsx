import { screen, within } from '@testing-library/react';
import { renderWithProviders, signedInSession } from '../../../test/helpers/render-with-providers';
import { adminContentHandler } from '../../../test/helpers/admin-fixtures';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';
import { AdminLanding } from './admin-landing';

const api = withRealApi();

const card = (name: string) => screen.getByRole('article', { name });

test('shows how many sections, publications and biographies the server holds, with links to each', async () => {
  // 5 sections (4 visible), 3 publications (2 published), 8 biographies (7 active).
  const sections = [];
  for (let i = 1; i <= 5; i++) sections.push(await api.create('sections', { is_active: i !== 5 }));
  for (let i = 1; i <= 3; i++) await api.create('publications', { section_id: sections[0].id, status: i === 3 ? 'draft' : 'published' });
  for (let i = 1; i <= 8; i++) await api.create('biographies', { is_active: i !== 8 });

  renderWithProviders(<AdminLanding />, { preloadedState: { session: api.session() }, route: '/admin' });
  expect(screen.getByRole('heading', { level: 1, name: 'Resumen' })).toBeInTheDocument();
  expect(screen.getByText(/Hola, admin/)).toBeInTheDocument();
  expect(within(card('Secciones')).getByRole('status')).toHaveTextContent('Cargando...');

  expect(await within(card('Secciones')).findByText('5')).toBeInTheDocument();
  expect(within(card('Secciones')).getByText('4 visibles')).toBeInTheDocument();
  expect(within(card('Secciones')).getByRole('link', { name: 'Gestionar secciones' })).toHaveAttribute('href', '/admin/sections');

  expect(await within(card('Publicaciones')).findByText('3')).toBeInTheDocument();
  expect(within(card('Publicaciones')).getByText('2 publicadas')).toBeInTheDocument();
  expect(within(card('Publicaciones')).getByRole('link', { name: 'Gestionar publicaciones' })).toHaveAttribute(
    'href',
    '/admin/publications',
  );

  expect(await within(card('Biografías')).findByText('8')).toBeInTheDocument();
  expect(within(card('Biografías')).getByText('7 activas')).toBeInTheDocument();
  expect(within(card('Biografías')).getByRole('link', { name: 'Gestionar biografías' })).toHaveAttribute('href', '/admin/biographies');

  // One small answer with the counts: no list is downloaded to count it.
  const requests = await api.requests();
  expect(requests.map((r) => [r.url, r.status])).toEqual([['/api/dashboard/', 200]]);
  expect(requests[0].headers.authorization).toBe(`Bearer ${api.tokens.access}`);
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  test('figures that fail to load say so and can be retried', async () => {
    server().setHandler((request) =>
      request.url.startsWith('/api/dashboard/') ? { status: 500, body: {} } : adminContentHandler(request),
    );
    const { user } = renderWithProviders(<AdminLanding />, { preloadedState: { session: signedInSession() }, route: '/admin' });

    expect(await within(card('Secciones')).findByRole('alert')).toHaveTextContent('No se pudo cargar el total.');
    expect(within(card('Biografías')).getByRole('alert')).toHaveTextContent('No se pudo cargar el total.');

    server().setHandler(adminContentHandler);
    await user.click(within(card('Secciones')).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card('Secciones')).findByText('5')).toBeInTheDocument();
  });
});
