/**
 * Does the site hold up with 10,000 publications and 1,000 biographies? The
 * same requests against a site with 100 publications and 10 biographies and
 * one with 10,000 and 1,000, side by side in one run; the goal is that no
 * figure of the large site is more than twice the small site's (the sitemap,
 * which lists every public address, per address).
 *
 *   npm run bench:scale          (BENCH_REQUESTS=200 per figure, BENCH_SITEMAP_REQUESTS=20 uncached,
 *                                 BENCH_REORDER_REQUESTS=50, BENCH_DURATION=3 s per wrk round,
 *                                 BENCH_ROUNDS=3; BENCH_KEEP=1 keeps the filled databases)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale
 *                                (PostgreSQL: two temporary databases, vacuumed and analysed
 *                                 once filled, dropped at the end)
 *   BENCH_UNDO_MIGRATION=2026-11-23-006-list-indexes npm run bench:scale
 *                                (the schema before that migration, for comparison)
 *
 * Both databases are filled through the repositories (bench/scale-content.ts),
 * then the real server (`src/server/main.ts`, one process) is started on each:
 * it migrates, adds the bench administrator, and leaves the demo seeding
 * alone, since the database is not empty. Two phases, each with both servers:
 *
 *   cached    the public cache as in production: the public list's first
 *             page and its last full page (section 'noticias', 12 a page: the
 *             deepest offset with an answer as long as the first's) and one
 *             publication's detail; latency of sequential requests, then
 *             throughput (wrk); and /sitemap.xml, which the route serves
 *             from the same cache (latency only: its large answer would
 *             measure the loopback's bandwidth under wrk);
 *   uncached  PUBLIC_CACHE_MAX_BYTES=1, so that every answer is over an
 *             eighth of the bound and none is kept (cache/public-cache.ts):
 *             the same public requests, /sitemap.xml, the admin list's first
 *             page and a title search (omit=layout, 20 a page), the admin
 *             landing's counts, and a reorder of the admin list's first page.
 *
 * Sequential requests alternate between the two servers (small, large,
 * small...), so that whatever else the machine does weighs on both alike;
 * wrk rounds alternate too. Requests ask for no compression (as wrk does):
 * the client's decoding is not the server's time. Results also go to
 * bench/results/scale-<engine>-<time>.json.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { Client } from 'pg';
import { createDatabase } from '../src/server/db/database';
import { migrations } from '../src/server/db/migrate';
import { describeOtherWork, otherWork, type OtherWork } from './other-work';
import { copyMedia, fillContent, type ContentTarget, type PerSize, SEARCH_TERM, type Size, SIZES, storeDemoImages } from './scale-content';
import { ROOT, startSiteServer, type SiteServer } from './site-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SITEMAP_REQUESTS = Number(process.env.BENCH_SITEMAP_REQUESTS ?? 20);
const REORDER_REQUESTS = Number(process.env.BENCH_REORDER_REQUESTS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const THREADS = 2;
const GOAL = 2;
const PUBLIC_PAGE_SIZE = 12;
const ADMIN_PAGE_SIZE = 20;
const ADMIN = { username: 'bench', password: 'clave-de-bench-escala' };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = POSTGRES_URL ? 'PostgreSQL' : 'SQLite';
const UNDO_MIGRATION = process.env.BENCH_UNDO_MIGRATION;
const execFileAsync = promisify(execFile);

interface Prepared {
  size: Size;
  target: ContentTarget;
  fillSeconds: number;
}

/** A started server and what the requests need from it. */
interface Site {
  size: Size;
  server: SiteServer;
  /** Public publications of 'noticias'. */
  publicCount: number;
  /** The last page that holds a whole page of items: the deepest offset, with an answer as long as page 1's. */
  lastFullPage: number;
  detailId: number;
  token?: string;
  /** The admin list's first page, in its current sequence: what the reorders move. */
  pageIds?: number[];
}

