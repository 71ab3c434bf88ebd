/**
 * Public pages as HTML (docs/decisions/185-public-pages-as-html.md): what a drawn page costs
 * the server, kept in the public cache and not.
 *
 *   npm run build && npm run bench:pages
 *     BENCH_DURATION=5 (s per wrk round), BENCH_ROUNDS=3, BENCH_CONNECTIONS=10, BENCH_THREADS=2,
 *     BENCH_REQUESTS=100 (sequential, per page type and size), BENCH_RENDERS=200 (renderer alone),
 *     BENCH_KEPT=600 (pages kept for the memory figure), BENCH_PARTS=cached,uncached,kept,
 *     BENCH_PAGE_TYPES=home,list,list-last,publication,faculty,search,404 (the uncached part's)
 *
 * Every server is the real one (`src/server/main.ts`, production mode) serving the client build
 * (dist/client, or CLIENT_DIR), with PUBLIC_URL fixed so that the pages' absolute links are the
 * same whatever port a server listens on. Three parts:
 *
 *   cached    On one data directory with the demo content (as bench/api.ts): the first news
 *             item's page and the public list's JSON (bench/api.ts's address), as the server
 *             sends them without compression, saved as files and served by nginx (Debian's
 *             package, one worker per CPU). wrk against four targets, nginx's HTML, the server's
 *             HTML (from the public cache, through the cache front), nginx's JSON and the API's
 *             JSON, in rounds that take each in turn: first with the server as one process, then
 *             one per CPU (WEB_CONCURRENCY, node:cluster), nginx measured again beside each.
 *             The ratios HTML / nginx's HTML and API / nginx's JSON, and their quotient. wrk sends
 *             a Host and no Authorization, as the cache front needs, and no Accept-Encoding.
 *   uncached  100 and 10,000 publications (bench/scale-content.ts, as bench/scale.ts), a server on
 *             each with PUBLIC_CACHE_MAX_BYTES=1, so that no answer is kept (an eighth of the
 *             ceiling is the most an entry may weigh, cache/public-cache.ts): neither the page nor
 *             the API answers it is drawn from. Sequential requests for each page type (home, a
 *             list's first and last full page, a publication, the faculty, a search, a 404),
 *             alternating between the two servers; after each, the API answers the page carried
 *             (#datos-de-la-pagina) asked directly, one after the other: what its reads cost.
 *             Then the renderer alone (bench/render-alone.ts, NODE_ENV=production) on the data
 *             and settings those pages carried: the render's own cost.
 *   kept      The 10,000 site with the default ceiling: the bytes the cache counts for each kept
 *             page type (the body, its brotli and gzip twins, the headers' text, the key and the
 *             entry's overhead, as cache/public-cache.ts counts them), and the memory the server
 *             holds once BENCH_KEPT publications' API answers, then their pages, are kept
 *             (collected twice, a second apart, as bench/public-cache-memory.ts does).
 *
 * The machine's other work is sampled before, during (beside a wrk round and the first
 * sequential requests) and after (bench/other-work.ts). Results also go to
 * bench/results/pages-<time>.json.
 */
