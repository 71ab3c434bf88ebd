import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/api-server';
import { PROCESS_START_GUARD_MS, PROCESS_TEST_GUARD_MS } from '../helpers/guards';

// Every test here starts real server processes: its timeout is a guard, not a measure (test/helpers/guards.ts);
// the ten starts in a row get more.
jest.setTimeout(PROCESS_TEST_GUARD_MS);

/**
 * The server as `npm start` and the browser tests run it: a real process
 * configured only by its environment, on a fresh data directory.
 */
type Place = { dataDir: string; database: Awaited<ReturnType<typeof freshDatabase>> };

async function freshPlace(): Promise<Place & { remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-process-'));
  const database = await freshDatabase();
  return {
    dataDir,
    database,
    remove: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `place` keeps the data directory and database after the stop, for restarts. */
async function startProcess(env: Record<string, string>, place?: Place) {
  const own = place ? undefined : await freshPlace();
  const { dataDir, database } = place ?? own!;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.databaseUrl ?? '',
      CLIENT_DIR: path.join(dataDir, 'no-client-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${output}`)), PROCESS_START_GUARD_MS);
    child.stdout?.on('data', () => {
      const match = /Sitio disponible en (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const stop = async (): Promise<number | null> => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const code = await exited;
    await own?.remove();
    return code;
  };
  return { url, output: () => output, stop, child: child as ChildProcess };
}

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('the server process', () => {
  it('migrates, creates the admin from the environment, seeds the demo, prints its address and stops cleanly', async () => {
    const server = await startProcess({ ADMIN_USERNAME: 'directora', ADMIN_PASSWORD: 'clave-de-arranque', SECRET_KEY: 'proceso' });
    try {
      const news = await (await fetch(`${server.url}/api/public/publications/?section_slug=noticias`)).json();
      expect(news.count).toBeGreaterThan(0);
      expect(news.results[0].section_slug).toBe('noticias');
      expect((await signIn(server.url, 'directora', 'clave-de-arranque')).status).toBe(200);
      expect(server.output()).toContain('Administrador "directora" creado.');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('runs one worker per WEB_CONCURRENCY and stops them all on SIGTERM', async () => {
    const server = await startProcess({ WEB_CONCURRENCY: '2' });
    try {
      const replies = await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/api/public/biographies/`)));
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      // No ADMIN_USERNAME/ADMIN_PASSWORD: nobody can sign in yet.
      expect((await signIn(server.url, 'admin', 'admin')).status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  // Node 24 aborted non-N-API addons during garbage collection at start-up
  // ("Assertion failed: (env) != nullptr"); better-sqlite3 13 is N-API. Ten starts of the
  // real process on one data directory, each serving and stopping cleanly, where that abort
  // was seen (Node 24 and later); on older Node (CI's Node 22 pass on PostgreSQL), two: a
  // restart on a used directory and database.
  const starts = Number(process.versions.node.split('.')[0]) >= 24 ? 10 : 2;
  it(`starts, serves and stops ${starts} times in a row without an abort`, async () => {
    const place = await freshPlace();
    try {
      for (let start = 1; start <= starts; start++) {
        const server = await startProcess({ SECRET_KEY: 'arranques' }, place);
        try {
          const reply = await fetch(`${server.url}/api/public/publications/?section_slug=noticias`);
          expect(reply.status).toBe(200);
        } finally {
          expect({ start, code: await server.stop(), output: server.output() }).toEqual({
            start,
            code: 0,
            output: expect.not.stringContaining('Assertion failed'),
          });
        }
      }
    } finally {
      await place.remove();
    }
  }, 1_200_000);
});
