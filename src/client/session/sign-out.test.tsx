import '../../../test/helpers/dialog-polyfill';
import { act, screen } from '@testing-library/react';
import { adminAppRoutes as routes } from '@/client/admin/admin-routes';
import { baseApi } from '@/client/api/base-api';
import { draftKey, writeDraft } from '@/client/admin/kit/draft-store';
import { PRESENCE_HEARTBEAT_MS } from '@/domain/presence';
import { SESSION_STORAGE_KEY } from './session-storage';
import { eventually } from '../../../test/helpers/eventually';
import { SERVER_CLOCKS } from '../../../test/helpers/fake-date';
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

/**
 * The revokes the server answered, once the tab's has: the sign-in screen shows as soon as the tab lets go
 * of the session, and the revoke (with the copy it kept) may still be on its way.
 */
const revokesAnswered = async () => {
  let statuses: (number | undefined)[] = [];
  await eventually(async () => {
    statuses = (await api.requests()).filter((r) => r.url === '/api/token/blacklist/').map((r) => r.status);
    expect(statuses).not.toEqual([]);
  });
  return statuses;
};

test("'Cerrar sesión' ends the session on the server: the refresh token kept from before is refused", async () => {
  const { tokens: kept, preloadedState } = await signedInHere();
  const { user } = renderRoutes(routes, { initialEntries: ['/admin'], preloadedState });

  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  // One request, from this tab, with the copy it kept of the session it had already let go of.
  expect(await revokesAnswered()).toEqual([200]);
  expect(await refreshStatus(kept.refresh)).toBe(401);
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
  expect(await revokesAnswered()).toEqual([200]);
  expect(await refreshStatus(tokens.refresh)).toBe(401);
});

test("from 'Cerrar sesión' on, no request leaves with the session but its revoke: an open form's heartbeat stops at once", async () => {
  const publication = await api.create('publications', { title: api.unique('Presencia al salir') });
  const { tokens, preloadedState } = await signedInHere();
  // What the app hands the network: the method, the address, and whether the session's access token goes with it.
  const sent: { method: string; url: string; withSession: boolean }[] = [];
  const realFetch = globalThis.fetch;
  // The revoke is held on its way (a slow network; the real server answers it once let go), so the heartbeat's turn comes meanwhile.
  let letRevokeGo!: () => void;
  const revokeHeld = new Promise<void>((resolve) => (letRevokeGo = resolve));
  const network = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input)).pathname;
    const headers = new Headers(init?.headers ?? request?.headers);
    sent.push({
      method: init?.method ?? request?.method ?? 'GET',
      url,
      withSession: headers.get('Authorization') === `Bearer ${tokens.access}`,
    });
    if (url === '/api/token/blacklist/') await revokeHeld;
    return realFetch(input, init);
  });
  // Only the heartbeat's interval is the test's: requests and the revoke's wait run on real time.
  jest.useFakeTimers({ doNotFake: [...SERVER_CLOCKS] });
  try {
    const { user, store } = renderRoutes(routes, { initialEntries: [`/admin/publications/edit/${publication.id}`], preloadedState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Publicación' })).toBeInTheDocument();
    const address = `/api/publications/${publication.id}/presence/`;
    await eventually(() => expect(sent.filter((request) => request.url === address).map((request) => request.method)).toEqual(['POST']));
    const before = sent.length;

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await eventually(() => expect(sent.slice(before).map((request) => request.url)).toContain('/api/token/blacklist/'));
    // The next heartbeat's time comes while the server has not yet answered the revoke.
    act(() => jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS));
    // A heartbeat set off by that is an RTK Query mutation from then until it is answered: once
    // none is running, any request it made has gone through fetch (the revoke is outside RTK Query).
    await act(() => Promise.all(store.dispatch(baseApi.util.getRunningMutationsThunk())));
    expect(sent.slice(before).filter((request) => request.withSession)).toEqual([]);
    expect(sent.slice(before).map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /api/token/blacklist/']);

    letRevokeGo();
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(await revokesAnswered()).toEqual([200]);
    expect(await refreshStatus(tokens.refresh)).toBe(401);
  } finally {
    letRevokeGo();
    jest.useRealTimers();
    network.mockRestore();
  }
});
