import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { setupStore, type AppStore, type RootState } from '@/client/app/store';

export interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  /** State for a fresh store (ignored when `store` is given). */
  preloadedState?: Partial<RootState>;
  /** A store built by the test, to dispatch to or inspect afterwards. */
  store?: AppStore;
}

/**
 * Renders one element with a fresh store (unless one is given) inside a
 * MemoryRouter at `route`. Returns the store and a user-event instance too.
 *
 *   const { store, user } = renderWithProviders(<LoginPage />, { route: '/admin/login' });
 */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = setupStore(preloadedState), route = '/', ...renderOptions }: ProviderOptions & { route?: string } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Provider>
  );
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

/**
 * Renders real route objects in a data router (createMemoryRouter) with a fresh
 * store, starting at `initialEntries`. Use it when navigation matters
 * (redirects, links, the 404 route); `router.state.location` tells where the
 * user ended up.
 *
 *   const { router } = renderRoutes(routes, { initialEntries: ['/admin'] });
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    preloadedState,
    store = setupStore(preloadedState),
    initialEntries = ['/'],
    ...renderOptions
  }: ProviderOptions & { initialEntries?: InitialEntry[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { store, router, user: userEvent.setup(), ...result };
}

/** A signed-in session for preloaded state: `setupStore({ session: signedInSession() })`. */
export const signedInSession = (username = 'admin') => ({
  restored: true,
  user: { access: 'test-access-token', refresh: 'test-refresh-token', username },
});
