import { screen, within } from '@testing-library/react';
import type { PublicPublication } from '@/domain/entities';
import { getApiHost, setApiHost } from '@/client/api/base-query';
import { renderSite } from '../../../test/helpers/render-site';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';

let server: TestServer;
let previousHost: string;

beforeEach(async () => {
  server = await startTestServer(() => ({ status: 404, body: { detail: 'No encontrado.' } }));
  previousHost = getApiHost();
  setApiHost(server.origin);
});

afterEach(async () => {
  setApiHost(previousHost);
  await server.close();
});

const publication: PublicPublication = {
  id: 7,
  title: 'Premio al mejor TFM',
  section_title: 'Noticias',
  section_slug: 'noticias',
  status: 'published',
  featured_image: '/media/images/premio.jpg',
  is_featured: true,
  publish_date: '2026-10-05',
  order: 1,
  layout: [
    {
      id: 'r1',
      cells: [
        { id: 'c1', type: 'text', content: '<p>El trabajo <em>premiado</em> estudia el acoso escolar.</p>', columnSpan: 2 },
        { id: 'c2', type: 'video', content: 'https://youtu.be/abc123', columnSpan: 2 },
      ],
    },
  ],
};

test('shows breadcrumb, banner, date, title and layout', async () => {
  server.setHandler((request) => (request.url === '/api/public/publication/7/' ? { body: publication } : { status: 404, body: {} }));
  await renderSite('/noticias/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Premio al mejor TFM' })).toBeInTheDocument();
  const crumbs = screen.getByRole('navigation', { name: 'Ruta de navegación' });
  expect(within(crumbs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
  expect(within(crumbs).getByRole('link', { name: 'Noticias' })).toHaveAttribute('href', '/noticias');
  expect(crumbs.querySelector('[aria-current="page"]')).toHaveTextContent('Premio al mejor TFM');
  expect(screen.getByText('5 de octubre de 2026')).toBeInTheDocument();
  expect(screen.getByText('premiado').tagName).toBe('EM');
  expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc123');
  expect(document.querySelector('.detail__banner img')).toHaveAttribute('src', '/media/images/premio.jpg');
  expect(document.title).toContain('Premio al mejor TFM');
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'El trabajo premiado estudia el acoso escolar.');
});

test("a missing (or draft) publication: 'No se encontró la publicación'", async () => {
  await renderSite('/noticias/999');
  expect(await screen.findByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Ver todas las publicaciones de Noticias/ })).toHaveAttribute('href', '/noticias');
});

test('an id that is not a number is not found, without asking the server', async () => {
  await renderSite('/revista/abc');
  expect(await screen.findByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeInTheDocument();
  expect(server.requestsTo('/api/public/publication/')).toHaveLength(0);
});

test("another failure shows the server's message when it sent one", async () => {
  server.setHandler(() => ({ status: 503, body: { detail: 'Servicio en mantenimiento' } }));
  await renderSite('/noticias/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Servicio en mantenimiento' })).toBeInTheDocument();
});

test("another failure without a message: 'Error al cargar la publicación'", async () => {
  server.setHandler(() => ({ status: 500, body: {} }));
  await renderSite('/noticias/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Error al cargar la publicación' })).toBeInTheDocument();
});

test("a publication reached under another section's address moves to its own", async () => {
  server.setHandler(() => ({ body: publication }));
  const { router } = await renderSite('/revista/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Premio al mejor TFM' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/noticias/7');
});
