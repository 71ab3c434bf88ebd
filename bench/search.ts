/**
 * The public search at 100 and at 10,000 publications (docs/performance.md
 * "Public search"): the server's own time for GET /api/public/search/, from
 * the request entering Fastify to the last byte of the answer (app.inject:
 * no network, no client; asked as a browser asks, so brotli included), p50 and p95 over the same queries on both sites,
 * alternated so that whatever else the machine does weighs on both alike.
 * The goal: p95 under 30 ms at 10,000, and within twice the small site's.
 *
 *   npx tsx bench/search.ts                          (SQLite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55439/postgres npx tsx bench/search.ts
 *                                                    (PostgreSQL: two temporary databases, analysed once filled)
 *   BENCH_SEARCH_ROUNDS=20 (rounds of every query on each site)
 *
 * The sites are filled as bench/scale.ts fills them (bench/scale-content.ts,
 * through the repositories, so the search index is written as the site writes
 * it), without the demo images.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { buildApp, type App } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { describeOtherWork, otherWork } from './other-work';
import { fillContent, SEARCH_TERM } from './scale-content';

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = POSTGRES_URL ? 'PostgreSQL' : 'SQLite';
const GOAL_MS = 30;

const QUERIES = [
  SEARCH_TERM,
  'emociones',
  'convivencia escolar',
  'educación emocional',
  'mediación',
  'acoso escolar secundaria',
  'congreso internacional',
  'zzyzx',
];

const SIZES = [
  { label: '100', publications: 100, biographies: 10 },
  { label: '10,000', publications: 10_000, biographies: 100 },
];

async function tempDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (!POSTGRES_URL) return { drop: async () => {} };
  const name = `bench_search_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const sites: {
    label: string;
    app: App;
    dataDir: string;
    drop: () => Promise<void>;
    times: number[];
    cpu: number[];
    counts: Map<string, number>;
  }[] = [];
  for (const size of SIZES) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
    const database = await tempDatabase();
    const started = Date.now();
    await fillContent({ dataDir, databaseUrl: database.url }, size, new Map());
    console.info(`${ENGINE}: filled ${size.label} publications in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (database.url) {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      await client.query('VACUUM ANALYZE');
      await client.end();
    }
    const config = { ...loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'bench-search', LOG_LEVEL: 'warn' }), databaseUrl: database.url };
    const app = await buildApp(config, { logger: false });
    await app.app.ready();
    sites.push({ label: size.label, app, dataDir, drop: database.drop, times: [], cpu: [], counts: new Map() });
  }

  const ask = async (site: (typeof sites)[number], query: string, page: number) => {
    const url = `/api/public/search/?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ''}`;
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    // What a browser sends: the answer is compressed as a visitor gets it (brotli).
    const reply = await site.app.app.inject({ method: 'GET', url, headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br' } });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    site.cpu.push((cpu.user + cpu.system) / 1000);
    if (reply.statusCode !== 200 && reply.statusCode !== 404) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
    if (page === 1) {
      const raw = reply.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(reply.rawPayload) : reply.rawPayload;
      site.counts.set(query, (JSON.parse(raw.toString()) as { count: number }).count);
    }
    return ms;
  };

  // Warm-up: one of each, not counted.
  for (const site of sites) for (const query of QUERIES) await ask(site, query, 1);
  for (const site of sites) site.cpu.length = 0;
  const before = await otherWork(1000);
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of QUERIES) {
      for (const page of [1, 2]) {
        for (const site of sites) site.times.push(await ask(site, query, page));
      }
    }
  }

  const lines = [`Public search, ${ENGINE}, server time (app.inject), ${ROUNDS} rounds of ${QUERIES.length} queries × pages 1 and 2:`];
  const p95s: number[] = [];
  for (const site of sites) {
    const sorted = [...site.times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    p95s.push(p95);
    lines.push(
      `  ${site.label.padStart(6)} publications: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms` +
        ` (hits: ${[...site.counts].map(([q, n]) => `${q} ${n}`).join(', ')})`,
    );
  }
  // The bench process's own CPU time per request (its threads: JavaScript, SQLite, compression): what other
  // work on the machine changes least. On PostgreSQL the database server's share is not in it.
  const cpuP95s = sites.map((site) =>
    percentile(
      [...site.cpu].sort((a, b) => a - b),
      95,
    ),
  );
  for (const [i, site] of sites.entries()) {
    const sorted = [...site.cpu].sort((a, b) => a - b);
    lines.push(
      `  ${site.label.padStart(6)} publications, CPU time of this process: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${cpuP95s[i].toFixed(1)} ms`,
    );
  }
  lines.push(`  CPU p95 at 10,000 is ${(cpuP95s[1] / cpuP95s[0]).toFixed(2)}× the CPU p95 at 100`);
  lines.push(
    `  p95 at 10,000 is ${(p95s[1] / p95s[0]).toFixed(2)}× the p95 at 100 (goal ≤ 2×); under ${GOAL_MS} ms: ${p95s[1] < GOAL_MS ? 'yes' : 'NO'}`,
  );
  lines.push(`  Other work while measuring: ${describeOtherWork(before)}`);
  console.info(lines.join('\n'));

  for (const site of sites) {
    await site.app.app.close();
    await site.drop();
    fs.rmSync(site.dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
