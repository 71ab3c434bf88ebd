import { screen, within } from '@testing-library/react';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';

// The home page, reached from the 404, asks the server for the latest news.
const api = withRealApi();

test.each(['/giese', '/una/direccion/que/no/existe'])('%s shows the Spanish 404 page with the navigation and a way home', async (path) => {
  const { user, router } = await renderSite(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'GIESE' })).toBeInTheDocument();
  expect(document.title).toContain('Página no encontrada');
  await user.click(screen.getByRole('link', { name: 'Volver al inicio' }));
  expect(router.state.location.pathname).toBe('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeInTheDocument();
  expect((await api.requests()).every((r) => r.status === 200)).toBe(true);
});
