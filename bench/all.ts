/**
 * Every bench, one after the other, in one sitting (`npm run bench:all`), so
 * that docs/performance.md can compare figures taken on the same machine, the
 * same Node and the same build. Builds once, installs bench/'s own package for
 * Lighthouse, then runs each bench as its own process. Before each one it
 * samples what else was using the machine (bench/other-work.ts).
 *
 * The build goes beside the logs (not into dist/) and the benches serve it (CLIENT_DIR).
 * Everything a bench prints goes to bench/results/all-<time>/<bench>.log; a
 * summary (Node version, times, the machine's load and the busiest other
 * processes before each bench, exit codes) to summary.json beside them.
 *
 *   npm run bench:all                          (every bench)
 *   BENCH_ONLY=api,scale npm run bench:all     (some of them, in this order)
 *
 * Needs what the benches need: Debian's nginx, wrk and Chromium, and the npm
 * registry once for bench/'s package.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeOtherWork, otherWork, type OtherWork } from './other-work';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Modules the benches share, not benches themselves. */
const helpers = new Set(['all', 'admin-session', 'local-ports', 'other-work', 'render-alone', 'scale-content', 'site-server']);
/** Benches that drive Chromium run last, once the server-only figures are in. */
const browserBenches = ['bundle-size', 'admin-biographies', 'admin-publications', 'layout-editor', 'reorder'];

/** Every bench under bench/, so that a new one is part of the sitting without being listed here. */
function everyBench(): { name: string; command: string[] }[] {
  const names = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((name) => !helpers.has(name) && name !== 'lighthouse');
  const serverOnly = names
    .filter((name) => !browserBenches.includes(name))
    .sort((a, b) => (a === 'api' ? -1 : b === 'api' ? 1 : a.localeCompare(b)));
  const inBrowser = browserBenches.filter((name) => names.includes(name));
  return [
    ...[...serverOnly, ...inBrowser].map((name) => ({ name, command: [tsx, `bench/${name}.ts`] })),
    { name: 'lighthouse', command: [tsx, 'bench/lighthouse.ts'] },
    { name: 'lighthouse-desktop', command: [tsx, 'bench/lighthouse.ts', '--desktop'] },
  ];
}

interface Run {
  name: string;
  startedAt: string;
  seconds: number;
  exitCode: number | null;
  before: OtherWork;
}

function run(command: string[], log: string): { exitCode: number | null; seconds: number } {
  const started = Date.now();
  const out = fs.openSync(log, 'w');
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return { exitCode: result.status, seconds: Math.round((Date.now() - started) / 1000) };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const benches = everyBench();
  const chosen = only ? only.map((name) => benches.find((bench) => bench.name === name) ?? fail(`no bench named ${name}`)) : benches;
  const dir = path.join(root, 'bench/results', `all-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(dir, { recursive: true });
  const summary = { node: process.version, cpus: os.cpus().length, startedAt: new Date().toISOString(), runs: [] as Run[] };
  const client = path.join(dir, 'client');
  const save = () => fs.writeFileSync(path.join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  console.info(`Node ${process.version}, ${os.cpus().length} CPUs; logs in ${path.relative(root, dir)}/`);
  for (const [name, command] of [
    // Built beside the logs, not into dist/, which other work on this machine may be serving or rebuilding.
    ['build', ['npm', 'run', 'build', '--', '--output-path', client]],
    ['bench-install', ['npm', 'ci', '--prefix', 'bench', '--no-audit', '--no-fund']],
  ] as const) {
    if (name === 'bench-install' && !chosen.some((bench) => bench.name.startsWith('lighthouse'))) continue;
    const { exitCode, seconds } = run([...command], path.join(dir, `${name}.log`));
    console.info(`${name}: exit ${exitCode} in ${seconds} s`);
    if (exitCode !== 0) fail(`${name} failed: see ${path.join(dir, `${name}.log`)}`);
  }
  // The benches serve this build (the server reads CLIENT_DIR).
  process.env.CLIENT_DIR = client;

  for (const bench of chosen) {
    const before = await otherWork();
    const startedAt = new Date().toISOString();
    console.info(`${startedAt.slice(11, 19)} ${bench.name} (${describeOtherWork(before)})`);
    const { exitCode, seconds } = run(bench.command, path.join(dir, `${bench.name}.log`));
    summary.runs.push({ name: bench.name, startedAt, seconds, exitCode, before });
    save();
    console.info(`  exit ${exitCode} in ${seconds} s`);
  }
  console.info(`Done at ${new Date().toISOString()}; ${summary.runs.filter((r) => r.exitCode !== 0).length} bench(es) failed.`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

void main();
