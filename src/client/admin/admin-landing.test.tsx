import { screen, within } from '@testing-library/react';
import { getApiHost, setApiHost } from '@/client/api/base-query';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';
import { renderWithProviders, signedInSession } from '../../../test/helpers/render-with-providers';
import { adminContentHandler } from '../../../test/helpers/admin-fixtures';
import { AdminLanding } from './admin-landing';

let server: TestServer;
let previousHost: string;

beforeEach(async () => {
  server = await startTestServer(adminContentHandler);
  previousHost = getApiHost();
  setApiHost(server.origin);
});

afterEach(async () => {
  setApiHost(previousHost);
  await server.close();
});

const card = (name: string) => screen.getByRole('article', { name });

test('shows how many sections, publications and biographies there are, with links to each', async () => {
  renderWithProviders(<AdminLanding />, { preloadedState: { session: signedInSession('ana') }, route: '/admin' });
  expect(screen.getByRole('heading', { level: 1, name: 'Resumen' })).toBeInTheDocument();
  expect(screen.getByText(/Hola, ana/)).toBeInTheDocument();
  expect(within(card('Secciones')).getByRole('status')).toHaveTextContent('Cargando...');

  expect(await within(card('Secciones')).findByText('5')).toBeInTheDocument();
  expect(within(card('Secciones')).getByText('4 visibles')).toBeInTheDocument();
  expect(within(card('Secciones')).getByRole('link', { name: 'Gestionar secciones' })).toHaveAttribute('href', '/admin/sections');

  expect(await within(card('Publicaciones')).findByText('3')).toBeInTheDocument();
  expect(within(card('Publicaciones')).getByText('2 publicadas')).toBeInTheDocument();
  expect(within(card('Publicaciones')).getByRole('link', { name: 'Gestionar publicaciones' })).toHaveAttribute('href', '/admin/publications');

  expect(await within(card('Biografías')).findByText('8')).toBeInTheDocument();
  expect(within(card('Biografías')).getByText('7 activas')).toBeInTheDocument();
  expect(within(card('Biografías')).getByRole('link', { name: 'Gestionar biografías' })).toHaveAttribute('href', '/admin/biographies');

  // One small answer with the counts: no list is downloaded to count it.
  expect(server.requests.map((r) => r.url)).toEqual(['/api/summary/']);
  expect(server.requests.every((r) => r.headers.authorization === 'Bearer test-access-token')).toBe(true);
});

test('figures that fail to load say so and can be retried', async () => {
  server.setHandler((request) => (request.url.startsWith('/api/summary/') ? { status: 500, body: {} } : adminContentHandler(request)));
  const { user } = renderWithProviders(<AdminLanding />, { preloadedState: { session: signedInSession() }, route: '/admin' });

  expect(await within(card('Secciones')).findByRole('alert')).toHaveTextContent('No se pudo cargar el total.');
  expect(within(card('Biografías')).getByRole('alert')).toHaveTextContent('No se pudo cargar el total.');

  server.setHandler(adminContentHandler);
  await user.click(within(card('Secciones')).getByRole('button', { name: 'Reintentar' }));
  expect(await within(card('Secciones')).findByText('5')).toBeInTheDocument();
});
