import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { SessionRecord } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { setupStore, type AppStore } from '@/client/app/store';
import { selectUser, signedOut } from '@/client/session/session-slice';
import { SESSION_STORAGE_KEY } from '@/client/session/session-storage';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';
import { createBaseQuery, getApiHost, setApiHost } from './base-query';

const api = withRealApi();
/** The admin's session with the file's server's tokens. */
const session = (): SessionRecord => api.session().user;
/** An access token the server does not accept (expired, or from another server): the refresh must follow. */
const REFUSED_ACCESS = 'eyJhbGciOiJIUzI1NiJ9.e30.caducado';

/** How many times the data layer ended the session (the admin guard then shows the sign-in screen). */
let sessionEnds: number;
/** Where `caller` sends requests: the real server unless a test points it at the fault-injecting one. */
let apiBase: () => string;

beforeEach(() => {
  localStorage.clear();
  sessionEnds = 0;
  apiBase = () => `${api.origin}/api`;
});

function storeWith(user: SessionRecord | null): AppStore {
  if (user) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return setupStore({ session: { restored: true, user } });
}

/** A session whose access token the server refuses, with a refresh token of its own sign-in (the real password check). */
async function sessionDueForRefresh(): Promise<SessionRecord> {
  const pair = await api.signIn();
  return { access: REFUSED_ACCESS, refresh: pair.refresh, username: 'admin' };
}

/** Calls the baseQuery as RTK Query would, against the test server. */
function caller(store: AppStore, options: { timeout?: number } = {}) {
  const baseQuery = createBaseQuery({ baseUrl: apiBase(), ...options });
  return (args: Parameters<typeof baseQuery>[0]) => {
    const queryApi: BaseQueryApi = {
      signal: new AbortController().signal,
      abort: () => {},
      dispatch: ((action: Parameters<AppStore['dispatch']>[0]) => {
        if (signedOut.match(action)) sessionEnds += 1;
        return store.dispatch(action);
      }) as AppStore['dispatch'],
      getState: store.getState,
      extra: undefined,
      endpoint: 'test',
      type: 'query',
    };
    return baseQuery(args, queryApi, {});
  };
}

const requestsTo = async (prefix: string) => (await api.requests()).filter((r) => r.url.startsWith(prefix));

describe('headers', () => {
  test('admin requests carry the bearer token and ask for JSON; JSON bodies say so, and the server takes them', async () => {
    const call = caller(storeWith(session()));
    const title = api.unique('Noticias');
    const result = await call({ url: '/sections/', method: 'POST', body: { title } });
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ title });
    const [request] = await api.requests();
    expect(request).toMatchObject({ url: '/api/sections/', status: 201 });
    expect(request.headers.authorization).toBe(`Bearer ${api.tokens.access}`);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ title });
  });

  test('public paths go without credentials even when signed in', async () => {
    const call = caller(storeWith(session()));
    await call('/public/publications/?section_slug=noticias');
    expect((await api.requests())[0].headers.authorization).toBeUndefined();
  });

  test('token paths go without credentials', async () => {
    const call = caller(storeWith(session()));
    await call({ url: '/token/', method: 'POST', body: { username: 'ana', password: 'x' } });
    expect((await api.requests())[0].headers.authorization).toBeUndefined();
  });

  test('without a session, admin requests go without a token, and the server refuses them', async () => {
    const call = caller(storeWith(null));
    const result = await call('/sections/');
    expect(result.error?.status).toBe(401);
    const [request] = await api.requests();
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers.accept).toBe('application/json');
  });

  test('the token is read from the store, not from localStorage', async () => {
    const store = storeWith(session());
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session(), access: 'stale' }));
    const result = await caller(store)('/sections/');
    expect(result.error).toBeUndefined();
    expect((await api.requests())[0].headers.authorization).toBe(`Bearer ${api.tokens.access}`);
  });

  test('the default base is the configured host plus /api', async () => {
    const previous = getApiHost();
    setApiHost(`${api.origin}/`);
    try {
      const store = storeWith(session());
      const queryApi = {
        signal: new AbortController().signal,
        abort: () => {},
        dispatch: store.dispatch,
        getState: store.getState,
        extra: undefined,
        endpoint: 'test',
        type: 'query' as const,
      };
      const result = await createBaseQuery()('/sections/', queryApi, {});
      expect(result.error).toBeUndefined();
      expect((await api.requests())[0].url).toBe('/api/sections/');
    } finally {
      setApiHost(previous);
    }
  });
});

