import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests run in Debian's Chromium against the real server on a fresh
 * database seeded with the demo content. Each Playwright worker has its own
 * servers and databases (tests count rows, and one worker's writes must not
 * reach another's): the usual server, and one whose access tokens expire after
 * two seconds, for the refresh flow. One server with a settable clock and one
 * seeded at scale serve the one spec each that uses them. test/e2e/support/servers.ts
 * starts them all at once.
 */

/**
 * Every port of the browser tests, offset from one base (E2E_PORT_BASE, 4010 by
 * default), so that a second run (another checkout, CI next to someone's short
 * run) can use other ports: base+0 main, +1 short token, +2 development server
 * (playwright.dev.config.ts), +3 clock, +4 at scale, +5 "all servers ready";
 * worker n > 0 has base+10n (main) and base+10n+1 (short token).
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
/** The ports of worker `parallelIndex`'s own servers (testInfo.parallelIndex); support/fixtures.ts gives tests their addresses. */
export const e2eWorkerPorts = (parallelIndex: number) => {
  const base = parallelIndex === 0 ? E2E_PORT_BASE : E2E_PORT_BASE + 10 * parallelIndex;
  return { main: base, shortToken: base + 1 };
};
/** The first worker's servers; tests read their own worker's from the `servers` fixture (support/fixtures.ts). */
export const E2E_PORT = e2eWorkerPorts(0).main;
export const E2E_SHORT_TOKEN_PORT = e2eWorkerPorts(0).shortToken;
/** The development server's port (playwright.dev.config.ts). */
export const E2E_DEV_PORT = E2E_PORT_BASE + 2;
/** A server whose clock the tests set (test/e2e/support/settable-clock.mjs), for the site's midnight. */
export const E2E_CLOCK_PORT = E2E_PORT_BASE + 3;
// Set once by the runner; its workers (which load this file again) inherit it.
process.env.E2E_CLOCK_FILE ??= path.join(os.tmpdir(), `e2e-clock-${process.pid}`);
export const E2E_CLOCK_FILE = process.env.E2E_CLOCK_FILE;
/** A server whose database holds 10,000 publications and 5,000 biographies (test/e2e/support/seed-at-scale.ts), for reordering at scale. */
export const E2E_SCALE_PORT = E2E_PORT_BASE + 4;
const E2E_READY_PORT = E2E_PORT_BASE + 5;
export const E2E_ADMIN = { username: 'admin', password: 'clave-de-pruebas-e2e' };

/** A server for support/servers.ts to start. */
export interface E2eServer {
  name: string;
  port: number;
  /** Its environment, over the runner's. */
  env: Record<string, string>;
  /** Modules loaded before the server (node --import). */
  imports?: string[];
  /** A copy of the demo database, or the database seeded at scale. */
  data: 'demo' | 'scale';
}

const runId = `${Date.now()}-${process.pid}`;
const server = (
  name: string,
  port: number,
  data: E2eServer['data'],
  extra: Record<string, string> = {},
  imports?: string[],
): E2eServer => ({
  name,
  port,
  data,
  imports,
  env: {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(os.tmpdir(), `e2e-${name}-${runId}`),
    SECRET_KEY: `e2e-secret-${name}-${runId}`,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Browser tests sign in many times from one address.
    LOGIN_RATE_LIMIT_MAX: '1000',
    ...extra,
  },
});
const servers: E2eServer[] = [
  ...Array.from({ length: E2E_WORKERS }, (_, index) => {
    const ports = e2eWorkerPorts(index);
    return [
      server(`main-${index}`, ports.main, 'demo'),
      server(`short-token-${index}`, ports.shortToken, 'demo', { ACCESS_TOKEN_LIFETIME: '2' }),
    ];
  }).flat(),
  server('clock', E2E_CLOCK_PORT, 'demo', { E2E_CLOCK_FILE }, ['./test/e2e/support/settable-clock.mjs']),
  server('scale', E2E_SCALE_PORT, 'scale'),
];

export default defineConfig({
  testDir: 'test/e2e',
  // The development server's own tests: playwright.dev.config.ts.
  testIgnore: 'development/**',
  // Playwright empties its output directory when it starts: a run on other ports keeps its own, outside the tree.
  outputDir: E2E_PORT_BASE === 4010 ? 'test-results' : path.join(os.tmpdir(), `e2e-results-${E2E_PORT_BASE}`),
  // A spec's tests run in order in one worker (some build on the one before); specs are spread over the workers.
  fullyParallel: false,
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
  webServer: {
    command: 'tsx test/e2e/support/servers.ts',
    url: `http://127.0.0.1:${E2E_READY_PORT}/`,
    env: { E2E_SERVERS: JSON.stringify(servers), E2E_READY_PORT: String(E2E_READY_PORT) },
    reuseExistingServer: false,
    // Every server together: on a busy two-core machine the seeding and six starts took close to three minutes.
    timeout: 480_000,
  },
});
