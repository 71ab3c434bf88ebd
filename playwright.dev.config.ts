import { defineConfig } from '@playwright/test';
import baseConfig, { E2E_ADMIN, E2E_DEV_PORT } from './playwright.config';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests of the development loop (`npm run test:e2e:dev`): the server
 * as `npm run dev` runs it (the browser app built in memory by webpack, hot
 * reloading, Redux DevTools on), on a fresh demo database. Separate from the
 * production run so that one never waits for the other's build.
 */
export { E2E_DEV_PORT };

const runId = `${Date.now()}-${process.pid}`;

export default defineConfig({
  ...baseConfig,
  testDir: 'test/e2e/development',
  testIgnore: [],
  // One server, whose source files the tests change: its tests run in order, one at a time (a test of another
  // file must not be loading a page while one of them rebuilds the app), and no site is seeded for them.
  fullyParallel: false,
  workers: 1,
  globalSetup: undefined,
  outputDir: `${baseConfig.outputDir}/development`,
  use: { ...baseConfig.use, baseURL: `http://127.0.0.1:${E2E_DEV_PORT}` },
  webServer: {
    command: 'tsx src/server/cli/dev.ts',
    // The first page answers once webpack's first build is ready.
    url: `http://127.0.0.1:${E2E_DEV_PORT}/`,
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_DEV_PORT),
      DATA_DIR: path.join(os.tmpdir(), `e2e-dev-${runId}`),
      SECRET_KEY: `e2e-secret-dev-${runId}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: '1000',
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
