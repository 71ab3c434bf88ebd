/**
 * One /media/ image during a burst of failed sign-ins, without and with the
 * bound on password checks (docs/decisions/120).
 *
 *   npx tsx bench/login-burst.ts    (BENCH_BURST=300 sign-ins, BENCH_RUNS=3 bursts per mode;
 *                                    BENCH_HASH_CONCURRENCY=2, BENCH_HASH_QUEUE=8 for "after";
 *                                    BENCH_ONLY=before|after|floor runs one mode)
 *
 * Starts the real server (`src/server/main.ts`, SQLite, demo content) three times on
 * fresh data directories: once with LOGIN_HASH_CONCURRENCY=unbounded (the
 * behaviour before the bound: every scrypt goes to libuv's 4-thread pool at
 * once, where file reads wait behind them) and once with the defaults (2 checks
 * at once, 8 waiting, the rest 503), and a third time with sign-ins that lack
 * a password (400 before any check: what the burst's HTTP alone costs on this
 * machine, the floor). Both login limits are lifted so that every wrong
 * sign-in reaches the password check. For each mode: the image's latency
 * when idle (median of 20), then, BENCH_RUNS times, a burst of BENCH_BURST
 * simultaneous wrong passwords and, 100 ms into it, one GET of the image,
 * timed; then more GETs, one after another, until the burst is answered.
 * Results also go to bench/results/login-burst-<time>.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startSiteServer } from './site-server';

const BURST = Number(process.env.BENCH_BURST ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIST_PATH = '/api/public/publications/?section_slug=noticias';

interface Mode {
  name: string;
  env: Record<string, string>;
  /** Sign-ins without a password: answered 400 before any check, the cost of the burst's HTTP alone. */
  withoutPassword?: boolean;
}

const AFTER_CONCURRENCY = process.env.BENCH_HASH_CONCURRENCY ?? '2';
const AFTER_QUEUE = process.env.BENCH_HASH_QUEUE ?? '8';
const ALL_MODES: Mode[] = [
  { name: 'before: unbounded', env: { LOGIN_HASH_CONCURRENCY: 'unbounded' } },
  {
    name: `after: ${AFTER_CONCURRENCY} at once, ${AFTER_QUEUE} waiting`,
    env: { LOGIN_HASH_CONCURRENCY: AFTER_CONCURRENCY, LOGIN_HASH_QUEUE: AFTER_QUEUE },
  },
  { name: 'floor: no password (400)', env: {}, withoutPassword: true },
];
const MODES = ALL_MODES.filter((_, i) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === ['before', 'after', 'floor'][i]);

interface ModeResult {
  mode: string;
  idleMs: number;
  /** The one image asked for 100 ms into each burst. */
  duringMs: number[];
  /** Every image fetched while the bursts lasted. */
  allDuringMs: number[];
  burstMs: number[];
  statuses: Record<number, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One wrong sign-in on its own connection, as 300 different browsers would. */
function wrongSignIn(port: number, withoutPassword = false): Promise<number> {
  const body = JSON.stringify({ username: 'admin', password: withoutPassword ? '' : 'no-es-la-clave' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/token/',
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function timeGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function measure(mode: Mode): Promise<ModeResult> {
  const server = await startSiteServer({
    needsBuild: false,
    // Both login limits lifted (per address and username, and per username for unknown browsers), so that every sign-in reaches the password check.
    env: {
      ...mode.env,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'clave-del-bench',
      LOGIN_RATE_LIMIT_MAX: '1000000',
      LOGIN_UNKNOWN_DEVICE_MAX: '1000000',
    },
  });
  const port = Number(new URL(server.baseUrl).port);
  try {
    const base = server.baseUrl;
    const answer = (await (await fetch(`${base}${LIST_PATH}`)).json()) as
      { featured_image: string }[] | { results: { featured_image: string }[] };
    const first = (Array.isArray(answer) ? answer : answer.results)[0];
    const imageUrl = `${base}${new URL(first.featured_image, base).pathname}`;

    for (let i = 0; i < 5; i++) await timeGet(imageUrl); // warm-up
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await timeGet(imageUrl));

    const result: ModeResult = { mode: mode.name, idleMs: median(idle), duringMs: [], allDuringMs: [], burstMs: [], statuses: {} };
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      let done = false;
      const burst = Promise.all(Array.from({ length: BURST }, () => wrongSignIn(port, mode.withoutPassword))).then((statuses) => {
        done = true;
        result.burstMs.push(performance.now() - started);
        for (const status of statuses) result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      });
      await sleep(100);
      const one = await timeGet(imageUrl);
      result.duringMs.push(one);
      result.allDuringMs.push(one);
      while (!done) result.allDuringMs.push(await timeGet(imageUrl));
      await burst;
      await sleep(500);
    }
    return result;
  } finally {
    await server.stop();
  }
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);

async function main(): Promise<void> {
  const results: ModeResult[] = [];
  for (const mode of MODES) results.push(await measure(mode));

  console.info(
    `${BURST} simultaneous wrong sign-ins, ${RUNS} bursts per mode; ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.info('');
  console.info(
    `${pad('mode', 30)}${pad('image idle', 12)}${pad('image 100 ms into burst (median, max)', 40)}${pad('all images during burst (max)', 32)}${pad('burst answered in', 20)}statuses`,
  );
  for (const r of results) {
    const statuses = Object.entries(r.statuses)
      .map(([status, n]) => `${n}×${status}`)
      .join(' ');
    console.info(
      `${pad(r.mode, 30)}${pad(fmt(r.idleMs), 12)}${pad(`${fmt(median(r.duringMs))}, ${fmt(Math.max(...r.duringMs))}`, 40)}${pad(fmt(Math.max(...r.allDuringMs)), 32)}${pad(fmt(median(r.burstMs)), 20)}${statuses}`,
    );
  }
  const [before, after, floor] = results;
  const ratio = floor ? median(before.duringMs) / median(after.duringMs) : undefined;
  if (floor && ratio !== undefined) {
    console.info('');
    console.info(
      `Image latency during the burst, before / after: ${ratio.toFixed(1)}x (${fmt(median(before.duringMs))} → ${fmt(median(after.duringMs))})`,
    );
    console.info(
      `After / floor (the same burst's HTTP without any check): ${(median(after.duringMs) / median(floor.duringMs)).toFixed(1)}x`,
    );
  }

  const resultsDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `login-burst-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), burst: BURST, runs: RUNS, cpus: os.cpus().length, loadAverage: os.loadavg(), results, ratio },
      null,
      2,
    ),
  );
  console.info(`Saved ${path.relative(ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
