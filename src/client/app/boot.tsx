import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { setupStore, type AppStore } from './store';
import { devToolsWanted } from './devtools/devtools-preference';

/**
 * Starts one of the two applications of the site (the public one, main.tsx;
 * the admin panel, admin-main.tsx): a store, then `app(store)` rendered into
 * #root under the store's Provider. `prepare` runs first, and the first render
 * waits for it (failed or not): what the page needs before it can be drawn whole.
 *
 * Redux DevTools' options and sanitizers are a chunk of their own, fetched
 * only when this browser wants them (devtools-preference.ts); everyone else
 * starts at once.
 */
export function boot(app: (store: AppStore) => ReactNode, prepare?: (store: AppStore) => Promise<void>): void {
  const start = (devTools: DevToolsEnhancerOptions | false) => {
    const store = setupStore(undefined, devTools);
    const render = () =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <Provider store={store}>{app(store)}</Provider>
        </StrictMode>,
      );
    if (prepare) void prepare(store).then(render, render);
    else render();
  };
  if (devToolsWanted()) {
    import(/* webpackChunkName: "devtools" */ './devtools/devtools-options').then(
      ({ devToolsOptions }) => start(devToolsOptions),
      () => start(false),
    );
  } else {
    start(false);
  }
}
