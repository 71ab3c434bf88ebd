import { screen, within } from '@testing-library/react';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';

/**
 * The search page's groups: the faculty found by name or position ('Cuerpo docente', each a
 * link to their card), then the publications; the faculty alone is no empty result.
 */

const api = withRealApi();

let lucia: number;
beforeAll(async () => {
  const section = await api.create('sections', { title: 'Noticias' });
  await api.create('publications', { title: 'Jornada de convivencia escolar', section_id: section.id });
  lucia = (await api.create('biographies', { name: 'Lucía Ferrer Quintana', position: 'Coordinadora de convivencia' })).id;
  await api.create('biographies', { name: 'Marta Ferrer', position: 'Tutora', is_active: false });
}, 60_000);

test('the faculty found lead the results, each linking to their card; the publications follow under their own heading', async () => {
  await renderSite('/buscar?q=convivencia');
  const faculty = await screen.findByRole('region', { name: 'Cuerpo docente' }, { timeout: 5000 });
  const link = within(faculty).getByRole('link', { name: 'Lucía Ferrer Quintana' });
  expect(link).toHaveAttribute('href', `/cuerpo-docente#docente-${lucia}`);
  expect(within(faculty).getByText('Coordinadora de convivencia')).toBeInTheDocument();
  expect(screen.getByText('2 resultados para «convivencia»')).toBeInTheDocument();
  const publications = screen.getByRole('list', { name: 'Publicaciones' });
  expect(within(publications).getByRole('heading', { level: 3, name: 'Jornada de convivencia escolar' })).toBeInTheDocument();
});

test('a name only the faculty holds: the person, no empty message; an inactive one is not found', async () => {
  await renderSite('/buscar?q=FERRER');
  const faculty = await screen.findByRole('region', { name: 'Cuerpo docente' }, { timeout: 5000 });
  expect(
    within(faculty)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Lucía Ferrer Quintana']);
  expect(screen.getByText('1 resultado para «FERRER»')).toBeInTheDocument();
  expect(screen.queryByText(/No hemos encontrado nada/)).toBeNull();
  expect(screen.queryByRole('list', { name: 'Publicaciones' })).toBeNull();
});
