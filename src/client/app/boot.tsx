import { StrictMode, startTransition, type ReactNode } from 'react';
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
    const root = createRoot(document.getElementById('root')!);
    // The first render as a transition: React renders it in slices and lets the
    // browser answer in between, instead of one long task that holds a phone's
    // main thread for the whole page (Lighthouse's Total Blocking Time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>{app(store)}</Provider>
        </StrictMode>,
      ),
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
