import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { SessionRecord } from '@/domain/entities';
import { setupStore, type AppStore } from '@/client/app/store';
import { selectUser, signedOut } from '@/client/session/session-slice';
import { SESSION_STORAGE_KEY } from '@/client/session/session-storage';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';
import { createBaseQuery, getApiHost, setApiHost } from './base-query';

const session: SessionRecord = { access: 'old-access', refresh: 'old-refresh', username: 'ana' };

let server: TestServer;
/** How many times the data layer ended the session (the admin guard then shows the sign-in screen). */
let sessionEnds: number;

beforeEach(async () => {
  localStorage.clear();
  sessionEnds = 0;
  server = await startTestServer(() => ({ body: {} }));
});

afterEach(async () => {
  await server.close();
});

function storeWith(user: SessionRecord | null): AppStore {
  if (user) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  return setupStore({ session: { restored: true, user } });
}

/** Calls the baseQuery as RTK Query would, against the test server. */
function caller(store: AppStore, options: { timeout?: number } = {}) {
  const baseQuery = createBaseQuery({ baseUrl: server.apiBase, ...options });
  return (args: Parameters<typeof baseQuery>[0]) => {
    const api: BaseQueryApi = {
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
    return baseQuery(args, api, {});
  };
}

/** A server whose admin endpoints accept only `Bearer new-access`, and whose refresh hands it out. */
function serverThatRefreshes({ rotate = true, refreshDelay = 30 } = {}) {
  server.setHandler((request) => {
    if (request.url === '/api/token/refresh/') {
      const { refresh } = JSON.parse(request.body) as { refresh: string };
      if (refresh !== 'old-refresh') return { status: 401, body: { detail: 'El token no es válido o ha expirado.' } };
      return { delay: refreshDelay, body: rotate ? { access: 'new-access', refresh: 'new-refresh' } : { access: 'new-access' } };
    }
    if (request.headers.authorization !== 'Bearer new-access') return { status: 401, body: { detail: 'expired' } };
    return { body: { ok: request.url } };
  });
}

describe('headers', () => {
  test('admin requests carry the bearer token and ask for JSON; JSON bodies say so', async () => {
    const call = caller(storeWith(session));
    const result = await call({ url: '/sections/', method: 'POST', body: { title: 'Noticias' } });
    expect(result.error).toBeUndefined();
    const [request] = server.requests;
    expect(request.url).toBe('/api/sections/');
    expect(request.headers.authorization).toBe('Bearer old-access');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ title: 'Noticias' });
  });

  test('public paths go without credentials even when signed in', async () => {
    const call = caller(storeWith(session));
    await call('/public/publications/?section_slug=noticias');
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  test('token paths go without credentials', async () => {
    const call = caller(storeWith(session));
    await call({ url: '/token/', method: 'POST', body: { username: 'ana', password: 'x' } });
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  test('without a session, admin requests go without a token', async () => {
    const call = caller(storeWith(null));
    await call('/sections/');
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(server.requests[0].headers.accept).toBe('application/json');
  });

  test('the token is read from the store, not from localStorage', async () => {
    const store = storeWith(session);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, access: 'stale' }));
    await caller(store)('/sections/');
    expect(server.requests[0].headers.authorization).toBe('Bearer old-access');
  });

  test('the default base is the configured host plus /api', async () => {
    const previous = getApiHost();
    setApiHost(`${server.origin}/`);
    try {
      const store = storeWith(session);
      const api = { signal: new AbortController().signal, abort: () => {}, dispatch: store.dispatch, getState: store.getState, extra: undefined, endpoint: 'test', type: 'query' as const };
      await createBaseQuery()('/sections/', api, {});
      expect(server.requests[0].url).toBe('/api/sections/');
    } finally {
      setApiHost(previous);
    }
  });
});

test('a request that takes longer than the timeout ends with TIMEOUT_ERROR', async () => {
  server.setHandler(() => ({ hang: true }));
  const result = await caller(storeWith(session), { timeout: 100 })('/sections/');
  expect(result.error?.status).toBe('TIMEOUT_ERROR');
});

