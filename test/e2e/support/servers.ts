/**
 * Starts every server of the browser tests at once, as playwright.config.ts's
 * one webServer, and answers on E2E_READY_PORT when all of them answer.
 *
 * Playwright starts the servers of a webServer list one after the other; here
 * they start together. The demo content is seeded once, into a template
 * directory (support/seed-demo.ts, what a server does on an empty DATA_DIR),
 * and every demo server starts on a copy of it, while the at-scale server's
 * database is filled (support/seed-at-scale.ts). A server that stops before it
 * answers stops the run.
 *
 * The servers to start come from the config, in E2E_SERVERS (JSON).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { E2eServer } from '../../../playwright.config';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as E2eServer[];
const readyPort = Number(process.env.E2E_READY_PORT);
// Resolved here (not spelled as paths in strings) so that the tools that follow imports see them used.
const scripts = {
  server: require.resolve('../../../src/server/main.ts'),
  demoSeed: require.resolve('./seed-demo.ts'),
  scaleSeed: require.resolve('./seed-at-scale.ts'),
};
const children = new Set<ChildProcess>();

/** Runs node with tsx (and `imports`), this process's environment and `env`; resolves when it ends well. */
function run(name: string, script: string, env: Record<string, string>, imports: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports.flatMap((file) => ['--import', file]), script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const ended = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${name} stopped (${signal ?? `exit code ${code}`})`));
    });
  });
  return ended;
}

const answers = (url: string) =>
  fetch(url).then(
    (reply) => reply.ok,
    () => false,
  );

/** Starts a server and resolves once it answers; rejects if it stops first. */
async function serve(server: E2eServer): Promise<void> {
  const ended = run(server.name, scripts.server, server.env, server.imports);
  let stopped: unknown = null;
  ended.then(
    () => (stopped ??= new Error(`${server.name} stopped`)),
    (error: unknown) => (stopped ??= error),
  );
  const url = `http://127.0.0.1:${server.port}/api/public/publications/?section_slug=noticias`;
  while (!(await answers(url))) {
    if (stopped) throw stopped;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Stopping later is reported too: the tests that need it then fail on their own.
  ended.catch((error: unknown) => console.error(error));
}

async function main(): Promise<void> {
  const demo = servers.filter((server) => server.data === 'demo');
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-demo-'));
  await Promise.all([
    (async () => {
      if (!demo.length) return;
      await run('demo seed', scripts.demoSeed, { ...demo[0].env, DATA_DIR: template });
      await Promise.all(
        demo.map((server) => {
          fs.cpSync(template, server.env.DATA_DIR, { recursive: true });
          return serve(server);
        }),
      );
    })(),
    ...servers
      .filter((server) => server.data === 'scale')
      .map(async (server) => {
        await run(`${server.name} seed`, scripts.scaleSeed, server.env);
        await serve(server);
      }),
  ]);
  fs.rmSync(template, { recursive: true, force: true });
  http.createServer((_request, response) => response.end('ready')).listen(readyPort, '127.0.0.1');
}

// Playwright ends this process's group when the run ends; on any other ending the servers go with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
