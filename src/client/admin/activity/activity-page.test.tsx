import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityEntry } from '@/domain/schemas/activity';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { ActivityPage } from './activity-page';

const apiServer = withApiTestServer();

const entry = (id: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  at: '2026-11-22T10:00:00.000Z',
  user: 'ana',
  action: 'update',
  target_kind: 'publication',
  target_id: 5,
  target_label: 'Jornada de puertas abiertas',
  ip: null,
  ...overrides,
});

const log = [
  entry(4, { action: 'sign_in_failed', user: null, target_kind: null, target_id: null, target_label: 'intruso', ip: '203.0.113.9' }),
  entry(3, { action: 'delete', target_label: 'Noticia antigua', target_id: 9 }),
  entry(2, {}),
  entry(1, { action: 'sign_in', target_kind: null, target_id: null, target_label: '', ip: '198.51.100.4' }),
];

beforeEach(() => {
  apiServer().setHandler((request) => {
    if (request.url.startsWith('/api/activity/people/')) return { body: ['ana', 'luis'] };
    const query = new URL(request.url, 'http://sitio').searchParams;
    if (query.get('to') === '2026-01-01' && query.get('from') === '2026-02-01') {
      return { status: 400, body: { to: ['La fecha final no puede ser anterior a la inicial.'] } };
    }
    const results = log.filter((e) => (!query.get('user') || e.user === query.get('user')) && (!query.get('kind') || e.action === query.get('kind')));
    return { body: { count: results.length, next: null, previous: null, results } };
  });
});

const open = (address = '/admin/actividad') =>
  renderRoutes([{ path: '/admin/actividad', element: <ActivityPage /> }], { initialEntries: [address], preloadedState: { session: signedInSession() } });
const rows = () => screen.getAllByRole('row').slice(1);

test('shows who did what and when, newest first, with the address of sign-ins and a link to items that still exist', async () => {
  open();
  expect(await screen.findByRole('table', { name: 'Actividad' }, { timeout: 5000 })).toBeVisible();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Persona', 'Acción', 'Elemento', 'IP']);
  const [failed, deleted, edited, signedIn] = rows();
  expect(failed).toHaveTextContent('Desconocida');
  expect(failed).toHaveTextContent('Inicio de sesión fallido');
  expect(failed).toHaveTextContent('203.0.113.9');
  expect(deleted).toHaveTextContent('Envío a la papelera');
  expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
  expect(within(edited).getByRole('link', { name: 'Jornada de puertas abiertas' })).toHaveAttribute('href', '/admin/publications/5');
  expect(edited).toHaveTextContent('Edición');
  expect(signedIn).toHaveTextContent('198.51.100.4');
});

test('filters by person and action through the address, and can clear them', async () => {
  const { user, router } = open();
  await screen.findByRole('table', { name: 'Actividad' }, { timeout: 5000 });
  await user.selectOptions(await screen.findByLabelText('Persona'), 'ana');
  await user.selectOptions(screen.getByLabelText('Acción'), 'Edición');
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(router.state.location.search).toBe('?user=ana&kind=update');
  expect(apiServer().requests.at(-1)?.url).toContain('user=ana&kind=update');
  await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
  await waitFor(() => expect(rows()).toHaveLength(4));
});

test('days in the wrong order are refused next to the field', async () => {
  open('/admin/actividad?from=2026-02-01&to=2026-01-01');
  expect(await screen.findByText('La fecha final no puede ser anterior a la inicial.')).toBeVisible();
  expect(screen.getByLabelText('Hasta')).toHaveAttribute('aria-invalid', 'true');
});

test('an empty result says so, differently when filtered', async () => {
  open('/admin/actividad?user=nadie');
  expect(await screen.findByText('No hay actividad que coincida con los filtros.')).toBeVisible();
});
