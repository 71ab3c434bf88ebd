/**
 * `npm run lint:api`: Spectral's OpenAPI rules (spectral:oas, see .spectral.yaml)
 * on the document a real server serves at /api/schema/, not on a file kept by
 * hand. Spectral lives in this folder's own package (package.json and lock),
 * which the script installs into tools/api-lint/node_modules first when that
 * install is missing or older than the lock, so that the product's install
 * does not carry it (and .ci/run can install it beside the product's).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer } from '../../test/helpers/api-server';

const here = path.dirname(new URL(import.meta.url).pathname);

/** npm writes node_modules/.package-lock.json at every install: newer than the lock means installed from it. */
function ensureInstalled(): void {
  const installed = path.join(here, 'node_modules/.package-lock.json');
  const lockTime = fs.statSync(path.join(here, 'package-lock.json')).mtimeMs;
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= lockTime) return;
  const npm = spawnSync('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (npm.status !== 0) throw new Error(`npm ci --prefix ${here} failed (${npm.status ?? npm.signal})`);
}

async function main(): Promise<number> {
  ensureInstalled();
  const server = await startApiServer();
  const file = path.join(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'api-lint-')), 'openapi.json');
  try {
    const reply = await server.request('GET', '/api/schema/');
    if (reply.status !== 200) throw new Error(`GET /api/schema/ answered ${reply.status}`);
    await fs.promises.writeFile(file, JSON.stringify(reply.body, null, 2));
  } finally {
    await server.close();
  }
  const spectral = path.join(here, 'node_modules/@stoplight/spectral-cli/dist/index.js');
  const run = spawnSync(
    process.execPath,
    [spectral, 'lint', '--ruleset', path.join(here, '.spectral.yaml'), '--fail-severity', 'hint', file],
    { stdio: 'inherit' },
  );
  await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
  return run.status ?? 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
