import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { setupStore, type AppStore } from './store';
import { devToolsWanted } from './devtools/devtools-preference';

/**
 * Starts one of the two applications of the site (the public one, main.tsx;
 * the admin panel, admin-main.tsx): a store, then `app(store)` rendered into
 * #root under the store's Provider. `prepare` runs first, and the first render
 * waits for it (failed or not): what the page needs before it can be drawn whole.
 * With `hydrate`, a #root the server has drawn is taken over (hydrateRoot): the
 * first render must then be the server's, and React keeps its DOM.
 *
 * Redux DevTools' options and sanitizers are a chunk of their own, fetched
 * only when this browser wants them (devtools-preference.ts); everyone else
 * starts at once.
 */
export function boot(
  app: (store: AppStore) => ReactNode,
  prepare?: (store: AppStore) => Promise<void>,
  { hydrate = false }: { hydrate?: boolean } = {},
): void {
  const start = (devTools: DevToolsEnhancerOptions | false) => {
    const store = setupStore(undefined, devTools);
    const render = () => {
      const container = document.getElementById('root')!;
      const element = (
        <StrictMode>
          <Provider store={store}>{app(store)}</Provider>
        </StrictMode>
      );
      if (hydrate && container.firstElementChild) hydrateRoot(container, element);
      else createRoot(container).render(element);
    };
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
