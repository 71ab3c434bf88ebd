import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { SitePool, type Site, type SiteData } from './sites';

/**
 * The `test` and `expect` every browser test imports (in place of
 * @playwright/test's; eslint.config.mjs holds the specs to it):
 *
 * - `browserProblems` (automatic): a test fails when a page of its context logs
 *   a console error (CSP violations and failed loads among them) or throws an
 *   uncaught exception. A test that provokes one on purpose names it, narrowly,
 *   with `browserProblems.expectFailedLoad(409, '/api/sections/7/')` or
 *   `browserProblems.expectError(/…/)`; what it names must then happen.
 * - `adminPage`: the test's page, signed in as the administrator through the
 *   API (no sign-in screen), at /admin. Only the tests of signing in and out
 *   type the password (admin-helpers.ts `signInWithForm`).
 * - `signInThroughApi`: the same for any page, any of the test servers, any address.
 * - `site`: the spec file's own site (support/sites.ts): a server on a fresh copy
 *   of the demo database, the baseURL, whose clock the test may move
 *   (`site.advanceClock(ms)`, `site.setClock(instant)`). Tests of one spec file
 *   that run on one worker share it; no other spec file sees it. A test
 *   addresses it through relative URLs or `site.origin`, never a fixed port.
 * - `scaleSite`: the same, on the database seeded at scale (10,000 publications,
 *   5,000 biographies), started only for the tests that ask for it.
 */

/** The session record the app keeps in localStorage (src/client/session/session-storage.ts). */
export interface StoredSession {
  access: string;
  refresh: string;
  username: string;
}
export const SESSION_KEY = 'user';

export interface SignInOptions {
  /** The server's origin, when not the default one (e.g. the short-token server). */
  server?: string;
  /** The address to open once signed in; /admin, whose panel is then waited for, by default. */
  path?: string;
}

interface Expected {
  describe: string;
  matches: (problem: Problem) => boolean;
  seen: boolean;
}

interface Problem {
  text: string;
  /** The failed resource, or the script that logged. */
  url: string;
}

export interface BrowserProblems {
  /** The browser will log a load of `path` (the URL's path, or a pattern of the whole URL) answered with `status`. */
  expectFailedLoad(status: number, path: string | RegExp): void;
  /** A console error or uncaught exception whose text matches `pattern` will happen. */
  expectError(pattern: RegExp): void;
  /** Watches a page or context the test made itself (browser.newContext(), browser.newPage()). */
  watch(target: BrowserContext | Page): void;
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

interface Fixtures {
  site: Site;
  scaleSite: Site;
  browserProblems: BrowserProblems;
  signInThroughApi: (page: Page, options?: SignInOptions) => Promise<StoredSession>;
  adminPage: Page;
}

interface WorkerFixtures {
  sitePool: SitePool;
}

/** A spec file's site is its own in each repetition (--repeat-each) too: a second run starts where the first did. */
const siteKey = (testInfo: TestInfo) => `${testInfo.file}#${testInfo.repeatEachIndex}`;
const siteOf = (pool: SitePool, testInfo: TestInfo, data: SiteData) => pool.siteFor(siteKey(testInfo), data);

export const test = base.extend<Fixtures, WorkerFixtures>({
  sitePool: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const pool = new SitePool();
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],

  site: async ({ sitePool }, use, testInfo) => use(await siteOf(sitePool, testInfo, 'demo')),

  scaleSite: async ({ sitePool }, use, testInfo) => use(await siteOf(sitePool, testInfo, 'scale')),

  // The spec file's site, unless the config names a server (the development server's config).
  baseURL: async ({ baseURL, sitePool }, use, testInfo) => {
    await use(baseURL ?? (await siteOf(sitePool, testInfo, 'demo')).origin);
  },

  browserProblems: [
    async ({ context }, use) => {
      const problems: Problem[] = [];
      const expected: Expected[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url });
      };
      const onError = (error: Error) => problems.push({ text: `Uncaught ${error.name}: ${error.message}`, url: '' });
      const watch = (target: BrowserContext | Page) => {
        target.on('console', onConsole);
        if ('newPage' in target) target.on('weberror', (webError) => onError(webError.error()));
        else target.on('pageerror', onError);
      };
      watch(context);

      await use({
        watch,
        expectFailedLoad(status, path) {
          expected.push({
            describe: `a load of ${String(path)} answered ${status}`,
            // Chromium: "Failed to load resource: the server responded with a status of 409 (Conflict)", at the resource's URL.
            matches: ({ text, url }) =>
              text.startsWith('Failed to load resource') &&
              text.includes(`status of ${status} `) &&
              (typeof path === 'string' ? pathOf(url) === path : path.test(url)),
            seen: false,
          });
        },
        expectError(pattern) {
          expected.push({ describe: String(pattern), matches: ({ text }) => pattern.test(text), seen: false });
        },
      });

      const unexpected = problems.filter((problem) => {
        const match = expected.find((entry) => entry.matches(problem));
        if (match) match.seen = true;
        return !match;
      });
      expect(
        unexpected.map(({ text, url }) => (url ? `${text} (${url})` : text)),
        'console errors and uncaught exceptions in the browser',
      ).toEqual([]);
      expect(
        expected.filter((entry) => !entry.seen).map((entry) => entry.describe),
        'problems the test expected that never happened',
      ).toEqual([]);
    },
    { auto: true },
  ],

  signInThroughApi: async ({ baseURL }, use) => {
    await use(async (page, { server = baseURL ?? '', path = '/admin' } = {}) => {
      const reply = await page.request.post(`${server}/api/token/`, { data: E2E_ADMIN });
      expect(reply.status(), 'sign-in through the API').toBe(200);
      const { access, refresh } = (await reply.json()) as { access: string; refresh: string };
      const session: StoredSession = { access, refresh, username: E2E_ADMIN.username };
      // Any document of the origin gives its localStorage; the app reads the record when it starts.
      await page.goto(`${server}/robots.txt`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
      await page.goto(`${server}${path}`);
      if (path === '/admin') await expect(page.getByRole('banner')).toContainText('Panel de Control');
      return session;
    });
  },

  adminPage: async ({ page, signInThroughApi }, use) => {
    await signInThroughApi(page);
    await use(page);
  },
});

export { expect };
export type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
