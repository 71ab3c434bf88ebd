import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ADMIN_OUTCOME, ensureAdmin } from './auth/ensure-admin';
import { seedDemoContent } from './demo/seed';
import type { ServerConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { createServices } from './services';

/** The address to print: loopback and wildcard hosts read best as localhost. */
function displayAddress(host: string, port: number): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host}:${port}`;
}

/** What happens once per start, before any request: migrate, make the admin, seed an empty database. */
async function prepare(config: ServerConfig): Promise<void> {
  const services = createServices(config);
  try {
    await migrateToLatest(services.db);
    if (config.admin) {
      const outcome = await ensureAdmin(services.db, config.admin.username, config.admin.password);
      console.info(`Administrador "${config.admin.username}" ${ADMIN_OUTCOME[outcome]}.`);
    }
    if (await seedDemoContent(services)) console.info('Base de datos vacía: contenido de demostración creado.');
  } finally {
    await services.db.destroy();
  }
}

function onSignals(stop: (signal: string) => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}

/** One HTTP process: build the app, listen, close cleanly on a signal. Answers the port it listens on. */
async function listen(config: ServerConfig): Promise<number> {
  const { app } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  onSignals(() => {
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
  return (app.server.address() as AddressInfo).port;
}

const announce = (config: ServerConfig, port: number) =>
  console.info(`Sitio disponible en ${displayAddress(config.host, port)}  (API en /api/, panel en /admin)`);

/**
 * A start: prepare the database, then serve. With WEB_CONCURRENCY > 1 the
 * primary prepares and forks that many workers sharing the port (node:cluster);
 * each keeps its own public cache, kept correct by the content version
 * (cache/public-cache.ts), exactly as separate instances would.
 */
export async function serve(config: ServerConfig): Promise<void> {
  if (cluster.isWorker) {
    await listen(config);
    return;
  }
  await prepare(config);
  if (config.workers === 1) {
    announce(config, await listen(config));
    return;
  }
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${code}); starting another.`);
    fork();
  });
  cluster.once('listening', (_worker, address) => announce(config, address.port));
  for (let i = 0; i < config.workers; i++) fork();
  onSignals(() => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  });
}
