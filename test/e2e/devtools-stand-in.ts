import type { Page } from '@playwright/test';

/** What the stand-in saw: the options configureStore handed it, and each action with the state after it, as DevTools would show them. */
export interface DevToolsRecord {
  name: string | undefined;
  entries: { type: string; action: unknown; state: unknown }[];
}

declare global {
  interface Window {
    __devToolsRecords?: DevToolsRecord[];
  }
}

/** The name the app's store gives itself in DevTools (other stores, such as drag and drop's, connect too). */
const APP_STORE = 'Máster Educación Emocional';

/**
 * Installs, before the app's first script runs, a stand-in for the Redux
 * DevTools extension's hook `window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`.
 * RTK's configureStore calls it with its `devTools` options; like the real
 * extension, the stand-in wraps the reducer, so it sees every action that
 * reaches the store, and keeps what the sanitizers make of each action and
 * of the state after it: exactly what DevTools would display. Like the
 * extension, it keeps one record per store that connects (in development
 * @hello-pangea/dnd's own store connects as well).
 */
export async function installDevToolsStandIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Reducer = (state: unknown, action: { type: string }) => unknown;
    type Options = {
      name?: string;
      actionSanitizer?: (action: unknown, id: number) => unknown;
      stateSanitizer?: (state: unknown, index: number) => unknown;
    };
    type CreateStore = (reducer: Reducer, preloaded?: unknown, enhancer?: unknown) => unknown;
    type Enhancer = (next: CreateStore) => CreateStore;

    const records: DevToolsRecord[] = [];
    window.__devToolsRecords = records;
    (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: Options) => {
      const record: DevToolsRecord = { name: options.name, entries: [] };
      records.push(record);
      return (...enhancers: Enhancer[]) =>
        (createStore: CreateStore): CreateStore => {
          const observed: CreateStore = (reducer, preloaded, enhancer) => {
            let index = 0;
            const watching: Reducer = (state, action) => {
              const next = reducer(state, action);
              index += 1;
              record.entries.push({
                type: action.type,
                action: options.actionSanitizer ? options.actionSanitizer(action, index) : action,
                state: options.stateSanitizer ? options.stateSanitizer(next, index) : next,
              });
              return next;
            };
            return createStore(watching, preloaded, enhancer);
          };
          return enhancers.reduceRight<CreateStore>((inner, enhance) => enhance(inner), observed);
        };
    };
  });
}

/** The app store's record, serialised the way DevTools would send it on; an empty one while it has not connected. */
export const devToolsRecord = (page: Page) =>
  page.evaluate((name) => window.__devToolsRecords?.find((record) => record.name === name) ?? { name: undefined, entries: [] }, APP_STORE);
