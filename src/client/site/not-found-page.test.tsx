import { screen, within } from '@testing-library/react';
import { getApiHost, setApiHost } from '@/client/api/base-query';
import { renderSite } from './render-site';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';

let server: TestServer;
let previousHost: string;

beforeEach(async () => {
  // The home page, reached from the 404, asks for the latest news.
  server = await startTestServer(() => ({ body: [] }));
  previousHost = getApiHost();
  setApiHost(server.origin);
});

afterEach(async () => {
  setApiHost(previousHost);
  await server.close();
});

test.each(['/giese', '/una/direccion/que/no/existe'])('%s shows the Spanish 404 page with the navigation and a way home', async (path) => {
  const { user, router } = await renderSite(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'GIESE' })).toBeInTheDocument();
  expect(document.title).toContain('Página no encontrada');
  await user.click(screen.getByRole('link', { name: 'Volver al inicio' }));
  expect(router.state.location.pathname).toBe('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeInTheDocument();
});
