import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { ActivityPage } from './activity-page';

const api = withRealApi();

test("an upload in Actividad reads 'Imagen subida' with its thumbnail and a link to it, not the image's raw address", async () => {
  const form = new FormData();
  form.append('image', new Blob([await api.image('png')], { type: 'image/png' }), 'foto.png');
  const uploaded = await api.request('POST', '/api/upload-image/', { form });
  expect(uploaded.status).toBe(201);
  const url = new URL(uploaded.body.url as string, 'http://sitio').pathname;

  renderRoutes([{ path: '/admin/actividad', element: <ActivityPage /> }], {
    initialEntries: ['/admin/actividad'],
    preloadedState: { session: api.session() },
  });
  const link = await screen.findByRole('link', { name: 'Imagen subida (se abre en otra pestaña)' });
  expect(new URL(link.getAttribute('href')!, 'http://sitio').pathname).toBe(url);
  expect(within(link).getByRole('presentation')).toHaveAttribute('src', link.getAttribute('href'));
  expect(screen.queryByText(/\/media\/images\//)).not.toBeInTheDocument();
});
