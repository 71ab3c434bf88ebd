import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { setupStore, type AppStore } from './store';
import { devToolsWanted } from './devtools/devtools-preference';

/**
 * Starts one of the two applications of the site (the public one, main.tsx;
 * the admin panel, admin-main.tsx): a store, then `app(store)` rendered into
 * #root under the store's Provider.
 *
 * Redux DevTools' options and sanitizers are a chunk of their own, fetched
 * only when this browser wants them (devtools-preference.ts); everyone else
 * starts at once.
 */
export function boot(app: (store: AppStore) => ReactNode): void {
  const start = (devTools: DevToolsEnhancerOptions | false) => {
    const store = setupStore(undefined, devTools);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Provider store={store}>{app(store)}</Provider>
      </StrictMode>,
    );
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
