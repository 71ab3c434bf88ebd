import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests run in Debian's Chromium against the real server on a fresh
 * database seeded with the demo content. Two servers: the usual one, and one
 * whose access tokens expire after two seconds, for the refresh flow.
 */
/**
 * Every port of the browser tests, offset from one base (E2E_PORT_BASE, 4010 by
 * default), so that a second run (another checkout, CI next to someone's short
 * run) can use other ports: base+0 main, +1 short token, +2 development server
 * (playwright.dev.config.ts), +3 clock, +4 at scale.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE || 4010);
if (!Number.isInteger(E2E_PORT_BASE) || E2E_PORT_BASE < 1024 || E2E_PORT_BASE > 65000) {
  throw new Error(`E2E_PORT_BASE must be a port number between 1024 and 65000, not ${process.env.E2E_PORT_BASE}`);
}
export const E2E_PORT = E2E_PORT_BASE;
export const E2E_SHORT_TOKEN_PORT = E2E_PORT_BASE + 1;
/** The development server's port (playwright.dev.config.ts). */
export const E2E_DEV_PORT = E2E_PORT_BASE + 2;
/** A server whose clock the tests set (test/e2e/support/settable-clock.mjs), for the site's midnight. */
export const E2E_CLOCK_PORT = E2E_PORT_BASE + 3;
// Set once by the runner; its workers (which load this file again) inherit it.
process.env.E2E_CLOCK_FILE ??= path.join(os.tmpdir(), `e2e-clock-${process.pid}`);
export const E2E_CLOCK_FILE = process.env.E2E_CLOCK_FILE;
/** A server whose database holds 10,000 publications and 5,000 biographies (test/e2e/support/seed-at-scale.ts), for reordering at scale. */
export const E2E_SCALE_PORT = E2E_PORT_BASE + 4;
export const E2E_ADMIN = { username: 'admin', password: 'clave-de-pruebas-e2e' };

const runId = `${Date.now()}-${process.pid}`;
const serverEnv = (name: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(os.tmpdir(), `e2e-${name}-${runId}`),
  SECRET_KEY: `e2e-secret-${name}-${runId}`,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Browser tests sign in many times from one address.
  LOGIN_RATE_LIMIT_MAX: '1000',
  ...extra,
});

export default defineConfig({
  testDir: 'test/e2e',
  // The development server's own tests: playwright.dev.config.ts.
  testIgnore: 'development/**',
  // Playwright empties its output directory when it starts: a run on other ports keeps its own, outside the tree.
  outputDir: E2E_PORT_BASE === 4010 ? 'test-results' : path.join(os.tmpdir(), `e2e-results-${E2E_PORT_BASE}`),
  fullyParallel: false,
  workers: 1,
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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'es-ES',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: [
    {
      command: 'tsx src/server/main.ts',
      url: `http://127.0.0.1:${E2E_PORT}/api/public/publications/?section_slug=noticias`,
      env: serverEnv('main', { PORT: String(E2E_PORT) }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'tsx src/server/main.ts',
      url: `http://127.0.0.1:${E2E_SHORT_TOKEN_PORT}/api/public/publications/?section_slug=noticias`,
      env: serverEnv('short-token', { PORT: String(E2E_SHORT_TOKEN_PORT), ACCESS_TOKEN_LIFETIME: '2' }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'tsx --import ./test/e2e/support/settable-clock.mjs src/server/main.ts',
      url: `http://127.0.0.1:${E2E_CLOCK_PORT}/api/public/publications/?section_slug=noticias`,
      env: serverEnv('clock', { PORT: String(E2E_CLOCK_PORT), E2E_CLOCK_FILE }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'tsx test/e2e/support/seed-at-scale.ts && tsx src/server/main.ts',
      url: `http://127.0.0.1:${E2E_SCALE_PORT}/api/public/publications/?section_slug=noticias`,
      env: serverEnv('scale', { PORT: String(E2E_SCALE_PORT) }),
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