import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PAGE_DATA_ELEMENT_ID, pageReadAddress, type PageData } from '@/domain/public-pages';
import { answerBytes, prepareAnswer, type CachedAnswer } from '../src/server/cache/public-answer';
import { ENTRY_OVERHEAD_BYTES } from '../src/server/cache/public-cache';
import { pageCacheKey, publicCacheKey, publicPageAddress } from '../src/server/cache/public-key';
import { freePort, waitFor } from './local-ports';
import { startNginx } from './local-nginx';
import { memoryProbe } from './memory-probe';
import { describeOtherWork, otherWork, type OtherWork } from './other-work';
import type { RenderInput, RenderOutput } from './render-alone';
import { copyMedia, fillContent, type PerSize, SEARCH_TERM, type Size, SIZES, storeDemoImages } from './scale-content';
import { ROOT, startSiteServer, type SiteServer } from './site-server';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const KEPT = Number(process.env.BENCH_KEPT ?? 600);
/** Some page types only (their keys in PAGE_TYPES), for a quicker uncached part. */
const ONLY_PAGES = process.env.BENCH_PAGE_TYPES?.split(',').map((key) => key.trim());
const PARTS = new Set((process.env.BENCH_PARTS ?? 'cached,uncached,kept').split(',').map((part) => part.trim()));
const API_PATH = '/api/public/publications/?section_slug=noticias';
const PUBLIC_URL = 'https://master.example';
const PAGE_SIZE = 12;
const MiB = 1024 * 1024;
const DEFAULT_CEILING = 64 * MiB;
const execFileAsync = promisify(execFile);

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Nearest rank. */
const p95 = (values: number[]) => sorted(values)[Math.max(0, Math.ceil(values.length * 0.95) - 1)];
const num = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${num(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
const bytes = (value: number) => (value >= 10_000 ? `${num(value / 1024, value >= 1_000_000 ? 0 : 1)} KiB` : `${num(value)} B`);
const times = (ratio: number) => `${num(ratio, 2)}×`;
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

function requireTool(name: string): void {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    console.error(`${name} is not installed (apt-get install -y ${name}).`);
    process.exit(2);
  }
}

/** GET without compression (as wrk asks); fails on any status but `expect`. */
async function get(url: string, expect = 200): Promise<{ body: Buffer; headers: Headers; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  if (response.status !== expect)
    throw new Error(`${url} answered ${response.status}, not ${expect}: ${body.toString('utf8').slice(0, 300)}`);
  return { body, headers: response.headers, ms: elapsed };
}

/** A `<script type="application/json">` of the page, parsed. */
function scriptJson<T>(html: string, id: string): T {
  const match = new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error(`no #${id} in the page`);
  return JSON.parse(match[1]) as T;
}

/** The server's #root: the markup the renderer drew. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf(`</div><script id="${PAGE_DATA_ELEMENT_ID}"`);
  if (start === -1 || end === -1) throw new Error('no drawn #root in the page');
  return html.slice(start + '<div id="root">'.length, end);
}

// ---------------------------------------------------------------------------
// wrk and nginx
// ---------------------------------------------------------------------------

interface WrkRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!match) throw new Error(`Unreadable wrk latency: ${value}`);
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/** Asynchronous, so that an otherWork() sample can run beside it. */
async function wrk(url: string, seconds: number): Promise<WrkRun> {
  const { stdout } = await execFileAsync('wrk', [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url]);
  if (/Non-2xx or 3xx responses/.test(stdout)) throw new Error(`${url} answered errors under load:\n${stdout}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  const p50 = /^\s+50%\s+(\S+)/m.exec(stdout)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)?.[1];
  if (!rps || !p50 || !p99) throw new Error(`Unreadable wrk output:\n${stdout}`);
  return { requestsPerSecond: Number(rps), p50Ms: toMs(p50), p99Ms: toMs(p99) };
}

// ---------------------------------------------------------------------------
// Part 1: cached HTML and JSON against nginx
// ---------------------------------------------------------------------------

type TargetKey = 'nginxHtml' | 'html' | 'nginxJson' | 'json';

interface Target {
  key: TargetKey;
  url: string;
}

/** The four targets of a round: nginx before the server for each kind of answer. */
const targetsOf = (nginxBase: string, serverBase: string, publicationPath: string): Target[] => [
  { key: 'nginxHtml', url: `${nginxBase}/publication.html` },
  { key: 'html', url: `${serverBase}${publicationPath}` },
  { key: 'nginxJson', url: `${nginxBase}/noticias.json` },
  { key: 'json', url: `${serverBase}${API_PATH}` },
];

interface ThroughputPhase {
  processes: number;
  rounds: Record<TargetKey, WrkRun[]>;
  /** Medians over the rounds. */
  medians: Record<TargetKey, WrkRun>;
  ratios: Record<'html' | 'api' | 'quotient' | 'p99', { ofMedians: number; roundsMedian: number }>;
  during: OtherWork;
}

interface CachedReport {
  publicationPath: string;
  htmlBytes: number;
  jsonBytes: number;
  phases: ThroughputPhase[];
}

const medianRun = (runs: WrkRun[]): WrkRun => ({
  requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
  p50Ms: median(runs.map((run) => run.p50Ms)),
  p99Ms: median(runs.map((run) => run.p99Ms)),
});

/** A warm-up round each (JIT, every worker's cache, connections), then ROUNDS rounds of the four in turn. */
async function throughputPhase(processes: number, targets: Target[]): Promise<ThroughputPhase> {
  for (const target of targets) await wrk(target.url, 2);
  const rounds = { nginxHtml: [], html: [], nginxJson: [], json: [] } as Record<TargetKey, WrkRun[]>;
  let during: OtherWork | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      // What else ran, sampled once beside the server's HTML under load.
      const sample = round === 0 && target.key === 'html' ? otherWork() : undefined;
      rounds[target.key].push(await wrk(target.url, DURATION));
      if (sample) during = await sample;
    }
  }
  const medians = Object.fromEntries(Object.entries(rounds).map(([key, runs]) => [key, medianRun(runs)])) as Record<TargetKey, WrkRun>;
  const ratioOf = (m: Record<TargetKey, WrkRun>) => {
    const html = m.html.requestsPerSecond / m.nginxHtml.requestsPerSecond;
    const api = m.json.requestsPerSecond / m.nginxJson.requestsPerSecond;
    return { html, api, quotient: html / api, p99: m.html.p99Ms / m.nginxHtml.p99Ms };
  };
  const whole = ratioOf(medians);
  const perRound = rounds.html.map((_, i) =>
    ratioOf(Object.fromEntries(Object.entries(rounds).map(([key, runs]) => [key, runs[i]])) as Record<TargetKey, WrkRun>),
  );
  const ratios = Object.fromEntries(
    (['html', 'api', 'quotient', 'p99'] as const).map((key) => [
      key,
      { ofMedians: whole[key], roundsMedian: median(perRound.map((r) => r[key])) },
    ]),
  ) as ThroughputPhase['ratios'];
  return { processes, rounds, medians, ratios, during: during! };
}

async function cachedPart(dir: string): Promise<CachedReport> {
  const dataDir = path.join(dir, 'demo-data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  const env = (workers: number) => ({ DATA_DIR: dataDir, PUBLIC_URL, WEB_CONCURRENCY: String(workers) });

  const single = await startSiteServer({ env: env(1) });
  let publicationPath = '';
  let html: Buffer = Buffer.alloc(0);
  let json: Buffer = Buffer.alloc(0);
  let nginxBase = '';
  const phases: ThroughputPhase[] = [];
  let nginx: ChildProcess | undefined;
  try {
    try {
      const list = JSON.parse((await get(`${single.baseUrl}${API_PATH}`)).body.toString('utf8')) as
        { id: number }[] | { results: { id: number }[] };
      publicationPath = `/noticias/${(Array.isArray(list) ? list : list.results)[0].id}`;
      // The first request draws and keeps the page; the second is the kept one.
      await get(`${single.baseUrl}${publicationPath}`);
      html = (await get(`${single.baseUrl}${publicationPath}`)).body;
      json = (await get(`${single.baseUrl}${API_PATH}`)).body;
      const staticDir = path.join(dir, 'static');
      fs.mkdirSync(staticDir, { mode: 0o755 });
      fs.writeFileSync(path.join(staticDir, 'publication.html'), html, { mode: 0o644 });
      fs.writeFileSync(path.join(staticDir, 'noticias.json'), json, { mode: 0o644 });
      const nginxPort = await freePort();
      nginx = startNginx(dir, nginxPort);
      nginxBase = `http://127.0.0.1:${nginxPort}`;
      await waitFor(`${nginxBase}/publication.html`, 10_000);
      console.info(`Cached: ${publicationPath}, ${num(html.length)} B of HTML; ${API_PATH}, ${num(json.length)} B of JSON.`);
      phases.push(await throughputPhase(1, targetsOf(nginxBase, single.baseUrl, publicationPath)));
    } finally {
      await single.stop();
    }
    const cpus = os.cpus().length;
    if (cpus > 1) {
      const clustered = await startSiteServer({ env: env(cpus) });
      try {
        // The same bytes from every process: what nginx serves is what they send.
        for (const [address, expected] of [
          [publicationPath, html],
          [API_PATH, json],
        ] as const) {
          await get(`${clustered.baseUrl}${address}`);
          const again = (await get(`${clustered.baseUrl}${address}`)).body;
          if (!again.equals(expected)) throw new Error(`${address}: the clustered server sends other bytes than the first one did`);
        }
        phases.push(await throughputPhase(cpus, targetsOf(nginxBase, clustered.baseUrl, publicationPath)));
      } finally {
        await clustered.stop();
      }
    }
  } finally {
    nginx?.kill('SIGTERM');
  }
  return { publicationPath, htmlBytes: html.length, jsonBytes: json.length, phases };
}

