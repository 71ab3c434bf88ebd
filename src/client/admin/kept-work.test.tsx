import '../../../test/helpers/dialog-polyfill';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { TEST_ADMIN } from '../../../test/helpers/api-server-constants';
import { fakeTimeoutsOnly } from '../../../test/helpers/fake-date';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { signedOut } from '@/client/session/session-slice';
import { AdminGuard } from '@/client/session/admin-guard';
import { LoginPage } from '@/client/session/login-page';
import { NoticesProvider } from './kit/notices';
import { SectionFormPage } from './sections/section-form-page';
import { draftKey, readDraft, writeDraft } from './kit/draft-store';

/**
 * useKeptWork through a real form (the section's): drafts written and offered
 * back, the question before leaving, and a lost session that neither asks
 * nor loses anything.
 */

const api = withRealApi();

const routes = [
  { path: '/admin/login', element: <LoginPage /> },
  {
    element: <AdminGuard />,
    children: [
      { path: '/admin', element: <Link to="/admin/sections">Ir a la lista</Link> },
      { path: '/admin/sections', element: <h1>Lista de secciones</h1> },
      { path: '/admin/sections/new', element: <SectionFormPage /> },
      { path: '/admin/sections/edit/:id', element: <SectionFormPage /> },
    ].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> })),
  },
];

const NEW = draftKey('admin', 'section', undefined);
const open = (path: string) => renderRoutes(routes, { initialEntries: ['/admin', path], preloadedState: { session: api.session() } });
const titleField = () => screen.getByRole('textbox', { name: /^Título/ });

beforeEach(() => localStorage.clear());

test('what is typed is kept as a draft a moment later, and removed when it is undone by hand', async () => {
  const { user } = open('/admin/sections/new');
  await user.type(titleField(), 'Seminarios');
  await waitFor(() => expect(readDraft(NEW)?.values).toEqual({ title: 'Seminarios', is_active: true, list_order: 'date' }));
  expect(Date.parse(readDraft(NEW)!.savedAt)).toBeLessThanOrEqual(Date.now());

  await user.clear(titleField());
  await waitFor(() => expect(readDraft(NEW)).toBeNull());
});

test('a draft left before is offered back; nothing overwrites it until the administrator chooses', async () => {
  writeDraft(NEW, { savedAt: '2026-11-22T09:15:00.000Z', values: { title: 'Jornadas', is_active: false }, lostFiles: [] });
  const { user } = open('/admin/sections/new');
  const offer = screen.getByRole('region', { name: 'Hay un borrador sin guardar' });
  expect(offer).toHaveTextContent('Se guardó en este navegador el 22 de noviembre de 2026');
  expect(titleField()).toHaveValue('');

  // A draft is written on a timer a moment after the last change: the test runs that timer on a
  // clock of its own rather than waiting it out (typing without user-event's pauses meanwhile).
  fakeTimeoutsOnly();
  try {
    await userEvent.setup({ delay: null }).type(titleField(), 'Otra cosa');
    // The write was due (a draft of what was typed)...
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    act(() => jest.runOnlyPendingTimers());
  } finally {
    jest.useRealTimers();
  }
  // ...and it left the draft on offer as it was.
  expect(readDraft(NEW)?.values).toEqual({ title: 'Jornadas', is_active: false });

  await user.click(within(offer).getByRole('button', { name: 'Recuperar borrador' }));
  expect(titleField()).toHaveValue('Jornadas');
  expect(screen.getByRole('checkbox', { name: 'Visible' })).not.toBeChecked();
  expect(screen.queryByRole('region', { name: 'Hay un borrador sin guardar' })).toBeNull();
});

test("'Descartar' forgets the draft", async () => {
  writeDraft(NEW, { savedAt: '2026-11-22T09:15:00.000Z', values: { title: 'Jornadas', is_active: true }, lostFiles: [] });
  const { user } = open('/admin/sections/new');
  await user.click(screen.getByRole('button', { name: 'Descartar' }));
  expect(readDraft(NEW)).toBeNull();
  expect(titleField()).toHaveValue('');
});

