import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { RefreshResponse } from '@/domain/entities';
import { isRecord } from '@/domain/guards';
import { HTTP_TIMEOUT_MS } from '@/domain/limits';
import { sessionChangedElsewhere, sessionOf, signedOut, tokensRefreshed } from '@/client/session/session-slice';
import { restoreSession } from '@/client/session/session-persistence';
import { readStoredSession } from '@/client/session/session-storage';

const hostFromPage = (): string =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>('meta[name="api-host"]')?.content ?? '').replace(/\/+$/, '');

let apiHost = hostFromPage();

/**
 * The configured API host (requirements §7): empty for the same origin, or the
 * content of <meta name="api-host" content="https://api.example.org"> when the
 * API is served elsewhere. Uploads use it to complete relative image URLs.
 */
export const getApiHost = (): string => apiHost;

/** Points the data layer at another host; component tests use it to reach their test server. */
export function setApiHost(host: string): void {
  apiHost = host.replace(/\/+$/, '');
}

/** The API base: the configured host plus /api (requirements §7). */
export const apiBase = (): string => `${apiHost}/api`;

/** Requests to these paths never carry credentials and never trigger a refresh (requirements §6, §7, §8). */
const isAnonymousPath = (url: string): boolean => url.includes('/public/') || url.includes('/token/');

/** The lock that lets one tab at a time refresh the shared session: two tabs refreshing at once would spend the same refresh token twice. */
const REFRESH_LOCK = 'admin-session-refresh';

/**
 * Runs `task` while holding the browser-wide refresh lock (Web Locks), so that
 * two tabs never spend the same refresh token; where the browser has no Web
 * Locks the tab's own mutex is all there is.
 */
const withTabLock = <T>(task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(REFRESH_LOCK, task) : task();

/**
 * A promise-chain mutex: `acquire` resolves, in call order, once every earlier
 * holder has released; `settled` resolves when nobody holds or waits.
 */
function createMutex() {
  let tail: Promise<void> = Promise.resolve();
  return {
    async acquire(): Promise<() => void> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => held);
      await previous;
      return release;
    },
    settled: (): Promise<void> => tail,
  };
}

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;
const userOf = (api: Pick<BaseQueryApi, 'getState'>) => sessionOf(api.getState()).user;
const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);
/** Credentials and Accept on every request except /public/ and /token/ paths. */
const prepareHeaders = (headers: Headers, { getState, arg }: { getState: () => unknown; arg: string | FetchArgs }) => {
  if (isAnonymousPath(urlOf(arg))) return headers;
  const access = sessionOf(getState()).user?.access;
  if (access) headers.set('Authorization', `Bearer ${access}`);
  headers.set('Accept', 'application/json');
  return headers;
};

const isRefreshResponse = (data: unknown): data is RefreshResponse =>
  isRecord(data) && typeof data.access === 'string' && data.access !== '';

export interface BaseQueryOptions {
  /** Fixed base URL; by default the configured host plus /api, read on every request. */
  baseUrl?: string;
  timeout?: number;
}

/**
 * The one baseQuery of the app (requirements §4, §6, §7, §8):
 * - every request except /public/ and /token/ paths carries
 *   `Authorization: Bearer {access}` (when signed in) and `Accept: application/json`;
 *   JSON bodies get their Content-Type, FormData bodies get the browser's own;
 * - requests time out after 30 s (TIMEOUT_ERROR);
 * - a 401 on a credentialed request refreshes the access token once and retries
 *   once. A mutex makes many requests that fail together share one refresh;
 * - tabs share the session: one tab at a time refreshes (Web Locks), and a tab
 *   that waited takes the token another tab stored meanwhile;
 * - without a refresh token, or when the refresh fails, the session is cleared:
 *   the admin guard then shows the sign-in screen, which returns to this page
 *   once signed in (forms keep their drafts, docs/decisions/110);
 * - a 403 is logged and returned, nothing else;
 * - errors on /public/ and /token/ paths pass through untouched.
 */
export function createBaseQuery({ baseUrl, timeout = HTTP_TIMEOUT_MS }: BaseQueryOptions = {}): AppBaseQuery {
  const queriesByBase = new Map<string, AppBaseQuery>();
  const rawQuery: AppBaseQuery = (args, api, extraOptions) => {
    const base = baseUrl ?? apiBase();
    let query = queriesByBase.get(base);
    if (!query) {
      // 'no-cache': the browser revalidates every answer it holds (a small 304 when
      // unchanged) instead of showing one that stale-while-revalidate, meant for shared
      // caches (docs/decisions/017), would let it reuse for 30 s after an edit.
      query = fetchBaseQuery({ baseUrl: base, timeout, prepareHeaders, cache: 'no-cache' });
      queriesByBase.set(base, query);
    }
    return query(args, api, extraOptions);
  };
  const mutex = createMutex();

  const endSession = (api: BaseQueryApi) => api.dispatch(signedOut());

  const logForbidden = (args: string | FetchArgs, result: Awaited<ReturnType<AppBaseQuery>>) => {
    if (result.error?.status === 403) console.error(`Acceso denegado (403): ${urlOf(args)}`);
  };

  /** Refreshes with the stored refresh token; true when a new access token is stored. */
  const refresh = async (api: BaseQueryApi, extraOptions: object, refreshToken: string): Promise<boolean> => {
    // Not tied to the failed request's signal: a component unmounting must not abort
    // (and so fail) a refresh that other requests are waiting for.
    const detached = { ...api, signal: new AbortController().signal };
    const answer = await rawQuery({ url: '/token/refresh/', method: 'POST', body: { refresh: refreshToken } }, detached, extraOptions);
    if (!isRefreshResponse(answer.data)) return false;
    api.dispatch(tokensRefreshed({ access: answer.data.access, refresh: answer.data.refresh }));
    return true;
  };

  /** Refreshes under the tabs' lock; true when this tab holds a newer access token than `sentAccess`. */
  const refreshAcrossTabs = (api: BaseQueryApi, extraOptions: object, sentAccess: string | null): Promise<boolean> =>
    withTabLock(async () => {
      // Another tab may have refreshed while this one waited: its record is the stored one.
      const stored = readStoredSession();
      if (stored && stored.access !== sentAccess) {
        api.dispatch(sessionChangedElsewhere(stored));
        return true;
      }
      const refreshToken = userOf(api)?.refresh;
      return refreshToken ? refresh(api, extraOptions, refreshToken) : false;
    });

  return async (args, api, extraOptions) => {
    if (isAnonymousPath(urlOf(args))) return rawQuery(args, api, extraOptions);

    if (!sessionOf(api.getState()).restored) api.dispatch(restoreSession());
    // Requests that start while a refresh runs wait for its new token.
    await mutex.settled();
    const sentAccess = userOf(api)?.access ?? null;
    const result = await rawQuery(args, api, extraOptions);
    logForbidden(args, result);
    if (result.error?.status !== 401) return result;

    let retry = false;
    const release = await mutex.acquire();
    try {
      const current = userOf(api);
      if (current && current.access !== sentAccess) {
        retry = true; // another request refreshed while this one was in flight
      } else if (!current && sentAccess !== null) {
        // another request's refresh failed and already ended the session
      } else if (!current?.refresh) {
        endSession(api);
      } else if (await refreshAcrossTabs(api, extraOptions, sentAccess)) {
        retry = true;
      } else {
        endSession(api);
      }
    } finally {
      release();
    }
    if (!retry) return result;

    const retried = await rawQuery(args, api, extraOptions);
    logForbidden(args, retried);
    return retried;
  };
}

export const baseQuery = createBaseQuery();
