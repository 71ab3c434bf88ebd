import { combineSlices, configureStore, type DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/client/api/base-api';
import { createReorderQueueMiddleware, reorderQueueSlice } from '@/client/api/reorder-queue';
import { sessionSlice } from '@/client/session/session-slice';
import { createSessionPersistence } from '@/client/session/session-persistence';

/**
 * Slices that lazily loaded code adds with `slice.injectInto(rootReducer)`
 * (the admin's layout editor); each declares itself here through
 * `declare module`, so the public bundle never carries them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, baseApi, reorderQueueSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A new store. The app builds one at start-up; tests build one each, with the
 * state they need (`setupStore({ session: { restored: true, user } })`).
 *
 * `devTools`: how the store talks to the Redux DevTools extension, or false
 * for not at all (the default). main.tsx passes devtools/devtools-options.ts
 * in development, and in production when an administrator switched it on for
 * this browser (devtools/devtools-preference.ts).
 */
export function setupStore(preloadedState?: Partial<RootState>, devTools: DevToolsEnhancerOptions | false = false) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Development-only checks: their "took N ms" warning measures the machine as much as
    // the state (shared CI machines, 1,000-row admin lists), so it speaks only past 200 ms.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 200 }, immutableCheck: { warnAfter: 200 } })
        .prepend(createSessionPersistence(), createReorderQueueMiddleware())
        .concat(baseApi.middleware),
    devTools,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
