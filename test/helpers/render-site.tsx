import { act } from '@testing-library/react';
import { siteRoutes } from '@/client/site/site-routes';
import { renderRoutes } from './render-with-providers';

/**
 * Renders the public site's real routes at `path` with a fresh
 * store. Pages are lazy chunks, so the first render waits (inside act) for
 * the page's code to arrive, as a browser would.
 */
export async function renderSite(path: string) {
  // jsdom lays nothing out and cannot scroll; the layout's scroll-to-top on navigation is a no-op here.
  window.scrollTo = () => {};
  // Nor can it play media: the hero's video accepts play/pause and stays still.
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
  let result!: ReturnType<typeof renderRoutes>;
  await act(async () => {
    result = renderRoutes(siteRoutes, { initialEntries: [path] });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return result;
}