describe('401 and the refresh', () => {
  test('many requests failing together cause exactly one refresh, then all succeed', async () => {
    serverThatRefreshes();
    const store = storeWith(session);
    const call = caller(store);
    const results = await Promise.all(['/sections/', '/publications/', '/biographies/', '/sections/1/', '/publications/2/'].map((url) => call(url)));

    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(results[1].data).toEqual({ ok: '/api/publications/' });
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(1);
    expect(JSON.parse(server.requestsTo('/api/token/refresh/')[0].body)).toEqual({ refresh: 'old-refresh' });
    expect(server.requestsTo('/api/token/refresh/')[0].headers.authorization).toBeUndefined();
    expect(sessionEnds).toBe(0);
  });

  test('the new access token and the rotated refresh token replace the stored ones', async () => {
    serverThatRefreshes();
    const store = storeWith(session);
    await caller(store)('/sections/');
    const expected = { access: 'new-access', refresh: 'new-refresh', username: 'ana' };
    expect(selectUser(store.getState())).toEqual(expected);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(expected);
  });

  test('without rotation the refresh token is kept', async () => {
    serverThatRefreshes({ rotate: false });
    const store = storeWith(session);
    await caller(store)('/sections/');
    expect(selectUser(store.getState())).toEqual({ access: 'new-access', refresh: 'old-refresh', username: 'ana' });
  });

  test('a request that starts during a refresh waits and uses the new token', async () => {
    serverThatRefreshes({ refreshDelay: 150 });
    const call = caller(storeWith(session));
    const first = call('/sections/');
    await new Promise((resolve) => setTimeout(resolve, 60)); // the refresh is now running
    const second = await call('/biographies/');
    expect((await first).error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(server.requestsTo('/api/biographies/')).toHaveLength(1);
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(1);
  });

  test('a request is retried once only: a second 401 is returned as it is', async () => {
    server.setHandler((request) =>
      request.url === '/api/token/refresh/' ? { body: { access: 'new-access' } } : { status: 401, body: { detail: 'no' } },
    );
    const store = storeWith(session);
    const result = await caller(store)('/sections/');
    expect(result.error?.status).toBe(401);
    expect(server.requestsTo('/api/sections/')).toHaveLength(2);
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(1);
  });

  test('a failed refresh ends the session, once for many requests', async () => {
    server.setHandler((request) =>
      request.url === '/api/token/refresh/' ? { status: 401, body: { detail: 'invalid' } } : { status: 401, body: { detail: 'expired' } },
    );
    const store = storeWith(session);
    const call = caller(store);
    const results = await Promise.all([call('/sections/'), call('/publications/'), call('/biographies/')]);

    expect(results.map((r) => r.error?.status)).toEqual([401, 401, 401]);
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(1);
    expect(selectUser(store.getState())).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  test('a refresh that cannot reach the server also ends the session', async () => {
    server.setHandler((request) => (request.url === '/api/token/refresh/' ? { status: 500, body: {} } : { status: 401, body: {} }));
    const store = storeWith(session);
    await caller(store)('/sections/');
    expect(selectUser(store.getState())).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  test('without a refresh token there is no refresh: the session ends at once', async () => {
    server.setHandler(() => ({ status: 401, body: { detail: 'expired' } }));
    const store = storeWith({ ...session, refresh: '' });
    await caller(store)('/sections/');
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(selectUser(store.getState())).toBeNull();
    expect(sessionEnds).toBe(1);
  });

  test('without any session a 401 ends it (the sign-in screen follows)', async () => {
    server.setHandler(() => ({ status: 401, body: { detail: 'no credentials' } }));
    await caller(storeWith(null))('/sections/');
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(sessionEnds).toBe(1);
  });

  test('a tab that finds a newer session stored by another tab takes it instead of refreshing', async () => {
    serverThatRefreshes();
    const store = storeWith(session);
    // Another tab refreshed meanwhile: the stored record is newer than this tab's.
    const otherTabs = { access: 'new-access', refresh: 'new-refresh', username: 'ana' };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(otherTabs));
    const result = await caller(store)('/sections/');
    expect(result.error).toBeUndefined();
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(selectUser(store.getState())).toEqual(otherTabs);
  });

  test('a 401 on a public path passes through: no refresh, no redirect', async () => {
    server.setHandler(() => ({ status: 401, body: { detail: 'no' } }));
    const store = storeWith(session);
    const result = await caller(store)('/public/biographies/');
    expect(result.error?.status).toBe(401);
    expect(server.requestsTo('/api/token/refresh/')).toHaveLength(0);
    expect(sessionEnds).toBe(0);
    expect(selectUser(store.getState())).toEqual(session);
  });

  test('a 401 on the sign-in call passes through: wrong credentials are not an expired session', async () => {
    server.setHandler(() => ({ status: 401, body: { detail: 'No active account' } }));
    const result = await caller(storeWith(null))({ url: '/token/', method: 'POST', body: { username: 'a', password: 'b' } });
    expect(result.error).toEqual({ status: 401, data: { detail: 'No active account' } });
    expect(sessionEnds).toBe(0);
  });
});

test('a 403 is logged and returned: no refresh, no redirect, the session stays', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  server.setHandler(() => ({ status: 403, body: { detail: 'forbidden' } }));
  const store = storeWith(session);
  const result = await caller(store)('/sections/');
  expect(result.error?.status).toBe(403);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(String(logged.mock.calls[0][0])).toContain('/sections/');
  expect(server.requestsTo('/api/token/refresh/')).toHaveLength(0);
  expect(sessionEnds).toBe(0);
  expect(selectUser(store.getState())).toEqual(session);
  logged.mockRestore();
});

it('asks the browser to revalidate what it holds rather than reuse a stale public answer', async () => {
  let cacheControl: string | string[] | undefined;
  server.setHandler((request) => {
    cacheControl = request.headers['cache-control'];
    return { body: { results: [] } };
  });
  await caller(storeWith(null))('/public/publications/?section_slug=noticias');
  expect(cacheControl).toBe('max-age=0');
});
