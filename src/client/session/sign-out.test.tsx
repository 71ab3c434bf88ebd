import '../../../test/helpers/dialog-polyfill';
import { screen } from '@testing-library/react';
import { adminAppRoutes as routes } from '@/client/admin/admin-routes';
import { draftKey, writeDraft } from '@/client/admin/kit/draft-store';
import { SESSION_STORAGE_KEY } from './session-storage';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';

const api = withRealApi();

beforeEach(() => localStorage.clear());

/** A session of its own, signed in on the real server, stored as the app stores it. */
async function signedInHere() {
  const tokens = await api.signIn();
  const user = { ...tokens, username: api.session().user.username };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return { tokens, preloadedState: { session: { restored: true as const, user } } };
}

/** What the server says now of a refresh token kept from before the sign-out. */
const refreshStatus = async (refresh: string) =>
  (await api.request('POST', '/api/token/refresh/', { json: { refresh }, token: null })).status;

test("'Cerrar sesión' ends the session on the server: the refresh token kept from before is refused", async () => {
  const { tokens: kept, preloadedState } = await signedInHere();
  const { user } = renderRoutes(routes, { initialEntries: ['/admin'], preloadedState });

  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect(await refreshStatus(kept.refresh)).toBe(401);
  // One request, from this tab, before the session was forgotten.
  expect((await api.requests()).filter((r) => r.url === '/api/token/blacklist/').map((r) => r.status)).toEqual([200]);
});

test("after the warning about drafts, 'Cerrar sesión y borrar' ends the session on the server too", async () => {
  const { tokens, preloadedState } = await signedInHere();
  writeDraft(draftKey(preloadedState.session.user.username, 'section', undefined), {
    savedAt: new Date().toISOString(),
    values: { title: 'Seminario sin guardar' },
    lostFiles: [],
  });
  const { user } = renderRoutes(routes, { initialEntries: ['/admin'], preloadedState });

  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión y borrar' }));

  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(await refreshStatus(tokens.refresh)).toBe(401);
  expect((await api.requests()).filter((r) => r.url === '/api/token/blacklist/').map((r) => r.status)).toEqual([200]);
});
