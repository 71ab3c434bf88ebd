// The design tokens, first: every stylesheet of the app reads them.
import '@/client/ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { setupStore } from '@/client/app/store';
import { AppRoutes } from '@/client/app/router';
import { devToolsWanted } from '@/client/app/devtools/devtools-preference';

function start(devTools: DevToolsEnhancerOptions | false) {
  const store = setupStore(undefined, devTools);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}

// Redux DevTools' options and sanitizers are a chunk of their own, fetched
// only when this browser wants them (devtools-preference.ts); everyone else
// starts at once.
if (devToolsWanted()) {
  import(/* webpackChunkName: "devtools" */ '@/client/app/devtools/devtools-options').then(
    ({ devToolsOptions }) => start(devToolsOptions),
    () => start(false),
  );
} else {
  start(false);
}