test('a draft of a record someone saved since says so', async () => {
  const section = await api.create('sections', { title: api.unique('Noticias') });
  expect((await api.request('PATCH', `/api/sections/${section.id}/`, { json: { title: `${section.title} (revisada)` } })).status).toBe(200);
  writeDraft(draftKey('admin', 'section', section.id), {
    savedAt: '2026-11-22T09:15:00.000Z',
    values: { title: 'Noticias y más', is_active: true },
    lostFiles: [],
    baseVersion: section.version,
  });
  open(`/admin/sections/edit/${section.id}`);
  expect(await screen.findByRole('region', { name: 'Hay un borrador sin guardar' })).toHaveTextContent(
    'Desde entonces se han guardado otros cambios en la sección',
  );
});

test("leaving with unsaved changes asks first; 'Seguir editando' is the default and stays", async () => {
  const { user, router } = open('/admin/sections/new');
  await user.type(titleField(), 'Seminarios');
  await user.click(screen.getByRole('link', { name: 'Cancelar' }));

  const dialog = screen.getByRole('dialog', { name: '¿Salir sin guardar los cambios?' });
  expect(within(dialog).getByRole('button', { name: 'Seguir editando' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
  expect(router.state.location.pathname).toBe('/admin/sections/new');
  expect(titleField()).toHaveValue('Seminarios');

  // The back button too.
  await act(() => router.navigate(-1));
  await user.click(
    within(screen.getByRole('dialog', { name: '¿Salir sin guardar los cambios?' })).getByRole('button', { name: 'Salir sin guardar' }),
  );
  expect(router.state.location.pathname).toBe('/admin');
  // Leaving anyway keeps the draft: written when the form goes away, which the router
  // renders as a transition, after the click's own update on a busy machine.
  await waitFor(() => expect(screen.getByRole('link', { name: 'Ir a la lista' })).toBeVisible());
  expect(readDraft(NEW)?.values).toEqual({ title: 'Seminarios', is_active: true, list_order: 'date' });
});

test('an untouched form leaves without a question, and a saved one leaves no draft', async () => {
  const { user, router } = open('/admin/sections/new');
  await user.click(screen.getByRole('link', { name: 'Cancelar' }));
  expect(router.state.location.pathname).toBe('/admin/sections');

  await act(() => router.navigate('/admin/sections/new'));
  const title = api.unique('Seminarios');
  await user.type(titleField(), title);
  await user.click(screen.getByRole('button', { name: 'Crear sección' }));
  expect(await screen.findByRole('heading', { name: 'Lista de secciones' })).toBeVisible();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(readDraft(NEW)).toBeNull();
  const { results } = (await api.request('GET', '/api/sections/?page_size=100')).body;
  expect(results.map((section: { title: string }) => section.title)).toContain(title);
});

test('a lost session writes the draft at once, asks nothing, and the sign-in screen leads back to the form', async () => {
  const { user, router, store } = open('/admin/sections/new');
  await user.type(titleField(), 'Seminarios');
  act(() => {
    store.dispatch(signedOut());
  });

  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(screen.queryByRole('dialog', { name: '¿Salir sin guardar los cambios?' })).toBeNull();
  expect(readDraft(NEW)?.values).toEqual({ title: 'Seminarios', is_active: true, list_order: 'date' });
  expect(router.state.location.state).toEqual({ from: '/admin/sections/new' });

  await user.type(screen.getByLabelText('Usuario'), TEST_ADMIN.username);
  await user.type(screen.getByLabelText('Contraseña'), TEST_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  // The real password check is slow on purpose.
  expect(await screen.findByRole('region', { name: 'Hay un borrador sin guardar' }, { timeout: 10_000 })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/sections/new');
});
