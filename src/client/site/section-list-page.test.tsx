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
  expect(request.url).toBe('/api/public/publications/?section_slug=presentacion-del-magister');
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
