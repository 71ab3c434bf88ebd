/**
 * For the public-site benches: starts the real server (`src/server/main.ts`)
 * in production mode on a free loopback port, with a fresh data directory
 * (so the demo content), serving the built client (dist/client, or
 * CLIENT_DIR). Or uses BENCH_BASE_URL when given (an already running site).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './local-ports';

export const ROOT = path.resolve(__dirname, '..');

export interface SiteServer {
  baseUrl: string;
  /** Its DATA_DIR (SQLite file, media); absent for a server given by BENCH_BASE_URL. */
  dataDir?: string;
  /** The server's process; absent for a server given by BENCH_BASE_URL. */
  child?: ChildProcess;
  stop: () => Promise<void>;
}

export interface SiteServerOptions {
  /** Settings on top of the bench's own (e.g. a limit the bench lifts). */
  env?: Record<string, string>;
  /** Node options before the entry point (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** Benches of the API alone run without a client build (the unbuilt template stands in). */
  needsBuild?: boolean;
}

export async function startSiteServer({ env = {}, nodeArgs = [], needsBuild = true }: SiteServerOptions = {}): Promise<SiteServer> {
  if (process.env.BENCH_BASE_URL) return { baseUrl: process.env.BENCH_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const clientDir = process.env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client');
  const built = fs.existsSync(path.join(clientDir, 'index.html'));
  if (needsBuild && !built) {
    console.error(`No client build in ${clientDir}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(built ? { CLIENT_DIR: clientDir } : {}),
      SECRET_KEY: `bench-${process.pid}`,
      LOG_LEVEL: 'warn',
      // One process on SQLite: what the benches compare is the code, not the machine's cores.
      WEB_CONCURRENCY: '1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/public/publications/?section_slug=noticias`, 120_000);
  return {
    baseUrl,
    dataDir,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address of the first publication of a public section, for benches that need a detail page. */
export async function firstPublicationPath(baseUrl: string, sectionSlug = 'noticias'): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/api/public/publications/?section_slug=${sectionSlug}`)).json()) as
    { id: number }[] | { results: { id: number }[] };
  const list = Array.isArray(answer) ? answer : answer.results;
  if (!list.length) throw new Error(`no public publication in ${sectionSlug}`);
  return `/${sectionSlug}/${list[0].id}`;
}