function cachedMarkdown(report: CachedReport): string {
  const lines = [
    `| wrk -t${THREADS} -c${CONNECTIONS}, median of ${ROUNDS} × ${DURATION} s | req/s | p50 | p99 | vs nginx, same bytes |`,
    '|---|---:|---:|---:|---:|',
  ];
  for (const phase of report.phases) {
    const m = phase.medians;
    const who = `${phase.processes} process${phase.processes > 1 ? 'es' : ''}`;
    const row = (label: string, run: WrkRun, ratio?: number) =>
      `| ${label} | ${num(run.requestsPerSecond)} | ${ms(run.p50Ms)} | ${ms(run.p99Ms)} | ${ratio === undefined ? '1.00×' : times(ratio)} |`;
    lines.push(
      row(`nginx: publication HTML (${num(report.htmlBytes)} B), beside ${who}`, m.nginxHtml),
      row(`server, ${who}: publication HTML from the cache`, m.html, m.html.requestsPerSecond / m.nginxHtml.requestsPerSecond),
      row(`nginx: list JSON (${num(report.jsonBytes)} B), beside ${who}`, m.nginxJson),
      row(`server, ${who}: list JSON from the cache`, m.json, m.json.requestsPerSecond / m.nginxJson.requestsPerSecond),
    );
  }
  lines.push(
    '',
    '| Server | HTML / nginx HTML (goal ≥ 0.5×) | API / nginx JSON | quotient (goal ≥ 0.8) | HTML p99 / nginx p99 (goal ≤ 2×) |',
    '|---|---:|---:|---:|---:|',
  );
  for (const phase of report.phases) {
    const r = phase.ratios;
    const both = (ratio: { ofMedians: number; roundsMedian: number }, digits = 2) =>
      `${num(ratio.ofMedians, digits)} (rounds: ${num(ratio.roundsMedian, digits)})`;
    lines.push(
      `| ${phase.processes} process${phase.processes > 1 ? 'es' : ''} | ${both(r.html)}× ${met(r.html.ofMedians >= 0.5)} | ${both(r.api)}× | ${both(r.quotient)} ${met(r.quotient.ofMedians >= 0.8)} | ${both(r.p99)}× ${met(r.p99.ofMedians <= 2)} |`,
    );
  }
  lines.push('', 'Ratios of the medians; in parentheses, the median of the ratios of each round, whose four runs follow each other.');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Part 2: uncached pages at 100 and 10,000 publications, and the render alone
// ---------------------------------------------------------------------------

interface Site {
  size: Size;
  server: SiteServer;
  lastFullPage: number;
  detailId: number;
}

interface PageType {
  key: string;
  label: string;
  status: 200 | 404;
  path: (site: Site) => string;
}

const PAGE_TYPES: PageType[] = [
  { key: 'home', label: 'home `/`', status: 200, path: () => '/' },
  { key: 'list', label: 'list `/noticias`', status: 200, path: () => '/noticias' },
  { key: 'list-last', label: 'list, last full page', status: 200, path: (site) => `/noticias?pagina=${site.lastFullPage}` },
  { key: 'publication', label: 'publication `/noticias/{id}`', status: 200, path: (site) => `/noticias/${site.detailId}` },
  { key: 'faculty', label: 'faculty `/cuerpo-docente`', status: 200, path: () => '/cuerpo-docente' },
  { key: 'search', label: `search \`/buscar?q=${SEARCH_TERM}\``, status: 200, path: () => `/buscar?q=${SEARCH_TERM}` },
  { key: '404', label: '404 `/no-existe`', status: 404, path: () => '/no-existe' },
];

interface PageFigure {
  key: string;
  label: string;
  /** The page's time, sequential requests. */
  ms: PerSize<number[]>;
  /** Its reads asked directly, one after the other, summed per request. */
  readsMs: PerSize<number[]>;
  reads: PerSize<number>;
  bytes: PerSize<number>;
  /** The renderer alone (render-alone.ts). */
  renderMs?: PerSize<number[]>;
  renderSame?: PerSize<boolean>;
  rootBytes: PerSize<number>;
}

interface UncachedReport {
  fillSeconds: PerSize<number>;
  publicNews: PerSize<number>;
  lastFullPage: PerSize<number>;
  figures: PageFigure[];
  during: OtherWork;
}

async function startSite(
  size: Size,
  dataDir: string,
  env: Record<string, string>,
  serverOptions: { nodeArgs?: string[] } = {},
): Promise<Site & { publicNews: number }> {
  const server = await startSiteServer({ ...serverOptions, env: { DATA_DIR: dataDir, PUBLIC_URL, ...env } });
  try {
    const first = JSON.parse(
      (await get(`${server.baseUrl}/api/public/publications/?section_slug=noticias&page=1&page_size=${PAGE_SIZE}`)).body.toString('utf8'),
    ) as { count: number; results: { id: number }[] };
    return {
      size,
      server,
      publicNews: first.count,
      lastFullPage: Math.max(1, Math.floor(first.count / PAGE_SIZE)),
      detailId: first.results[0].id,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** What render-alone.ts needs of a page the server sent: the address it was drawn at, its data and settings, its #root. */
function renderInputOf(label: string, size: string, address: string, html: string): RenderInput {
  const { year, today, ...settings } = scriptJson<RenderInput['frame']['settings'] & { year: number; today: string }>(
    html,
    'site-settings',
  );
  return {
    label,
    size,
    url: publicPageAddress(address) ?? address,
    data: scriptJson<PageData>(html, PAGE_DATA_ELEMENT_ID),
    frame: { settings, year, today },
    root: rootOf(html),
  };
}

async function renderAlone(dir: string, inputs: RenderInput[]): Promise<RenderOutput[]> {
  const input = path.join(dir, 'render-input.json');
  const output = path.join(dir, 'render-output.json');
  fs.writeFileSync(input, JSON.stringify(inputs));
  await execFileAsync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench/render-alone.ts'), input, output], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * MiB,
  });
  return JSON.parse(fs.readFileSync(output, 'utf8')) as RenderOutput[];
}

async function uncachedPart(dir: string, dataDirs: PerSize<string>, fillSeconds: PerSize<number>): Promise<UncachedReport> {
  const sites: (Site & { publicNews: number })[] = [];
  const figures: PageFigure[] = [];
  const inputs: RenderInput[] = [];
  let during: OtherWork | undefined;
  try {
    for (const size of SIZES) sites.push(await startSite(size, dataDirs[size.key], { PUBLIC_CACHE_MAX_BYTES: '1' }));
    for (const type of PAGE_TYPES.filter((t) => !ONLY_PAGES || ONLY_PAGES.includes(t.key))) {
      const figure: PageFigure = {
        key: type.key,
        label: type.label,
        ms: { small: [], large: [] },
        readsMs: { small: [], large: [] },
        reads: { small: 0, large: 0 },
        bytes: { small: 0, large: 0 },
        rootBytes: { small: 0, large: 0 },
      };
      const readsOf = new Map<Site, string[]>();
      const last = new Map<Site, string>();
      const sample = figures.length === 0 ? otherWork() : undefined;
      const warm = 5;
      for (let i = 0; i < warm + REQUESTS; i++) {
        for (const site of sites) {
          const address = type.path(site);
          const page = await get(`${site.server.baseUrl}${address}`, type.status);
          if (i >= warm) figure.ms[site.size.key].push(page.ms);
          figure.bytes[site.size.key] = page.body.length;
          const html = page.body.toString('utf8');
          last.set(site, html);
          if (!readsOf.has(site))
            readsOf.set(
              site,
              scriptJson<PageData>(html, PAGE_DATA_ELEMENT_ID).reads.map(({ read }) => `/api${pageReadAddress(read)}`),
            );
        }
        for (const site of sites) {
          let spent = 0;
          for (const read of readsOf.get(site)!) spent += (await get(`${site.server.baseUrl}${read}`)).ms;
          if (i >= warm) figure.readsMs[site.size.key].push(spent);
        }
      }
      if (sample) during = await sample;
      for (const site of sites) {
        figure.reads[site.size.key] = readsOf.get(site)!.length;
        const html = last.get(site)!;
        figure.rootBytes[site.size.key] = Buffer.byteLength(rootOf(html));
        inputs.push(renderInputOf(type.key, site.size.key, type.path(site), html));
      }
      figures.push(figure);
      console.info(
        `  ${type.key}: p50 ${ms(median(figure.ms.small))} / ${ms(median(figure.ms.large))}, p95 ${ms(p95(figure.ms.small))} / ${ms(p95(figure.ms.large))}`,
      );
    }
  } finally {
    for (const site of sites) await site.server.stop();
  }
  console.info('  the renderer alone...');
  for (const output of await renderAlone(dir, inputs)) {
    const figure = figures.find((f) => f.key === output.label)!;
    const key = output.size as Size['key'];
    figure.renderMs ??= { small: [], large: [] };
    figure.renderSame ??= { small: false, large: false };
    figure.renderMs[key] = output.ms;
    figure.renderSame[key] = output.sameAsServer;
  }
  return {
    fillSeconds,
    publicNews: { small: sites[0].publicNews, large: sites[1].publicNews },
    lastFullPage: { small: sites[0].lastFullPage, large: sites[1].lastFullPage },
    figures,
    during: during!,
  };
}

function uncachedMarkdown(report: UncachedReport): string {
  const lines = [
    '| Uncached page (sequential) | HTML, 100 / 10,000 | 100: p50 / p95 | 10,000: p50 / p95 | p95 ratio | its reads, asked directly: p50 at 100 / 10,000 | render alone: p50 / p95 at 100 | at 10,000 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const f of report.figures) {
    const render = (key: Size['key']) =>
      f.renderMs ? `${ms(median(f.renderMs[key]))} / ${ms(p95(f.renderMs[key]))}${f.renderSame?.[key] ? '' : ' (markup differs!)'}` : '–';
    lines.push(
      `| ${f.label} | ${bytes(f.bytes.small)} / ${bytes(f.bytes.large)} | ${ms(median(f.ms.small))} / ${ms(p95(f.ms.small))} | ${ms(median(f.ms.large))} / ${ms(p95(f.ms.large))} | ${times(p95(f.ms.large) / p95(f.ms.small))} | ${f.reads.small ? `${f.reads.small} read${f.reads.small > 1 ? 's' : ''}: ` : ''}${f.reads.small || f.reads.large ? `${ms(median(f.readsMs.small))} / ${ms(median(f.readsMs.large))}${f.reads.large !== f.reads.small ? ` (${f.reads.large} reads)` : ''}` : 'none'} | ${render('small')} | ${render('large')} |`,
    );
  }
  lines.push('', '| Goal: p95 under 15 ms at both sizes, within 2× | 100 | 10,000 | ratio | verdict |', '|---|---:|---:|---:|---|');
  for (const f of report.figures.filter((figure) => ['list', 'list-last', 'publication'].includes(figure.key))) {
    const small = p95(f.ms.small);
    const large = p95(f.ms.large);
    lines.push(
      `| ${f.label} | ${ms(small)} | ${ms(large)} | ${times(large / small)} | ${met(small < 15 && large < 15 && large / small <= 2)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Part 3: what the cache holds
// ---------------------------------------------------------------------------

interface Memory {
  rss: number;
  heapUsed: number;
  /** Buffers' bytes: what the cache's bodies are. Not `external`, which also counts zlib's engines until they are freed. */
  arrayBuffers: number;
}

interface KeptPage {
  key: string;
  label: string;
  identity: number;
  br: number;
  gzip: number;
  /** As the cache counts the entry: answerBytes, the key and ENTRY_OVERHEAD_BYTES. */
  counted: number;
}

interface KeptReport {
  pages: KeptPage[];
  apiDetailCounted: number;
  kept: number;
  /** Held over the baseline, per entry: after the API answers, then after the pages. */
  perApiAnswer: { rss: number; heap: number };
  perPage: { rss: number; heap: number };
  sitemapAddresses: number;
}

async function countedBytes(
  address: string,
  body: Buffer,
  headers: Headers,
  cacheControl?: string,
): Promise<{ answer: CachedAnswer; counted: number }> {
  const kept: CachedAnswer['headers'] = {};
  const added = new Set([
    'content-length',
    'content-encoding',
    'etag',
    'cache-control',
    'vary',
    'date',
    'connection',
    'keep-alive',
    'transfer-encoding',
  ]);
  headers.forEach((value, name) => {
    if (!added.has(name)) kept[name] = value;
  });
  const answer = await prepareAnswer(body, kept, cacheControl ? { cacheControl } : {});
  const key = publicCacheKey(address) ?? pageCacheKey(publicPageAddress(address) ?? address);
  return { answer, counted: answerBytes(answer) + key.length + ENTRY_OVERHEAD_BYTES };
}

async function keptPart(dir: string, dataDir: string, size: Size): Promise<KeptReport> {
  const probe = memoryProbe(dir);
  const site = await startSite(size, dataDir, { PUBLIC_CACHE_MAX_BYTES: '', ...probe.env }, { nodeArgs: probe.nodeArgs });
  const base = site.server.baseUrl;
  const memory = (): Promise<Memory> => probe.read(site.server.child!);
  try {
    const pages: KeptPage[] = [];
    for (const type of PAGE_TYPES.filter((t) => publicPageAddress(t.path(site)) !== undefined && t.status === 200)) {
      const address = type.path(site);
      await get(`${base}${address}`);
      const { body, headers } = await get(`${base}${address}`);
      const { answer, counted } = await countedBytes(address, body, headers, 'no-cache');
      pages.push({
        key: type.key,
        label: type.label,
        identity: body.length,
        br: answer.encoded.br?.length ?? 0,
        gzip: answer.encoded.gzip?.length ?? 0,
        counted,
      });
    }
    const detail = `/api/public/publication/${site.detailId}/`;
    const detailAnswer = await get(`${base}${detail}`);
    const apiDetailCounted = (await countedBytes(detail, detailAnswer.body, detailAnswer.headers)).counted;
    const sitemapAddresses = ((await get(`${base}/sitemap.xml`)).body.toString('utf8').match(/<loc>/g) ?? []).length;

    // KEPT publications of 'noticias' past the first (already kept above).
    const list = JSON.parse(
      (await get(`${base}/api/public/publications/?section_slug=noticias&page=2&page_size=${KEPT}`)).body.toString('utf8'),
    ) as { results: { id: number }[] };
    const ids = list.results.map((item) => item.id);
    const baseline = await memory();
    for (const id of ids) await get(`${base}/api/public/publication/${id}/`);
    const afterApi = await memory();
    for (const id of ids) await get(`${base}/noticias/${id}`);
    const afterPages = await memory();
    const heap = (m: Memory) => m.heapUsed + m.arrayBuffers;
    return {
      pages,
      apiDetailCounted,
      kept: ids.length,
      perApiAnswer: { rss: (afterApi.rss - baseline.rss) / ids.length, heap: (heap(afterApi) - heap(baseline)) / ids.length },
      perPage: { rss: (afterPages.rss - afterApi.rss) / ids.length, heap: (heap(afterPages) - heap(afterApi)) / ids.length },
      sitemapAddresses,
    };
  } finally {
    await site.server.stop();
  }
}

function keptMarkdown(report: KeptReport): string {
  const lines = [
    '| Kept page, 10,000 publications | HTML | brotli | gzip | counted by the cache | pages a 64 MiB ceiling holds |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const page of report.pages) {
    lines.push(
      `| ${page.label} | ${bytes(page.identity)} | ${bytes(page.br)} | ${bytes(page.gzip)} | ${bytes(page.counted)} | ${num(Math.floor(DEFAULT_CEILING / page.counted))} |`,
    );
  }
  const publication = report.pages.find((page) => page.key === 'publication');
  lines.push(
    `| (its API answer, for comparison) | | | | ${bytes(report.apiDetailCounted)} | |`,
    '',
    `Held over the baseline after ${report.kept} publications' API answers, then their pages, were kept (gc'd), per entry: ` +
      `API answer ${bytes(report.perApiAnswer.heap)} of heap and Buffers (RSS ${bytes(report.perApiAnswer.rss)}); ` +
      `page ${bytes(report.perPage.heap)} (RSS ${bytes(report.perPage.rss)}).`,
  );
  if (publication) {
    const all = report.sitemapAddresses * (publication.counted + report.apiDetailCounted);
    lines.push(
      `The sitemap's ${num(report.sitemapAddresses)} addresses, each kept as a publication's page and its API answer, would count ${num(all / MiB, 0)} MiB against the 64 MiB ceiling.`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  if (process.env.BENCH_BASE_URL) {
    console.error('This bench starts its own servers: leave BENCH_BASE_URL unset.');
    process.exit(2);
  }
  requireTool('wrk');
  requireTool('nginx');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  // nginx workers run as 'nobody' when started by root: they must be able to read the files.
  fs.chmodSync(dir, 0o755);
  const cpus = os.cpus();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.versions.node,
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${num(os.totalmem() / 1024 ** 3)} GiB, ${os.type()} ${os.release()}`,
    settings: { duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS, threads: THREADS, requests: REQUESTS, kept: KEPT },
  };
  const work: Record<string, OtherWork> = {};
  const note = async (when: string) => {
    work[when] = await otherWork();
    console.info(`Other work ${when}: ${describeOtherWork(work[when])}.`);
  };
  const out: string[] = [];
  try {
    console.info(`${report.machine}; Node ${report.node}`);
    await note('before');
    if (PARTS.has('cached')) {
      const cached = await cachedPart(dir);
      report.cached = cached;
      for (const phase of cached.phases)
        console.info(`Other work during the ${phase.processes}-process rounds: ${describeOtherWork(phase.during)}.`);
      out.push(cachedMarkdown(cached));
      console.info(`\n${out.at(-1)}\n`);
      await note('after the cached part');
    }
    if (PARTS.has('uncached') || PARTS.has('kept')) {
      const dataDirs = { small: path.join(dir, 'small'), large: path.join(dir, 'large') };
      const fillSeconds = { small: 0, large: 0 };
      let images: Map<string, string> | undefined;
      for (const size of SIZES) {
        fs.mkdirSync(dataDirs[size.key], { recursive: true, mode: 0o700 });
        if (images) copyMedia(dataDirs.small, dataDirs[size.key]);
        else images = await storeDemoImages(dataDirs[size.key]);
        const started = performance.now();
        await fillContent({ dataDir: dataDirs[size.key] }, size, images);
        fillSeconds[size.key] = (performance.now() - started) / 1000;
        console.info(`Filled ${size.label} publications and ${num(size.biographies)} biographies in ${num(fillSeconds[size.key], 1)} s.`);
      }
      if (PARTS.has('uncached')) {
        console.info(`Uncached (PUBLIC_CACHE_MAX_BYTES=1), ${REQUESTS} sequential requests per page type and size...`);
        const uncached = await uncachedPart(dir, dataDirs, fillSeconds);
        report.uncached = uncached;
        console.info(`Other work during the first page type: ${describeOtherWork(uncached.during)}.`);
        out.push(uncachedMarkdown(uncached));
        console.info(`\n${out.at(-1)}\n`);
        await note('after the uncached part');
      }
      if (PARTS.has('kept')) {
        const kept = await keptPart(dir, dataDirs.large, SIZES[1]);
        report.kept = kept;
        out.push(keptMarkdown(kept));
        console.info(`\n${out.at(-1)}\n`);
        await note('after');
      }
    }
    report.otherWork = work;
    const resultsDir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    console.info(`Saved ${path.relative(ROOT, file)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error);
  process.exit(1);
});
