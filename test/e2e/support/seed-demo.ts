/**
 * For the browser tests' servers (support/servers.ts): what a server does once
 * when it starts on an empty DATA_DIR (src/server/serve.ts): migrate, create the
 * administrator, seed the demo content. Run once per test run into a template
 * directory, which each server then starts from a copy of, instead of every
 * server rendering the demo images again.
 *
 *   DATA_DIR=/tmp/e2e-demo ADMIN_USERNAME=… ADMIN_PASSWORD=… tsx test/e2e/support/seed-demo.ts
 */
import { ensureAdmin } from '../../../src/server/auth/ensure-admin';
import { loadConfig } from '../../../src/server/config';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemoContent } from '../../../src/server/demo/seed';
import { createServices } from '../../../src/server/services';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.admin) throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD are required');
  const services = createServices(config);
  try {
    await migrateToLatest(services.db);
    await ensureAdmin(services.db, config.admin.username, config.admin.password);
    if (!(await seedDemoContent(services))) throw new Error(`${config.dataDir} already holds content`);
  } finally {
    await services.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
