import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { SectionFormPage } from './sections/section-form-page';
import { NoticesProvider } from './kit/notices';
import { CHANGES_SAVED } from './kit/use-versioned-save';

/**
 * A save goes out once, and saving can keep the form open
 * (docs/decisions/145-a-save-goes-out-once.md), on the section form against
 * the real server: what the server stored and what the app sent.
 */

const api = withRealApi();

const routes = [
  { path: '/admin/sections', element: <h1>Lista de secciones</h1> },
  { path: '/admin/sections/new', element: <SectionFormPage /> },
  { path: '/admin/sections/edit/:id', element: <SectionFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: api.session() } });
// The form's presence heartbeats (kit/use-presence.ts) are no saves.
const writes = async () => (await api.requests()).filter((r) => r.method !== 'GET' && !r.url.includes('/presence/'));
const stored = async (id: number) => (await api.request('GET', `/api/sections/${id}/`)).body;
const titleBox = () => screen.findByRole('textbox', { name: /^Título/ });
const pressCtrlS = (target: Element = document.body) => fireEvent.keyDown(target, { key: 's', ctrlKey: true });

test('a double click on Guardar sends one save, with an Idempotency-Key, and nobody is blamed for it', async () => {
  const section = await api.create('sections', { title: api.unique('Doble clic') });
  const { user, router } = open(`/admin/sections/edit/${section.id}`);
  await user.type(await titleBox(), ' editada');
  const save = screen.getByRole('button', { name: 'Guardar cambios' });
  // Two clicks in the same moment: the second comes before React has drawn the button disabled.
  fireEvent.click(save);
  fireEvent.click(save);

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sections'));
  const sent = await writes();
  expect(sent.map((r) => [r.method, r.status])).toEqual([['PATCH', 200]]);
  expect(sent[0].headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  expect(await stored(section.id)).toMatchObject({ title: `${section.title} editada`, version: section.version + 1 });
  expect(screen.queryByText(/Otra persona/)).toBeNull();
});

test('a stale save whose newer version is the same person’s says so: saved in another tab, not by someone else', async () => {
  const section = await api.create('sections', { title: api.unique('Dos pestañas') });
  const { user } = open(`/admin/sections/edit/${section.id}`);
  const title = await titleBox();
  // The same administrator, in another tab.
  expect(
    (await api.request('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Desde la otra pestaña', version: section.version } }))
      .status,
  ).toBe(200);

  await user.type(title, ' aquí');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Usted guardó esta sección en otra pestaña');
  expect(alert).not.toHaveTextContent(/Otra persona/);
  expect(screen.getByRole('button', { name: 'Cargar la versión guardada' })).toBeVisible();
});

test('Guardar y seguir editando and Ctrl+S keep the form open on the saved version; the next save goes from there', async () => {
  const section = await api.create('sections', { title: api.unique('Seguir') });
  const { user, router } = open(`/admin/sections/edit/${section.id}`);
  const title = await titleBox();
  await user.type(title, ' uno');
  await user.click(screen.getByRole('button', { name: 'Guardar y seguir editando' }));

  expect(await screen.findByText(CHANGES_SAVED)).toBeVisible();
  expect(router.state.location.pathname).toBe(`/admin/sections/edit/${section.id}`);
  expect(await stored(section.id)).toMatchObject({ title: `${section.title} uno`, version: section.version + 1 });
  expect(title).toHaveValue(`${section.title} uno`);

  // More typing, then Ctrl+S from the field: saved from the new version, no 409.
  await user.type(title, ' dos');
  pressCtrlS(title);
  await waitFor(async () =>
    expect(await stored(section.id)).toMatchObject({ title: `${section.title} uno dos`, version: section.version + 2 }),
  );
  expect(router.state.location.pathname).toBe(`/admin/sections/edit/${section.id}`);
  const sent = await writes();
  expect(sent.map((r) => [r.status, JSON.parse(r.body).version])).toEqual([
    [200, section.version],
    [200, section.version + 1],
  ]);
  // One key per attempt.
  expect(new Set(sent.map((r) => r.headers['idempotency-key'])).size).toBe(2);
  expect(screen.queryByRole('alert')).toBeNull();

  // Nothing is left unsaved: leaving asks nothing.
  await user.click(screen.getByRole('link', { name: 'Cancelar' }));
  expect(router.state.location.pathname).toBe('/admin/sections');
});

test('Ctrl+S pressed twice while a save is in flight saves once, and the browser never opens its own save', async () => {
  const section = await api.create('sections', { title: api.unique('Atajo') });
  const { user } = open(`/admin/sections/edit/${section.id}`);
  const title = await titleBox();
  await user.type(title, ' rápido');
  const first = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
  title.dispatchEvent(first);
  pressCtrlS(title);
  expect(first.defaultPrevented).toBe(true);
  expect(await screen.findByText(CHANGES_SAVED)).toBeVisible();
  expect((await writes()).map((r) => r.status)).toEqual([200]);
  expect(await stored(section.id)).toMatchObject({ title: `${section.title} rápido`, version: section.version + 1 });
});

test('a new section saved with Guardar y seguir editando opens on its edit page', async () => {
  const name = api.unique('Nueva y seguir');
  const { user, router } = open('/admin/sections/new');
  await user.type(await titleBox(), name);
  await user.click(screen.getByRole('button', { name: 'Guardar y seguir editando' }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/sections\/edit\/\d+$/));
  const id = Number(router.state.location.pathname.split('/').pop());
  expect(await stored(id)).toMatchObject({ title: name, version: 1 });
  expect(await titleBox()).toHaveValue(name);
  expect(screen.getByText(CHANGES_SAVED)).toBeVisible();
  expect(messages.saving).toBe('Guardando...');
});
