import { screen } from '@testing-library/react';
import type { PublicPublication } from '@/domain/entities';
import { renderSite } from '../../../test/helpers/render-site';
import { withApiTestServer } from '../../../test/helpers/with-api-test-server';

const server = withApiTestServer();

const publication = (id: number, title: string, section_slug = 'presentacion-del-magister'): PublicPublication => ({
  id,
  title,
  section_title: 'Presentación del Máster',
  section_slug,
  status: 'published',
  featured_image: null,
  is_featured: false,
  publish_date: '2026-02-01',
  order: id,
  layout: [{ id: 'r', cells: [{ id: 'c', type: 'text', content: `<p>Texto de ${title}</p>` }] }],
});

test("shows 'Cargando...', then the section's cards, asking for the section by slug without credentials", async () => {
  server().setHandler(() => ({ delay: 80, body: { count: 2, next: null, previous: null, results: [publication(1, 'Objetivos'), publication(2, 'Plan de estudios')] } }));
  await renderSite('/presentacion-magister');
  expect(await screen.findByText('Cargando...')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Objetivos' })).toHaveAttribute('href', '/presentacion-del-magister/1');
  expect(screen.getByRole('link', { name: 'Plan de estudios' })).toHaveAttribute('href', '/presentacion-del-magister/2');
  expect(screen.getByRole('heading', { level: 1, name: 'Presentación del Máster' })).toBeInTheDocument();
  expect(document.title).toContain('Presentación del Máster');
  const request = server().requestsTo('/api/public/publications/')[0];
  expect(request.url).toBe('/api/public/publications/?section_slug=presentacion-del-magister&page=1&page_size=12');
  expect(request.headers.authorization).toBeUndefined();
});

test('a failed load says which page could not be loaded', async () => {
  server().setHandler(() => ({ status: 500, body: { detail: 'fallo' } }));
  await renderSite('/revista');
  expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar las publicaciones de Revista');
});

test('an empty section says so kindly', async () => {
  server().setHandler(() => ({ body: [] }));
  await renderSite('/congresos');
  expect(await screen.findByText(/Todavía no hay publicaciones en esta sección/)).toBeInTheDocument();
});

test('a long section is paged twelve at a time, the page in the address, with links to the others', async () => {
  const cards = Array.from({ length: 12 }, (_, i) => publication(13 + i, `Noticia ${13 + i}`));
  server().setHandler(() => ({ body: { count: 30, next: null, previous: null, results: cards } }));
  await renderSite('/noticias?pagina=2');
  expect(await screen.findByRole('link', { name: 'Noticia 13' })).toBeInTheDocument();
  expect(server().requestsTo('/api/public/publications/')[0].url).toBe('/api/public/publications/?section_slug=noticias&page=2&page_size=12');
  const pages = screen.getByRole('navigation', { name: 'Páginas de Noticias' });
  expect(pages).toContainElement(screen.getByRole('link', { name: 'Página 3' }));
  expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: '← Anterior' })).toHaveAttribute('href', '/noticias');
  expect(screen.getByRole('link', { name: 'Siguiente →' })).toHaveAttribute('href', '/noticias?pagina=3');
  expect(document.title).toContain('Noticias (página 2)');
});

test.each(['/noticias?pagina=99', '/noticias?pagina=cero'])('%s: a page that does not exist says so and leads to the first', async (address) => {
  server().setHandler(() => ({ status: 404, body: { detail: 'Página no válida.' } }));
  await renderSite(address);
  expect(await screen.findByText('Esta página de Noticias no existe.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ir a la primera página' })).toHaveAttribute('href', '/noticias');
  expect(screen.queryByRole('alert')).toBeNull();
});
