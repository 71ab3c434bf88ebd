import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { ActivityPage } from './activity-page';

const api = withRealApi();

test("an image uploaded for a cell reads in Actividad as the library's new item, a link to its page, never the image's raw address", async () => {
  const form = new FormData();
  form.append('image', new Blob([await api.image('png')], { type: 'image/png' }), 'foto del patio.png');
  const uploaded = await api.request('POST', '/api/upload-image/', { form });
  expect(uploaded.status).toBe(201);
  const items = (await api.request('GET', '/api/media/?search=patio')).body.results as { id: number; url: string }[];
  const item = items.find(
    (one) => new URL(one.url, 'http://sitio').pathname === new URL(uploaded.body.url as string, 'http://sitio').pathname,
  );
  expect(item).toBeDefined();

  renderRoutes([{ path: '/admin/actividad', element: <ActivityPage /> }], {
    initialEntries: ['/admin/actividad'],
    preloadedState: { session: api.session() },
  });
  const link = await screen.findByRole('link', { name: 'foto del patio' });
  expect(link).toHaveAttribute('href', `/admin/medios/${item!.id}`);
  const row = link.closest('[role="row"], tr') as HTMLElement;
  expect(within(row).getByText('Creación')).toBeInTheDocument();
  expect(screen.queryByText(/\/media\/images\//)).not.toBeInTheDocument();
});
