import type { Locator, Page, Request, Response, Route } from '@playwright/test';
import { PAGE_DATA_ELEMENT_ID, pageReadAddress, type PageData } from '@/domain/public-pages';

/**
 * How a browser test watches the app take over a public page the server drew
 * (src/client/main.tsx, client/site/server-render.tsx): the page is opened
 * with the app's script held back; while nothing of the app has run, the
 * server's <h1> is kept by reference and a MutationObserver watches #root;
 * then the script is let go. Used by public-take-over.spec.ts against the
 * production build and by development/public-take-over.spec.ts against the
 * development one (whose React also reports attributes that differ).
 */

/** The app's script: main.{hash}.js in the production build, main.js in development. */
const MAIN_SCRIPT = /\/assets\/main(?:\.[0-9a-f]{8})?\.js$/;

/** What the page held before the app's script ran. */
export interface Served {
  response: Response | null;
  /** The text of the server's <main> <h1>. */
  heading: string;
  /** The page's data (#datos-de-la-pagina) as the server wrote it. */
  data: PageData;
  /** The API addresses (/api/…) of the answers the page's data carries: the app must never ask for them. */
  dataAddresses: string[];
}

/** What has happened to the server's DOM since it was marked. */
export interface Kept {
  /** The <main> <h1> on screen is the element the server sent. */
  sameHeading: boolean;
  /** Elements taken out of #root (each the top of what went), and put in. */
  removed: string[];
  added: string[];
  /** 'Cargando...' was drawn at some point. */
  sawLoading: boolean;
}

export interface RecordedRequest {
  /** Path and query. */
  address: string;
  resourceType: string;
  /** What the test was doing when the browser sent it (`watch.phase`). */
  phase: string;
}

/** Every request the page sends, with the phase of the test it was sent in, until `stop`. */
export function watchRequests(page: Page) {
  const watch = {
    phase: 'load',
    requests: [] as RecordedRequest[],
    /** The /api/ requests, of every phase or of those named. */
    api: (...phases: string[]) =>
      watch.requests
        .filter((r) => r.address.startsWith('/api/') && (phases.length === 0 || phases.includes(r.phase)))
        .map((r) => `${r.phase}: ${r.address}`),
    documents: () => watch.requests.filter((r) => r.resourceType === 'document').map((r) => r.address),
    stop: () => page.off('request', listen),
  };
  const listen = (request: Request) => {
    const url = new URL(request.url());
    watch.requests.push({ address: `${url.pathname}${url.search}`, resourceType: request.resourceType(), phase: watch.phase });
  };
  page.on('request', listen);
  return watch;
}

/**
 * The path and query of every fetch the page has made, as the browser itself
 * records them (Resource Timing). Playwright's request events can miss a
 * request now and then (seen with a route holding it in the headless shell:
 * the page fetched the list, the browser timed it, no event came), so what the
 * page asked for is read here too.
 */
export const fetchedAddresses = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch')
      .map((entry) => {
        const url = new URL(entry.name);
        return `${url.pathname}${url.search}`;
      }),
  );

/**
 * Holds the requests whose path and query match `pattern` until the function
 * it resolves with is called, which lets them go and removes the route.
 */
export async function hold(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const matches = (url: URL) => pattern.test(`${url.pathname}${url.search}`);
  const handled: Promise<void>[] = [];
  const handler = (route: Route) => {
    const done = held.then(() => route.continue());
    handled.push(done);
    return done;
  };
  await page.route(matches, handler);
  return async () => {
    release();
    // Every held request goes on before the route goes: one taken away first would be let go on its own.
    await Promise.all(handled);
    await page.unroute(matches, handler);
  };
}

interface Marked {
  heading: Element | null;
  removed: string[];
  added: string[];
  sawLoading: boolean;
}
type MarkedWindow = Window & { servedPage?: Marked };

/**
 * Opens `path` with the app's script held until the server's page has been
 * parsed and marked; resolves with what the server sent once the script has
 * been let go (the app is then taking the page over: see `takenOver`).
 */
export async function openServed(page: Page, path: string): Promise<Served> {
  const release = await hold(page, MAIN_SCRIPT);
  try {
    const response = await page.goto(path, { waitUntil: 'commit' });
    // The script is deferred: the document is parsed whole ('interactive') before it may run.
    await page.waitForFunction(() => document.readyState !== 'loading');
    const marked = await page.evaluate((dataId) => {
      const root = document.getElementById('root')!;
      const dataElement = document.getElementById(dataId);
      const heading = root.querySelector('main h1');
      const describe = (node: Node) =>
        node instanceof Element ? `<${node.localName}${node.className ? ` class="${String(node.className)}"` : ''}>` : node.nodeName;
      const state: Marked = { heading, removed: [], added: [], sawLoading: false };
      new MutationObserver((records) => {
        for (const record of records) {
          record.removedNodes.forEach((node) => {
            if (node.nodeType === Node.ELEMENT_NODE) state.removed.push(describe(node));
          });
          record.addedNodes.forEach((node) => {
            if (node.nodeType === Node.ELEMENT_NODE) state.added.push(describe(node));
          });
          const added = [...Array.from(record.addedNodes), ...(record.type === 'characterData' ? [record.target] : [])];
          if (added.some((node) => node.textContent?.includes('Cargando'))) state.sawLoading = true;
        }
      }).observe(root, { childList: true, subtree: true, characterData: true });
      (window as MarkedWindow).servedPage = state;
      return { heading: heading?.textContent ?? null, data: dataElement?.textContent ?? null };
    }, PAGE_DATA_ELEMENT_ID);
    if (marked.heading === null) throw new Error(`${path}: the server sent no <main> <h1>`);
    // The app reads the page's data and removes its element: still there, the app has not run.
    if (marked.data === null) throw new Error(`${path}: no #${PAGE_DATA_ELEMENT_ID} in the page, or the app ran before it was marked`);
    const data = JSON.parse(marked.data) as PageData;
    return { response, heading: marked.heading, data, dataAddresses: data.reads.map(({ read }) => `/api${pageReadAddress(read)}`) };
  } finally {
    await release();
  }
}

/**
 * Waits until React owns `target`, then until the page has nothing left to do.
 * React keeps its fiber on each element it takes over, the one sign of a
 * take-over a page gives (it looks the same before and after); it marks an
 * element while it takes its part over, and finishes that part in tasks that
 * follow one another with no idle moment between them, so the first idle
 * callback after the mark comes once the part is taken over, with whatever
 * React found wrong in it reported. A part of its own (a lazy part, a
 * Suspense boundary) is waited for through an element of it.
 */
export async function takenOver(target: Locator): Promise<void> {
  const element = target.first();
  await element.waitFor({ state: 'attached' });
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const owned = () => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
        const wait = () => (owned() ? requestIdleCallback(() => resolve()) : requestAnimationFrame(wait));
        wait();
      }),
  );
}

/** What became of the server's DOM since `openServed` marked it. */
export function kept(page: Page): Promise<Kept> {
  return page.evaluate(() => {
    const state = (window as MarkedWindow).servedPage;
    if (!state) throw new Error('the page was not opened with openServed, or a document was loaded since');
    return {
      sameHeading: state.heading !== null && document.querySelector('main h1') === state.heading,
      removed: state.removed,
      added: state.added,
      sawLoading: state.sawLoading,
    };
  });
}

/** Whether the document the test opened is still the one on screen (no document load since). */
export const sameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as MarkedWindow).servedPage !== undefined && performance.getEntriesByType('navigation').length === 1);
