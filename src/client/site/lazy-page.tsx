import { lazy, type ComponentType, type ReactNode } from 'react';

/** A page whose code is a chunk of its own, which can be fetched before React draws it. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Fetches the page's code; once it has arrived the page draws at once, with no suspended first render. */
  preload(): Promise<void>;
}

/** What a route's handle names to be fetched ahead (site-routes.tsx): a lazy page, or the home page's lazy parts. */
export interface Preloadable {
  preload(): unknown;
}

/** Whether a value can be preloaded: route handles are untyped in react-router, so the page in one is checked. */
export const isPreloadable = (value: unknown): value is Preloadable =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
  'preload' in value &&
  typeof value.preload === 'function';

/**
 * React.lazy with a preload: a page loaded with the site's first document has
 * its code fetched before the app's first render (site-routes.tsx
 * preloadPageAt), so that render draws the whole page rather than the frame
 * with an empty main area, then the page in a second long task. A visit
 * within the app still suspends as React.lazy does.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    // A preload that failed is tried again when React draws the page.
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // `loaded` is set before React's lazy resolves (its callback runs first), so the
  // lazy element never commits content and the page is never drawn by both.
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  Page.preload = () => start().then(() => undefined);
  return Page;
}
