import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { ActivityPage } from './activity-page';

const api = withRealApi();

/** The publication edited in the log (it still exists, so its row links to it). */
let jornada: { id: number; title: string };
beforeAll(async () => {
  // The log of a fresh server starts with the admin's sign-in; then, through the API:
  const section = await api.create('sections', { title: 'Noticias' });
  jornada = await api.create('publications', { title: 'Jornada', section_id: section.id });
  jornada = (await api.request('PATCH', `/api/publications/${jornada.id}/`, { json: { title: 'Jornada de puertas abiertas' } })).body;
  const antigua = await api.create('publications', { title: 'Noticia antigua', section_id: section.id });
  expect((await api.request('DELETE', `/api/publications/${antigua.id}/`)).status).toBe(204);
  expect((await api.request('POST', '/api/token/', { json: { username: 'intruso', password: 'x' }, token: null })).status).toBe(401);
});

const open = (address = '/admin/actividad') =>
  renderRoutes([{ path: '/admin/actividad', element: <ActivityPage /> }], {
    initialEntries: [address],
    preloadedState: { session: api.session() },
  });
const rows = () => screen.getAllByRole('row').slice(1);

test('shows who did what and when, newest first, with the address of sign-ins and a link to items that still exist', async () => {
  open();
  expect(await screen.findByRole('table', { name: 'Actividad' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Persona', 'Acción', 'Elemento', 'IP']);
  const all = rows();
  const [failed] = all;
  expect(failed).toHaveTextContent('Desconocida');
  expect(failed).toHaveTextContent('Inicio de sesión fallido');
  expect(failed).toHaveTextContent('127.0.0.1');
  const deleted = all.find((row) => row.textContent?.includes('Envío a la papelera'))!;
  expect(deleted).toHaveTextContent('Noticia antigua');
  expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
  const edited = all.find((row) => row.textContent?.includes('Edición'))!;
  expect(within(edited).getByRole('link', { name: 'Jornada de puertas abiertas' })).toHaveAttribute(
    'href',
    `/admin/publications/${jornada.id}`,
  );
  expect(edited).toHaveTextContent('admin');
  const signedIn = all.at(-1)!;
  expect(signedIn).toHaveTextContent('Inicio de sesión');
  expect(signedIn).toHaveTextContent('127.0.0.1');
  // Newest first.
  expect(all.indexOf(failed)).toBeLessThan(all.indexOf(deleted));
  expect(all.indexOf(deleted)).toBeLessThan(all.indexOf(edited));
});

test('filters by person and action through the address, and can clear them', async () => {
  const { user, router } = open();
  await screen.findByRole('table', { name: 'Actividad' }, { timeout: 5000 });
  const everything = rows().length;
  // The people come in an answer of their own.
  await user.selectOptions(await screen.findByLabelText('Persona'), await screen.findByRole('option', { name: 'admin' }));
  await user.selectOptions(screen.getByLabelText('Acción'), 'Edición');
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(rows()[0]).toHaveTextContent('Jornada de puertas abiertas');
  expect(router.state.location.search).toBe('?user=admin&kind=update');
  expect((await api.requests()).at(-1)).toMatchObject({ url: expect.stringContaining('user=admin&kind=update'), status: 200 });
  await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
  await waitFor(() => expect(rows()).toHaveLength(everything));
});

test('days in the wrong order are refused by the server, next to the field', async () => {
  open('/admin/actividad?from=2026-02-01&to=2026-01-01');
  expect(await screen.findByText(messages.activityDateOrder)).toBeVisible();
  expect(screen.getByLabelText('Hasta')).toHaveAttribute('aria-invalid', 'true');
  expect((await api.requests()).map((r) => r.status)).toContain(400);
});

test('an empty result says so, differently when filtered', async () => {
  open('/admin/actividad?user=nadie');
  expect(await screen.findByText('No hay actividad que coincida con los filtros.')).toBeVisible();
});
