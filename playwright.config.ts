import { chromium, defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests run in Debian's Chromium against the real server. Every spec
 * file has a site of its own, a server on a fresh copy of the demo database
 * seeded once per run (test/e2e/support/global-setup.ts, support/sites.ts), so
 * specs run alone, in any order, on any worker; tests are spread over the
 * workers one by one (fullyParallel).
 */

/**
 * The development server's port (playwright.dev.config.ts), E2E_PORT_BASE + 2
 * (4012 by default), so that a second run (another checkout) can use another.
 * The sites of this config take the ports the system gives them.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE || 4010);
if (!Number.isInteger(E2E_PORT_BASE) || E2E_PORT_BASE < 1024 || E2E_PORT_BASE > 65000) {
  throw new Error(`E2E_PORT_BASE must be a port number between 1024 and 65000, not ${process.env.E2E_PORT_BASE}`);
}
/** Playwright workers (E2E_WORKERS, 2 by default: the suite waits on the browser more than it computes). */
const E2E_WORKERS = Number(process.env.E2E_WORKERS || 2);
if (!Number.isInteger(E2E_WORKERS) || E2E_WORKERS < 1 || E2E_WORKERS > 9) {
  throw new Error(`E2E_WORKERS must be a whole number from 1 to 9, not ${process.env.E2E_WORKERS}`);
}
/**
 * Playwright's trace of a failed test (E2E_TRACE: `retain-on-failure` by default, or `off`). Recording
 * one for every test costs about a fifth of the suite's CPU (the browser's screencast and DOM
 * snapshots); `.ci/run` turns it off, since nobody can open a trace from CI's text log.
 */
const TRACE_MODES = ['retain-on-failure', 'on', 'off'] as const;
const E2E_TRACE = (process.env.E2E_TRACE || 'retain-on-failure') as (typeof TRACE_MODES)[number];
if (!TRACE_MODES.includes(E2E_TRACE)) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not ${process.env.E2E_TRACE}`);
/** The development server's port. */
export const E2E_DEV_PORT = E2E_PORT_BASE + 2;
export const E2E_ADMIN = { username: 'admin', password: 'clave-de-pruebas-e2e' };

/**
 * A run that shows the browser (`--headed`, `--debug`, `--ui`, PWDEBUG) needs the
 * whole browser. Said through the environment, since the workers read this file
 * again without the command line's flags.
 */
const HEADED =
  process.env.E2E_HEADED === '1' || ['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag)) || !!process.env.PWDEBUG;
if (HEADED) process.env.E2E_HEADED = '1';

/**
 * The browser: CHROMIUM_PATH, else the first of chromium-headless-shell (for a
 * run that shows no browser), chromium, chromium-browser and google-chrome on
 * the PATH, else the Chromium Playwright installed. With none, the run stops at
 * once with one line saying how to get one. The headless shell is Chromium's
 * engine without the desktop browser around it (Debian's chromium-headless-shell,
 * the same release as its chromium; what Playwright itself runs headless): the
 * suite's pages cost it about 40 % of the CPU the whole browser spends on them
 * (docs/decisions/188-browser-tests-in-the-headless-shell.md).
 */
function findChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of [...(HEADED ? [] : ['chromium-headless-shell']), 'chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // Not on the PATH: the next name.
    }
  }
  const installed = chromium.executablePath();
  if (fs.existsSync(installed)) return installed;
  console.error(
    "No Chromium for the browser tests: install your distribution's package (Debian: apt-get install chromium-headless-shell chromium) or Playwright's (npx playwright install chromium), or set CHROMIUM_PATH.",
  );
  process.exit(1);
}

export default defineConfig({
  testDir: 'test/e2e',
  // The development server's own tests: playwright.dev.config.ts.
  testIgnore: 'development/**',
  // Playwright empties its output directory when it starts: a run on other ports keeps its own, outside the tree.
  outputDir: E2E_PORT_BASE === 4010 ? 'test-results' : path.join(os.tmpdir(), `e2e-results-${E2E_PORT_BASE}`),
  // Each test stands alone (it makes what it needs), so tests are spread over the workers one by one.
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: process.env.CI
    ? [
        ['list'],
        [
          'html',
          {
            open: 'never',
            outputFolder: E2E_PORT_BASE === 4010 ? 'playwright-report' : path.join(os.tmpdir(), `e2e-report-${E2E_PORT_BASE}`),
          },
        ],
      ]
    : 'list',
  // Guards against a hang, not measures: in CI two workers' browsers and servers share two cores
  // with the Jest lane, and a test that takes 20 s alone can take three times that there (the
  // long ones, with several axe runs and full-page screenshots, passed 60 s).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'es-ES',
    screenshot: 'only-on-failure',
    trace: E2E_TRACE,
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  globalSetup: './test/e2e/support/global-setup.ts',
});
