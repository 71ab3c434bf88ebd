/**
 * Once per browser-test run, before any worker starts: the run's directory
 * (E2E_RUN_DIR, which every worker inherits) and, in it, the demo database
 * every spec file's site starts from a copy of (support/sites.ts). Removed
 * when the run ends.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../../../playwright.config';
import { DEMO_TEMPLATE, RUN_DIR_VARIABLE } from './sites';

/** What a server does once on an empty DATA_DIR (support/seed-demo.ts), run once here instead of at every site's start. */
async function seedDemo(dataDir: string): Promise<void> {
  const seed = spawn(process.execPath, ['--import', 'tsx', require.resolve('./seed-demo.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SECRET_KEY: 'e2e-secret-demo-template',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    seed.once('error', reject);
    seed.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding the demo database failed (exit code ${code})`);
}

export default async function globalSetup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-run-'));
  process.env[RUN_DIR_VARIABLE] = dir;
  await seedDemo(path.join(dir, DEMO_TEMPLATE));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
