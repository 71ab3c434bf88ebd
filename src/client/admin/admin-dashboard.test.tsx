import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { AdminLanding } from './admin-landing';

// A server of its own: the panels show this test's publications only.
const api = withRealApi({ per: 'test' });

const panel = (name: string) => screen.getByRole('region', { name });

test('the landing shows the work waiting, panel by panel, from one request, each with a link to its whole list', async () => {
  const noticias = await api.create('sections', { title: 'Noticias' });
  const oculta = await api.create('sections', { title: 'Sección interna', is_active: false });
  await api.create('publications', { title: 'Mi borrador', section_id: noticias.id, status: 'draft' });
  await api.create('publications', { title: 'Para marzo', section_id: noticias.id, publish_date: '2030-03-05' });
  await api.create('publications', { title: 'Ya publicada', section_id: noticias.id, publish_date: '2026-01-15' });
  await api.create('publications', {
    title: 'Sin texto alternativo',
    section_id: noticias.id,
    publish_date: '2026-01-10',
    layout: [{ id: 'r1', cells: [{ id: 'c1', type: 'image', content: '/media/foto.jpg' }] }],
  });
  await api.create('publications', { title: 'Escondida', section_id: oculta.id, publish_date: '2026-01-15' });

  renderWithProviders(<AdminLanding />, { preloadedState: { session: api.session() }, route: '/admin' });
  expect(await screen.findByRole('region', { name: 'Mis borradores' })).toBeInTheDocument();

  expect(within(panel('Mis borradores')).getByRole('link', { name: 'Mi borrador' })).toBeInTheDocument();
  expect(within(panel('Mis borradores')).getByRole('link', { name: 'Ver todos los borradores' })).toHaveAttribute(
    'href',
    '/admin/publications?status=draft',
  );
  expect(within(panel('Programadas')).getByText('Programado · 5 mar 2030')).toBeInTheDocument();
  expect(within(panel('Programadas')).getByRole('link', { name: 'Ver todas las programadas' })).toHaveAttribute(
    'href',
    '/admin/publications?status=scheduled',
  );
  const published = panel('Publicadas recientemente');
  expect(
    within(published)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link').textContent),
  ).toEqual(['Ya publicada', 'Sin texto alternativo']);
  expect(within(published).getByRole('link', { name: 'Ver todas las publicadas' })).toHaveAttribute(
    'href',
    '/admin/publications?status=published',
  );
  const review = panel('Pendiente de revisar');
  expect(within(review).getByRole('heading', { name: 'Imágenes sin texto alternativo (1)' })).toBeInTheDocument();
  expect(within(review).getByRole('link', { name: 'Sin texto alternativo' })).toBeInTheDocument();
  expect(within(review).getByRole('link', { name: 'Sección interna' })).toHaveAttribute('href', `/admin/publications?section=${oculta.id}`);
  expect(within(review).getByText('1 publicación')).toBeInTheDocument();
  expect(within(panel('Actividad reciente')).getAllByText(/Creación «/).length).toBeGreaterThan(0);
  expect(within(panel('Actividad reciente')).getByRole('link', { name: 'Ver toda la actividad' })).toHaveAttribute(
    'href',
    '/admin/actividad',
  );

  const requests = await api.requests();
  expect(requests.map((request) => request.url)).toEqual(['/api/dashboard/']);
});

test("'Próximos eventos' lists the next events with when they are, and leads to the list of those with one", async () => {
  const congresos = await api.create('sections', { title: 'Congresos' });
  await api.create('publications', {
    title: 'Congreso de primavera',
    section_id: congresos.id,
    event: { start: '2030-03-12T09:30', location: 'Aula Magna' },
  });
  await api.create('publications', {
    title: 'Jornada de otoño',
    section_id: congresos.id,
    status: 'draft',
    event: { start: '2030-10-01', all_day: true },
  });

  renderWithProviders(<AdminLanding />, { preloadedState: { session: api.session() }, route: '/admin' });
  const events = await screen.findByRole('region', { name: 'Próximos eventos' });
  const lines = within(events).getAllByRole('listitem');
  expect(lines.map((line) => within(line).getByRole('link').textContent)).toEqual(['Congreso de primavera', 'Jornada de otoño']);
  expect(within(lines[0]).getByText(/12 mar 2030, 9:30/)).toBeInTheDocument();
  expect(within(lines[1]).getByText(/1 oct 2030/)).toBeInTheDocument();
  expect(within(events).getByRole('link', { name: 'Ver todas las que anuncian un evento' })).toHaveAttribute(
    'href',
    '/admin/publications?evento=1',
  );
});