interface Call {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  token?: string;
  json?: unknown;
}

interface Answer {
  ms: number;
  bytes: number;
  text: string;
}

interface Figure {
  label: string;
  phase: 'cached' | 'uncached';
  ms: PerSize<number[]>;
  bytes: PerSize<number>;
  /** Requests per second (wrk), for the cached public requests. */
  rps?: PerSize<number[]>;
  /** The sitemap's addresses (`<loc>` entries). */
  locs?: PerSize<number>;
  note?: string;
}

const listPath = (page: number) => `/api/public/publications/?section_slug=noticias&page=${page}&page_size=${PUBLIC_PAGE_SIZE}`;
const ADMIN_LIST = `/api/publications/?page=1&page_size=${ADMIN_PAGE_SIZE}&omit=layout`;

async function call(base: string, { method = 'GET', path: address, token, json }: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${base}${address}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${address} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  return { ms, bytes: body.length, text: body.toString('utf8') };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Nearest rank. */
const p95 = (values: number[]) => sorted(values)[Math.max(0, Math.ceil(values.length * 0.95) - 1)];

/**
 * `n` sequential requests to each site, alternating, after `warm` each that
 * are not counted. `next` builds each request; `after` sees each answer.
 */
async function latency(
  sites: Site[],
  n: number,
  warm: number,
  next: (site: Site) => Call,
  after?: (site: Site, answer: Answer) => void,
): Promise<{ ms: PerSize<number[]>; bytes: PerSize<number>; last: PerSize<string> }> {
  const ms = { small: [] as number[], large: [] as number[] };
  const bytes = { small: 0, large: 0 };
  const last = { small: '', large: '' };
  for (let i = 0; i < warm + n; i++) {
    for (const site of sites) {
      const answer = await call(site.server.baseUrl, next(site));
      after?.(site, answer);
      if (i >= warm) ms[site.size.key].push(answer.ms);
      bytes[site.size.key] = answer.bytes;
      last[site.size.key] = answer.text;
    }
  }
  return { ms, bytes, last };
}

/**
 * Requests per second under wrk's load. Run asynchronously: a blocked event loop would
 * keep fetch's idle connections past the server's keep-alive timeout, and the next
 * request would find its socket closed.
 */
async function wrk(url: string, seconds: number): Promise<number> {
  const { stdout } = await execFileAsync('wrk', [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, url]);
  if (/Non-2xx or 3xx responses/.test(stdout)) throw new Error(`${url} answered errors under load:\n${stdout}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  if (!rps) throw new Error(`Unreadable wrk output:\n${stdout}`);
  return Number(rps);
}

/** A warm-up second each, then ROUNDS rounds of DURATION seconds, alternating between the sites. */
async function throughput(sites: Site[], address: (site: Site) => string): Promise<PerSize<number[]>> {
  const rps = { small: [] as number[], large: [] as number[] };
  for (const site of sites) await wrk(`${site.server.baseUrl}${address(site)}`, 1);
  for (let round = 0; round < ROUNDS; round++) {
    for (const site of sites) rps[site.size.key].push(await wrk(`${site.server.baseUrl}${address(site)}`, DURATION));
  }
  return rps;
}

function requireTool(name: string): void {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    console.error(`${name} is not installed (apt-get install -y ${name}).`);
    process.exit(2);
  }
}

/** PostgreSQL: a temporary database per size, made from the server BENCH_DATABASE_URL names. */
async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * BENCH_UNDO_MIGRATION=<name>: runs that migration's down() on the filled database and
 * keeps its record, so that the servers do not apply it again: the figures of the schema
 * before it, to weigh what it gained. Only for migrations that change no data (indexes).
 */
async function undoMigration(target: ContentTarget, name: string): Promise<void> {
  const migration = migrations[name];
  if (!migration?.down) throw new Error(`BENCH_UNDO_MIGRATION: no migration ${name} with a down() in src/server/db/migrate.ts`);
  const db = createDatabase(target);
  try {
    await migration.down(db);
  } finally {
    await db.destroy();
  }
}

/**
 * What autovacuum would have done long before a site reached this size: statistics for
 * the planner and the visibility map that index-only scans read. Without it the plans
 * would change while the bench runs, whenever autovacuum got round to the new rows.
 * (SQLite gathers no statistics unless told, and the server never tells it.)
 */
async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

const databaseName = (size: Size) => `bench_scale_${size.key}_${process.pid}`;

function databaseUrlFor(size: Size): string {
  const url = new URL(POSTGRES_URL as string);
  url.pathname = `/${databaseName(size)}`;
  return url.toString();
}

async function engineVersion(target: ContentTarget): Promise<string> {
  if (target.databaseUrl) {
    const version = await withAdminClient(
      async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version,
    );
    return `PostgreSQL ${version.split(' ')[0]}`;
  }
  const db = new SQLite(path.join(target.dataDir, 'db.sqlite3'), { readonly: true });
  try {
    return `SQLite ${(db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v}`;
  } finally {
    db.close();
  }
}

async function startSite(prepared: Prepared, env: Record<string, string>): Promise<Site> {
  const server = await startSiteServer({
    needsBuild: false,
    env: {
      DATA_DIR: prepared.target.dataDir,
      DATABASE_URL: prepared.target.databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: '1000',
      // Longer than the run: a token fetched once serves every admin request.
      ACCESS_TOKEN_LIFETIME: '3600',
      ...env,
    },
  });
  try {
    const first = JSON.parse((await call(server.baseUrl, { path: listPath(1) })).text) as { count: number; results: { id: number }[] };
    return {
      size: prepared.size,
      server,
      publicCount: first.count,
      lastFullPage: Math.max(1, Math.floor(first.count / PUBLIC_PAGE_SIZE)),
      detailId: first.results[0].id,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function signIn(site: Site): Promise<void> {
  const answer = await call(site.server.baseUrl, { method: 'POST', path: '/api/token/', json: ADMIN });
  site.token = (JSON.parse(answer.text) as { access: string }).access;
  const page = JSON.parse((await call(site.server.baseUrl, { path: ADMIN_LIST, token: site.token })).text) as { results: { id: number }[] };
  site.pageIds = page.results.map((row) => row.id);
}

const PUBLIC_REQUESTS: { label: string; path: (site: Site) => string }[] = [
  { label: 'public list, page 1', path: () => listPath(1) },
  { label: 'public list, last full page', path: (site) => listPath(site.lastFullPage) },
  { label: 'public detail', path: (site) => `/api/public/publication/${site.detailId}/` },
];

/** The public requests: latency, and throughput where the cache keeps the answers. */
async function publicFigures(sites: Site[], phase: Figure['phase']): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const request of PUBLIC_REQUESTS) {
    const { ms, bytes } = await latency(sites, REQUESTS, 10, (site) => ({ path: request.path(site) }));
    const rps = phase === 'cached' ? await throughput(sites, request.path) : undefined;
    figures.push({ label: `${request.label} (${phase})`, phase, ms, bytes, rps });
  }
  return figures;
}

/** /sitemap.xml: served from the public cache, or written for every request (fewer of those: each is slow). */
async function sitemapFigure(sites: Site[], phase: Figure['phase']): Promise<Figure> {
  const cached = phase === 'cached';
  const sitemap = await latency(sites, cached ? REQUESTS : SITEMAP_REQUESTS, cached ? 10 : 2, () => ({ path: '/sitemap.xml' }));
  const locs = { small: 0, large: 0 };
  const notes: string[] = [];
  for (const site of sites) {
    const xml = sitemap.last[site.size.key];
    locs[site.size.key] = (xml.match(/<loc>/g) ?? []).length;
    if (xml.includes('<sitemapindex')) notes.push(`${site.size.label}: split into parts`);
  }
  return { label: `sitemap.xml (${phase})`, phase, ms: sitemap.ms, bytes: sitemap.bytes, locs, note: notes.join('; ') || undefined };
}

interface SiteFacts {
  publicCount: number;
  lastFullPage: number;
  detailId: number;
}

/** Starts a server on each filled database (one after the other), runs `work`, stops them. */
async function withSites<T>(prepared: Prepared[], env: Record<string, string>, work: (sites: Site[]) => Promise<T>): Promise<T> {
  const sites: Site[] = [];
  try {
    for (const p of prepared) sites.push(await startSite(p, env));
    return await work(sites);
  } finally {
    for (const site of sites) await site.server.stop();
  }
}

/** Everything but the cached public requests: the cache keeps nothing, admin requests carry a token. */
async function uncachedFigures(sites: Site[]): Promise<Figure[]> {
  for (const site of sites) await signIn(site);
  const figures = await publicFigures(sites, 'uncached');
  figures.push(await sitemapFigure(sites, 'uncached'));

  const admin = (label: string, address: string) =>
    latency(sites, REQUESTS, 10, (site) => ({ path: address, token: site.token })).then(({ ms, bytes }) =>
      figures.push({ label, phase: 'uncached', ms, bytes }),
    );
  await admin(`admin list, page 1 (${ADMIN_PAGE_SIZE}, omit=layout)`, ADMIN_LIST);
  await admin(`admin title search '${SEARCH_TERM}'`, `${ADMIN_LIST}&search=${encodeURIComponent(SEARCH_TERM)}`);
  await admin('admin summary (counts)', '/api/summary/');

  // Each reorder reverses the first page's sequence: every one of its rows moves every time.
  const reorder = await latency(
    sites,
    REORDER_REQUESTS,
    5,
    (site) => ({
      method: 'PATCH',
      path: '/api/publications/reorder/',
      token: site.token,
      json: [...(site.pageIds ?? [])].reverse().map((id, order) => ({ id, order })),
    }),
    (site, answer) => {
      site.pageIds = (JSON.parse(answer.text) as { id: number }[]).map((item) => item.id);
    },
  );
  figures.push({ label: `reorder of one page (${ADMIN_PAGE_SIZE} items)`, phase: 'uncached', ms: reorder.ms, bytes: reorder.bytes });
  return figures;
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

const num = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${num(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
const bytes = (value: number) => (value >= 10_000 ? `${num(value / 1024, value >= 1_000_000 ? 0 : 1)} KiB` : `${num(value)} B`);
const times = (ratio: number) => `${num(ratio, 2)}×`;
const verdict = (...ratios: number[]) => (ratios.every((r) => r <= GOAL) ? 'yes' : ratios[0] <= GOAL ? 'median only' : '**no**');
/**
 * What a figure's ratio is divided by before it meets the goal: the sitemap lists every
 * public address, so it is held to the goal per address; anything else as it is.
 */
const addressRatio = (f: Figure) => (f.locs ? f.locs.large / f.locs.small : 1);

interface Report {
  engine: string;
  machine: string;
  node: string;
  date: string;
  fillSeconds: PerSize<number>;
  facts: PerSize<SiteFacts>;
  otherWork: { before: OtherWork; between: OtherWork; after: OtherWork };
  figures: Figure[];
  settings: Record<string, number>;
}

function markdown(report: Report): string {
  const [small, large] = SIZES;
  const lines: string[] = [];
  lines.push(
    `| ${report.engine} | answer, ${small.label} / ${large.label} | ${small.label}: median / p95 | ${large.label}: median / p95 | ratio of medians | ratio of p95 | within ${GOAL}× |`,
    '|---|---:|---:|---:|---:|---:|---|',
  );
  for (const f of report.figures) {
    const rMedian = median(f.ms.large) / median(f.ms.small);
    const rP95 = p95(f.ms.large) / p95(f.ms.small);
    lines.push(
      `| ${f.label} | ${bytes(f.bytes.small)} / ${bytes(f.bytes.large)} | ${ms(median(f.ms.small))} / ${ms(p95(f.ms.small))} | ${ms(median(f.ms.large))} / ${ms(p95(f.ms.large))} | ${times(rMedian)} | ${times(rP95)} | ${f.locs ? `per address ${times(rMedian / addressRatio(f))}: ` : ''}${verdict(rMedian / addressRatio(f), rP95 / addressRatio(f))} |`,
    );
  }
  lines.push(
    '',
    `| ${report.engine}, cached, wrk -c${CONNECTIONS} (median of ${ROUNDS} × ${DURATION} s) | ${small.label}: req/s | ${large.label}: req/s | ${small.label} / ${large.label} | within ${GOAL}× |`,
    '|---|---:|---:|---:|---|',
  );
  for (const f of report.figures.filter((figure) => figure.rps)) {
    const rps = f.rps as PerSize<number[]>;
    const ratio = median(rps.small) / median(rps.large);
    lines.push(`| ${f.label} | ${num(median(rps.small))} | ${num(median(rps.large))} | ${times(ratio)} | ${verdict(ratio)} |`);
  }
  const sitemaps = report.figures.filter((figure) => figure.locs);
  if (sitemaps.length > 0) {
    const locs = sitemaps[0].locs as PerSize<number>;
    lines.push(
      '',
      `| ${report.engine}, /sitemap.xml | ${small.label} | ${large.label} | ratio |`,
      '|---|---:|---:|---:|',
      `| addresses (\`<loc>\`) | ${num(locs.small)} | ${num(locs.large)} | ${times(locs.large / locs.small)} |`,
    );
    for (const sitemap of sitemaps) {
      const per = (key: Size['key']) => (median(sitemap.ms[key]) / locs[key]) * 1000;
      lines.push(
        `| median time, ${sitemap.phase} | ${ms(median(sitemap.ms.small))} | ${ms(median(sitemap.ms.large))} | ${times(median(sitemap.ms.large) / median(sitemap.ms.small))} |`,
        `| per 1,000 addresses, ${sitemap.phase} | ${ms(per('small'))} | ${ms(per('large'))} | ${times(per('large') / per('small'))} |`,
      );
    }
    const notes = sitemaps.map((sitemap) => sitemap.note).filter(Boolean);
    if (notes.length > 0) lines.push('', `Sitemap: ${notes.join('; ')}.`);
  }
  return lines.join('\n');
}

function describeRun(report: Report): string {
  const [small, large] = SIZES;
  const facts = (size: Size) =>
    `${size.label} publications and ${num(size.biographies)} biographies (filled in ${num(report.fillSeconds[size.key], 1)} s; ` +
    `${num(report.facts[size.key].publicCount)} public in 'noticias': ${Math.ceil(report.facts[size.key].publicCount / PUBLIC_PAGE_SIZE)} pages of ${PUBLIC_PAGE_SIZE}, ` +
    `the last full one page ${report.facts[size.key].lastFullPage})`;
  return [
    `${report.date}, ${report.engine}; ${report.machine}; Node ${report.node}.`,
    `Small: ${facts(small)}. Large: ${facts(large)}.`,
    `Requests: ${REQUESTS} sequential per figure (uncached sitemap ${SITEMAP_REQUESTS}, reorder ${REORDER_REQUESTS}), alternating between the two servers.`,
    `Other work: before, ${describeOtherWork(report.otherWork.before)}.`,
    `  between the phases, ${describeOtherWork(report.otherWork.between)}.`,
    `  after, ${describeOtherWork(report.otherWork.after)}.`,
  ].join('\n');
}

async function main(): Promise<void> {
  if (process.env.BENCH_BASE_URL) {
    console.error('This bench fills and starts its own servers: leave BENCH_BASE_URL unset.');
    process.exit(2);
  }
  requireTool('wrk');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const databases: string[] = [];
  const keep = process.env.BENCH_KEEP === '1';
  try {
    const before = await otherWork();
    const prepared: Prepared[] = [];
    let images: Map<string, string> | undefined;
    for (const size of SIZES) {
      const dataDir = path.join(work, size.key);
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      if (images) copyMedia(prepared[0].target.dataDir, dataDir);
      else images = await storeDemoImages(dataDir);
      let databaseUrl: string | undefined;
      if (POSTGRES_URL) {
        await withAdminClient((client) => client.query(`CREATE DATABASE "${databaseName(size)}"`));
        databases.push(databaseName(size));
        databaseUrl = databaseUrlFor(size);
      }
      const started = performance.now();
      await fillContent({ dataDir, databaseUrl }, size, images);
      const fillSeconds = (performance.now() - started) / 1000;
      if (UNDO_MIGRATION) await undoMigration({ dataDir, databaseUrl }, UNDO_MIGRATION);
      if (databaseUrl) await vacuumAnalyze(databaseUrl);
      console.info(
        `Filled ${size.label} publications and ${num(size.biographies)} biographies through the repositories in ${num(fillSeconds, 1)} s (${ENGINE}).`,
      );
      prepared.push({ size, target: { dataDir, databaseUrl }, fillSeconds });
    }

    console.info('Cached phase...');
    const cached = await withSites(prepared, {}, async (sites) => [
      ...(await publicFigures(sites, 'cached')),
      await sitemapFigure(sites, 'cached'),
    ]);
    const between = await otherWork();
    console.info('Uncached phase (PUBLIC_CACHE_MAX_BYTES=1)...');
    const { uncached, facts } = await withSites(prepared, { PUBLIC_CACHE_MAX_BYTES: '1' }, async (sites) => ({
      uncached: await uncachedFigures(sites),
      facts: Object.fromEntries(
        sites.map((site) => [site.size.key, { publicCount: site.publicCount, lastFullPage: site.lastFullPage, detailId: site.detailId }]),
      ) as PerSize<SiteFacts>,
    }));
    const after = await otherWork();

    const cpus = os.cpus();
    const report: Report = {
      engine: `${await engineVersion(prepared[0].target)}${UNDO_MIGRATION ? `, without ${UNDO_MIGRATION}` : ''}`,
      machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${num(os.totalmem() / 1024 ** 3)} GiB, ${os.type()} ${os.release()}`,
      node: process.versions.node,
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      fillSeconds: Object.fromEntries(prepared.map((p) => [p.size.key, p.fillSeconds])) as PerSize<number>,
      facts,
      otherWork: { before, between, after },
      figures: [...cached, ...uncached],
      settings: {
        requests: REQUESTS,
        sitemapRequests: SITEMAP_REQUESTS,
        reorderRequests: REORDER_REQUESTS,
        duration: DURATION,
        rounds: ROUNDS,
        connections: CONNECTIONS,
      },
    };
    console.info('');
    console.info(describeRun(report));
    console.info('');
    console.info(markdown(report));
    const misses = report.figures.filter((f) => median(f.ms.large) / median(f.ms.small) / addressRatio(f) > GOAL).map((f) => f.label);
    console.info('');
    console.info(
      misses.length
        ? `Over ${GOAL}× (medians; the sitemap per address): ${misses.join('; ')}`
        : `Every median within ${GOAL}× (the sitemap per address).`,
    );

    const resultsDir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `scale-${ENGINE.toLowerCase()}${UNDO_MIGRATION ? '-undo' : ''}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    console.info(`Saved ${path.relative(ROOT, file)}`);
  } finally {
    if (keep) {
      console.info(`Kept: ${work}${databases.length ? `; databases ${databases.join(', ')}` : ''}`);
    } else {
      if (databases.length)
        await withAdminClient(async (client) => {
          for (const name of databases) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        });
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error);
  process.exit(1);
});
