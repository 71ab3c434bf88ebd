/**
 * The browser tests' sites: every spec file gets a site of its own, a server on
 * a fresh copy of a seeded database, so that no spec sees what another wrote
 * (docs/decisions/184-browser-specs-on-sites-of-their-own.md).
 *
 * The demo database is seeded once per run by support/global-setup.ts into a
 * template directory; the database seeded at scale (support/seed-at-scale.ts)
 * is made the first time a spec asks for it, by whichever worker asks first.
 * Each worker keeps one demo site started ahead (the standby), so a new spec
 * file seldom waits for a server to start.
 *
 * Every site's server runs with a settable clock (support/settable-clock.mjs):
 * `setClock` and `advanceClock` move the server's time, for a token's expiry or
 * the site's midnight, with no waiting; and keeps idle connections longer than
 * any test (support/long-keep-alive.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN } from '../../../playwright.config';

/** Where support/global-setup.ts left the run's templates (inherited by every worker). */
export const RUN_DIR_VARIABLE = 'E2E_RUN_DIR';
export const DEMO_TEMPLATE = 'demo-template';
const SCALE_TEMPLATE = 'scale-template';

/** What a site holds when it starts: the demo content, or the database seeded at scale. */
export type SiteData = 'demo' | 'scale';

export interface Site {
  /** http://127.0.0.1:port */
  origin: string;
  /** Sets the server's clock to `instant` (ms since the epoch); it runs on from there. */
  setClock(instant: number): void;
  /** Moves the server's clock `ms` forward. */
  advanceClock(ms: number): void;
  /** The server's time now (ms since the epoch). */
  now(): number;
}

export interface RunningSite extends Site {
  stop(): Promise<void>;
}

const scripts = {
  server: require.resolve('../../../src/server/main.ts'),
  scaleSeed: require.resolve('./seed-at-scale.ts'),
  clock: require.resolve('./settable-clock.mjs'),
  keepAlive: require.resolve('./long-keep-alive.mjs'),
};

function runDir(): string {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir)
    throw new Error(`${RUN_DIR_VARIABLE} is not set: the browser tests run through playwright.config.ts, whose global setup sets it`);
  return dir;
}

const children = new Set<ChildProcess>();
// A worker that ends in any other way than its fixtures' teardown takes its servers with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Runs a script with tsx (and `imports`), this process's environment and `env`. */
function node(script: string, env: Record<string, string>, imports: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports.flatMap((file) => ['--import', file]), script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The environment every site's server runs with. */
function siteEnv(dataDir: string, clockFile: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The port the system gives; the server prints it (serve.ts's announcement), and the site reads it there.
    PORT: '0',
    DATA_DIR: dataDir,
    SECRET_KEY: `e2e-secret-${path.basename(dataDir)}`,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Browser tests sign in many times from one address.
    LOGIN_RATE_LIMIT_MAX: '1000',
    E2E_CLOCK_FILE: clockFile,
    // V8's compiled code of the server's modules, kept for the run: every later site starts on it
    // (about a fifth less CPU per start; a run starts some forty sites).
    NODE_COMPILE_CACHE: path.join(runDir(), 'node-compile-cache'),
  };
}

let sequence = 0;

/** Starts a server on a copy of `template`, with `env` added to its environment; resolves once it answers. */
async function startSite(template: string, env: Record<string, string> = {}): Promise<RunningSite> {
  const dataDir = path.join(runDir(), `site-${process.pid}-${++sequence}`);
  fs.cpSync(template, dataDir, { recursive: true });
  const clockFile = path.join(dataDir, 'clock-offset');
  const child = node(scripts.server, { ...siteEnv(dataDir, clockFile), ...env }, [scripts.clock, scripts.keepAlive]);
  const stop = async () => {
    child.kill('SIGKILL');
    await ended(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const announced = /Sitio disponible en http:\/\/[^:]+:(\d+)/.exec(output);
        if (announced) resolve(`http://127.0.0.1:${announced[1]}`);
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`the site's server stopped before it answered (${signal ?? code}):\n${output}`)),
      );
    });
    // Its output is no longer read, but must not fill the pipe.
    child.stdout!.resume();
    const offset = () => Number(fs.existsSync(clockFile) ? fs.readFileSync(clockFile, 'utf8') : 0) || 0;
    return {
      origin,
      setClock: (instant) => fs.writeFileSync(clockFile, String(instant - Date.now())),
      advanceClock: (ms) => fs.writeFileSync(clockFile, String(offset() + ms)),
      now: () => Date.now() + offset(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A demo site of the caller's own, with `env` added (an SMTP server's settings, say): for a spec
 * whose site must start otherwise than the pool's. The caller stops it.
 */
export const startDemoSiteWith = (env: Record<string, string>): Promise<RunningSite> => startSite(path.join(runDir(), DEMO_TEMPLATE), env);

/**
 * The database seeded at scale, made once per run: the first worker to ask
 * seeds it, the others wait for it (a directory is made atomically: the lock).
 */
async function scaleTemplate(): Promise<string> {
  const template = path.join(runDir(), SCALE_TEMPLATE);
  const ready = `${template}.ready`;
  try {
    fs.mkdirSync(`${template}.lock`);
  } catch {
    while (!fs.existsSync(ready)) {
      if (fs.existsSync(`${template}.failed`)) throw new Error('seeding the database at scale failed in another worker');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return template;
  }
  const seed = node(scripts.scaleSeed, { DATA_DIR: template });
  const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  seed.stdout!.resume();
  if (code !== 0) {
    fs.writeFileSync(`${template}.failed`, '');
    throw new Error(`seeding the database at scale failed (exit code ${code})`);
  }
  fs.writeFileSync(ready, '');
  return template;
}

/**
 * A worker's sites: the one of the spec file it runs now (one per data kind),
 * and a demo site started ahead for the next spec file.
 */
export class SitePool {
  private current: { key: string; sites: Map<SiteData, Promise<RunningSite>> } | null = null;
  private standby: Promise<RunningSite> | null = null;

  /** The site of the spec file (and repetition) `key`: a new one when the worker moves to another spec file. */
  async siteFor(key: string, data: SiteData = 'demo'): Promise<Site> {
    if (this.current?.key !== key) {
      const previous = this.current;
      this.current = { key, sites: new Map() };
      if (previous) await Promise.all([...previous.sites.values()].map(async (site) => (await site).stop()));
    }
    const { sites } = this.current;
    if (!sites.has(data)) sites.set(data, data === 'demo' ? this.takeStandby() : scaleTemplate().then(startSite));
    return sites.get(data)!;
  }

  private takeStandby(): Promise<RunningSite> {
    const site = this.standby ?? startSite(path.join(runDir(), DEMO_TEMPLATE));
    // The next spec file's, started while this one runs; a start that fails is reported when it is taken.
    this.standby = startSite(path.join(runDir(), DEMO_TEMPLATE));
    this.standby.catch(() => {});
    return site;
  }

  async close(): Promise<void> {
    const sites = [...(this.current?.sites.values() ?? []), ...(this.standby ? [this.standby] : [])];
    this.current = null;
    this.standby = null;
    await Promise.all(sites.map((site) => site.then((running) => running.stop()).catch(() => {})));
  }
}
