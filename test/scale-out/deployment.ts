import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nowIso } from '@/server/clock';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { insertSection } from '@/server/db/sections-repository';
import { freshDatabase, TEST_ADMIN } from '../helpers/api-server';
import { freePort } from '../../bench/local-ports';
import { startS3Emulator, type S3Emulator } from '../helpers/s3-emulator';

/**
 * The site on more than one machine (docs/deploy.md), for the tests of
 * test/scale-out: two server processes on one PostgreSQL and one S3 store,
 * behind Debian's nginx running the repository's own configuration
 * (deploy/nginx/master-emocional.conf). Needs DATABASE_URL (a PostgreSQL the
 * test may create databases next to) and nginx on the PATH: .ci/run provides both.
 */

const ROOT = path.resolve(__dirname, '../..');

export type InstanceName = 'a' | 'b';

export interface Instance {
  name: InstanceName;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Nginx {
  child: ChildProcess;
  url: string;
  /** Its directory, which holds its access.log and error.log. */
  dir: string;
}

export interface Deployment {
  a: Instance;
  b: Instance;
  /** nginx in front of A and B: the address visitors use. */
  nginx: Nginx;
  /** The database both instances use. */
  databaseUrl: string;
  /** The Administrador's access token, signed in through A. */
  token: string;
  /**
   * Another nginx with the site's configuration, its ports pointed at `upstreams` and its logs in a
   * directory of its own (`name`); resolves once it answers, or once it answers 200 to a public read
   * when `ready` is 'serving'. Stopped with the rest.
   */
  startNginx(upstreams: { url: string }[], name: string, ready?: 'serving' | 'answering'): Promise<Nginx>;
  /** Stops every process started (SIGTERM, waiting for each), the S3 store, and drops the database. */
  stop(): Promise<void>;
}

/** Asks `probe` every 100 ms until it answers something (an error counts as not yet); fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface DeploymentOptions {
  /** Settings of each instance, on top of the shared ones. */
  env?: (name: InstanceName) => Record<string, string>;
  /**
   * 'demo' (the default): the instances start on an empty database and one seeds the demo content,
   * as a first deploy does. 'one section': the database is migrated and given a section beforehand,
   * so that they seed nothing; drawing the demo content's images is most of a first start, and a
   * test that reads no page need not wait for it.
   */
  content?: 'demo' | 'one section';
}

/**
 * Starts A and B, nginx in front of them, and signs the Administrador in. A start that fails stops
 * whatever it had started.
 */
export async function startDeployment({ env = () => ({}), content = 'demo' }: DeploymentOptions = {}): Promise<Deployment> {
  if (!process.env.DATABASE_URL) throw new Error('The two-instance tests need DATABASE_URL (a PostgreSQL); .ci/run starts one.');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  // nginx's workers run as 'nobody' when started by root.
  fs.chmodSync(work, 0o755);
  /** Every process started, so that a failed start still stops them all. */
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let s3: S3Emulator | undefined;

  const stop = async () => {
    const exits = children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
    );
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(exits);
    await s3?.close();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  };

  const startInstance = async (name: InstanceName, instanceEnv: Record<string, string>): Promise<Instance> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...instanceEnv, PORT: String(port), DATA_DIR: path.join(work, `data-${name}`) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    // A start on an empty database seeds the demo content, images included, into the bucket.
    await until(`instance ${name}`, async () => ((await fetch(`${url}/api/public/biographies/`)).ok ? true : undefined), 120_000);
    return { name, url, child, exited };
  };

  const startNginx = async (upstreams: { url: string }[], name: string, ready: 'serving' | 'answering' = 'serving'): Promise<Nginx> => {
    const port = await freePort();
    const dir = path.join(work, name);
    let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/master-emocional.conf'), 'utf8');
    const servers = [...site.matchAll(/server 127\.0\.0\.1:(\d+)/g)];
    expect(servers).toHaveLength(upstreams.length);
    servers.forEach((match, i) => (site = site.replace(`127.0.0.1:${match[1]}`, new URL(upstreams[i].url).host)));
    site = site.replace(/listen 80;/, `listen 127.0.0.1:${port};`).replaceAll('/var/log/nginx/', `${dir}/`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
    );
    const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: 'inherit' });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await until(name, async () => {
      const response = await fetch(`${url}/api/public/biographies/`);
      return ready === 'answering' || response.ok ? true : undefined;
    });
    return { child, url, dir };
  };

  try {
    database = await freshDatabase();
    if (content === 'one section') {
      // PostgreSQL: no data directory is used.
      const db = createDatabase({ dataDir: '', databaseUrl: database.databaseUrl });
      try {
        await migrateToLatest(db);
        const now = nowIso();
        await insertSection(db, { title: 'Noticias', slug: 'noticias', is_active: 1, order: 0, created_at: now, updated_at: now });
      } finally {
        await db.destroy();
      }
    }
    s3 = await startS3Emulator();
    const bucket = await s3.newBucket();
    const shared = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.databaseUrl!,
      SECRET_KEY: 'secreto-compartido-de-las-instancias',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...s3.env(bucket),
    };
    // Started together, as a deploy would: one migrates and seeds, the other waits its turn.
    const [a, b] = await Promise.all((['a', 'b'] as const).map((name) => startInstance(name, { ...shared, ...env(name) })));
    const nginx = await startNginx([a, b], 'nginx');
    const signIn = await fetch(`${a.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const token = ((await signIn.json()) as { access: string }).access;
    return { a, b, nginx, databaseUrl: database.databaseUrl!, token, startNginx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