describe('401 and the refresh, against the real server', () => {
  test('many requests failing together cause exactly one refresh, then all succeed', async () => {
    const stale = await sessionDueForRefresh();
    const store = storeWith(stale);
    const call = caller(store);
    const results = await Promise.all(['/sections/', '/publications/', '/biographies/', '/summary/', '/trash/'].map((url) => call(url)));

    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(results[0].data).toMatchObject({ results: expect.any(Array) });
    const refreshes = await requestsTo('/api/token/refresh/');
    expect(refreshes.map((r) => r.status)).toEqual([200]);
    expect(JSON.parse(refreshes[0].body)).toEqual({ refresh: stale.refresh });
    expect(refreshes[0].headers.authorization).toBeUndefined();
    expect(sessionEnds).toBe(0);
  });

  test('the new access token and the rotated refresh token replace the stored ones, and the server takes them', async () => {
    const stale = await sessionDueForRefresh();
    const store = storeWith(stale);
    await caller(store)('/sections/');
    const renewed = selectUser(store.getState())!;
    expect(renewed).toEqual({ access: expect.any(String), refresh: expect.any(String), username: 'admin' });
    expect(renewed.access).not.toBe(stale.access);
    expect(renewed.refresh).not.toBe(stale.refresh);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(renewed);
    expect((await api.request('GET', '/api/sections/', { token: renewed.access })).status).toBe(200);
    // The old refresh token was rotated: sent again within the rotation's grace (a reload, another tab), it
    // answers the very refresh token stored now, which is the one that renews (decision 213).
    const resent = await api.request('POST', '/api/token/refresh/', { json: { refresh: stale.refresh }, token: null });
    expect({ status: resent.status, refresh: resent.body.refresh }).toEqual({ status: 200, refresh: renewed.refresh });
    expect((await api.request('POST', '/api/token/refresh/', { json: { refresh: renewed.refresh }, token: null })).status).toBe(200);
  });

  test('a session revoked on the server (signed out elsewhere) ends here too, once for many requests', async () => {
    const pair = await api.signIn();
    expect((await api.request('POST', '/api/token/blacklist/', { json: { refresh: pair.refresh }, token: null })).status).toBe(200);
    const store = storeWith({ ...pair, username: 'admin' });
    const call = caller(store);
    const results = await Promise.all([call('/sections/'), call('/publications/'), call('/biographies/')]);

    expect(results.map((r) => r.error?.status)).toEqual([401, 401, 401]);
    expect((await requestsTo('/api/token/refresh/')).map((r) => r.status)).toEqual([401]);
    expect(selectUser(store.getState())).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  test('without a refresh token there is no refresh: the session ends at once', async () => {
    const store = storeWith({ access: REFUSED_ACCESS, refresh: '', username: 'admin' });
    await caller(store)('/sections/');
    expect(await requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(selectUser(store.getState())).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  test('without any session a 401 ends it (the sign-in screen follows)', async () => {
    await caller(storeWith(null))('/sections/');
    expect(await requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(sessionEnds).toBe(1);
  });

  test('a tab that finds a newer session stored by another tab takes it instead of refreshing', async () => {
    const store = storeWith({ access: REFUSED_ACCESS, refresh: 'spent-by-the-other-tab', username: 'admin' });
    // Another tab refreshed meanwhile: the stored record is newer than this tab's.
    const otherTabs = session();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(otherTabs));
    const result = await caller(store)('/sections/');
    expect(result.error).toBeUndefined();
    expect(await requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(selectUser(store.getState())).toEqual(otherTabs);
  });

  test('a 401 on the sign-in call passes through: wrong credentials are not an expired session', async () => {
    const result = await caller(storeWith(null))({ url: '/token/', method: 'POST', body: { username: 'admin', password: 'equivocada' } });
    expect(result.error).toEqual({ status: 401, data: { detail: messages.invalidCredentials } });
    expect(sessionEnds).toBe(0);
  });

  it('asks the browser to revalidate what it holds rather than reuse a stale public answer', async () => {
    await caller(storeWith(null))('/public/publications/?section_slug=noticias');
    expect((await api.requests())[0].headers['cache-control']).toBe('max-age=0');
  });
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();
  const stale: SessionRecord = { access: 'old-access', refresh: 'old-refresh', username: 'ana' };
  beforeEach(() => {
    apiBase = () => server().apiBase;
  });

  /** A server whose admin endpoints accept only `Bearer new-access`, and whose refresh hands it out. */
  function serverThatRefreshes({ rotate = true, refreshDelay = 30 } = {}) {
    server().setHandler((request) => {
      if (request.url === '/api/token/refresh/') {
        const { refresh } = JSON.parse(request.body) as { refresh: string };
        if (refresh !== 'old-refresh') return { status: 401, body: { detail: 'El token no es válido o ha expirado.' } };
        return { delay: refreshDelay, body: rotate ? { access: 'new-access', refresh: 'new-refresh' } : { access: 'new-access' } };
      }
      if (request.headers.authorization !== 'Bearer new-access') return { status: 401, body: { detail: 'expired' } };
      return { body: { ok: request.url } };
    });
  }

  test('a request that takes longer than the timeout ends with TIMEOUT_ERROR', async () => {
    server().setHandler(() => ({ hang: true }));
    const result = await caller(storeWith(stale), { timeout: 100 })('/sections/');
    expect(result.error?.status).toBe('TIMEOUT_ERROR');
  });

  // The real server always rotates.
  test('without rotation the refresh token is kept', async () => {
    serverThatRefreshes({ rotate: false });
    const store = storeWith(stale);
    await caller(store)('/sections/');
    expect(selectUser(store.getState())).toEqual({ access: 'new-access', refresh: 'old-refresh', username: 'ana' });
  });

  // A refresh slow enough to start another request while it runs.
  test('a request that starts during a refresh waits and uses the new token', async () => {
    serverThatRefreshes({ refreshDelay: 150 });
    const call = caller(storeWith(stale));
    const first = call('/sections/');
    // Until the server holds the refresh (it answers 150 ms later): a fixed pause was too short on a busy machine.
    while (server().requestsTo('/api/token/refresh/').length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await call('/biographies/');
    expect((await first).error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(server().requestsTo('/api/biographies/')).toHaveLength(1);
    expect(server().requestsTo('/api/token/refresh/')).toHaveLength(1);
  });

  // A fresh token refused at once.
  test('a request is retried once only: a second 401 is returned as it is', async () => {
    server().setHandler((request) =>
      request.url === '/api/token/refresh/' ? { body: { access: 'new-access' } } : { status: 401, body: { detail: 'no' } },
    );
    const result = await caller(storeWith(stale))('/sections/');
    expect(result.error?.status).toBe(401);
    expect(server().requestsTo('/api/sections/')).toHaveLength(2);
    expect(server().requestsTo('/api/token/refresh/')).toHaveLength(1);
  });

  test('a refresh that cannot reach the server also ends the session', async () => {
    server().setHandler((request) => (request.url === '/api/token/refresh/' ? { status: 500, body: {} } : { status: 401, body: {} }));
    const store = storeWith(stale);
    await caller(store)('/sections/');
    expect(selectUser(store.getState())).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  // The real public API never answers 401.
  test('a 401 on a public path passes through: no refresh, no redirect', async () => {
    server().setHandler(() => ({ status: 401, body: { detail: 'no' } }));
    const store = storeWith(stale);
    const result = await caller(store)('/public/biographies/');
    expect(result.error?.status).toBe(401);
    expect(server().requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(sessionEnds).toBe(0);
    expect(selectUser(store.getState())).toEqual(stale);
  });

  // The test admin is staff: the real server never answers it 403.
  test('a 403 is logged and returned: no refresh, no redirect, the session stays', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    server().setHandler(() => ({ status: 403, body: { detail: 'forbidden' } }));
    const store = storeWith(stale);
    const result = await caller(store)('/sections/');
    expect(result.error?.status).toBe(403);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain('/sections/');
    expect(server().requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(sessionEnds).toBe(0);
    expect(selectUser(store.getState())).toEqual(stale);
    logged.mockRestore();
  });
});
