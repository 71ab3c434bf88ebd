import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app';
import { ensureAdmin } from './cli/ensure-admin';
import { seedDemoContent } from './cli/seed-demo';
import type { ServerConfig } from './config';
import { migrateToLatest } from './db/migrate';

/** The address to print: loopback and wildcard hosts read best as localhost. */
export function displayAddress(host: string, port: number): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host}:${port}`;
}

/**
 * What a start does, in order: migrate, make the admin of ADMIN_USERNAME /
 * ADMIN_PASSWORD, seed the demo into an empty database, listen, print the
 * address, and close cleanly on SIGINT/SIGTERM.
 */
export async function serve(config: ServerConfig): Promise<App> {
  const built = await buildApp(config);
  const { app, services } = built;
  await migrateToLatest(services.db);
  if (config.admin) {
    const outcome = await ensureAdmin(services.db, config.admin.username, config.admin.password);
    app.log.info(`admin "${config.admin.username}" ${outcome}`);
  }
  if (await seedDemoContent(services)) app.log.info('empty database: demo content created');
  await app.listen({ port: config.port, host: config.host });

  const { port } = app.server.address() as AddressInfo;
  console.info(`Sitio disponible en ${displayAddress(config.host, port)}  (API en /api/, panel en /admin)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return built;
}
