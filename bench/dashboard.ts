/**
 * The admin list's status filter and the admin landing's dashboard at 10,000
 * publications. The goals: each status's first page within twice the same
 * request at 100 publications and under 250 ms; GET /api/dashboard/ under
 * 100 ms at 10,000.
 *
 *   npx tsx bench/dashboard.ts        (BENCH_REQUESTS=100 per figure)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.ts
 *                                     (PostgreSQL: two temporary databases, vacuumed and
 *                                      analysed once filled, dropped at the end)
 *
 * Both databases are filled through the repositories (bench/scale-content.ts:
 * 80 % published, 2 % of them dated after today, drafts, archived), then the
 * real server (src/server/main.ts, one process) is started on each. Requests
 * are sequential and alternate between the two servers (small, large,
 * small...), so that whatever else the machine does weighs on both alike; the
 * times are of the whole request on the loopback, so the server's share is a
 * little less. The machine's other work during the run is printed with the
 * figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { describeOtherWork, otherWork } from './other-work';
import { fillContent, storeDemoImages, copyMedia, type ContentSize, type ContentTarget } from './scale-content';
import { startSiteServer, type SiteServer } from './site-server';
import { ms, quantile, timedGet } from './timed-request';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ADMIN = { username: 'bench', password: 'clave-de-bench-resumen' };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = POSTGRES_URL ? 'PostgreSQL' : 'SQLite';

interface Size extends ContentSize {
  key: 'small' | 'large';
  label: string;
}

const SIZES: Size[] = [
  { key: 'small', label: '100', publications: 100, biographies: 10 },
  { key: 'large', label: '10,000', publications: 10_000, biographies: 100 },
];

const LIST = '/api/publications/?page=1&page_size=20&omit=layout';
const REQUESTS_MEASURED: { label: string; path: string; goal: 'list' | 'dashboard' }[] = [
  { label: 'List, every status', path: LIST, goal: 'list' },
  { label: 'List, status=draft', path: `${LIST}&status=draft`, goal: 'list' },
  { label: 'List, status=scheduled', path: `${LIST}&status=scheduled`, goal: 'list' },
  { label: 'List, status=published', path: `${LIST}&status=published`, goal: 'list' },
  { label: 'List, status=archived', path: `${LIST}&status=archived`, goal: 'list' },
  { label: 'List, status=published + search', path: `${LIST}&status=published&search=convivencia`, goal: 'list' },
  { label: 'Dashboard', path: '/api/dashboard/', goal: 'dashboard' },
];

interface Site {
  size: Size;
  server: SiteServer;
  token: string;
}

const databaseName = (size: Size) => `bench_dashboard_${size.key}_${process.pid}`;

function databaseUrlFor(size: Size): string {
  const url = new URL(POSTGRES_URL as string);
  url.pathname = `/${databaseName(size)}`;
  return url.toString();
}

async function onPostgres(url: string, query: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function prepare(size: Size, images: Map<string, string>, imagesDir: string): Promise<ContentTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-dashboard-${size.key}-`));
  copyMedia(imagesDir, dataDir);
  const target: ContentTarget = { dataDir };
  if (POSTGRES_URL) {
    await onPostgres(POSTGRES_URL, `CREATE DATABASE ${databaseName(size)}`);
    target.databaseUrl = databaseUrlFor(size);
  }
  await fillContent(target, size, images);
  if (target.databaseUrl) await onPostgres(target.databaseUrl, 'VACUUM ANALYZE');
  return target;
}

async function startSite(size: Size, target: ContentTarget): Promise<Site> {
  const server = await startSiteServer({
    needsBuild: false,
    env: {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: '1000',
      ACCESS_TOKEN_LIFETIME: '3600',
    },
  });
  const reply = await fetch(`${server.baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!reply.ok) throw new Error(`sign-in answered ${reply.status}`);
  return { size, server, token: ((await reply.json()) as { access: string }).access };
}

const timed = (site: Site, address: string) => timedGet(site.server.baseUrl, site.token, address);

async function main() {
  const before = await otherWork();
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-images-'));
  const images = await storeDemoImages(imagesDir);
  const targets = await Promise.all(SIZES.map((size) => prepare(size, images, imagesDir)));
  const sites: Site[] = [];
  try {
    for (const [index, size] of SIZES.entries()) sites.push(await startSite(size, targets[index]));
    const rows: string[] = [];
    for (const request of REQUESTS_MEASURED) {
      const times: Record<Size['key'], number[]> = { small: [], large: [] };
      // A few first requests warm each server's caches and plans.
      for (const site of sites) for (let i = 0; i < 5; i++) await timed(site, request.path);
      for (let i = 0; i < REQUESTS; i++) for (const site of sites) times[site.size.key].push(await timed(site, request.path));
      const [small, large] = [quantile(times.small, 0.5), quantile(times.large, 0.5)];
      const largeP95 = quantile(times.large, 0.95);
      const met = request.goal === 'list' ? large <= 2 * small && largeP95 < 250 : large < 100 && largeP95 < 100;
      rows.push(
        `| ${request.label} | ${ms(small)} | ${ms(large)} | ${ms(largeP95)} | ${(large / small).toFixed(2)}× | ${met ? 'yes' : 'NO'} |`,
      );
    }
    const after = await otherWork();
    console.info(
      `\n${ENGINE}, ${REQUESTS} sequential requests per figure and size, alternating between the sites (median; p95 at 10,000):\n`,
    );
    console.info('| Request | 100 | 10,000 | 10,000 p95 | Ratio | Goal met |');
    console.info('|---|---|---|---|---|---|');
    for (const row of rows) console.info(row);
    console.info(`\nOther work before: ${describeOtherWork(before)}`);
    console.info(`Other work after: ${describeOtherWork(after)}`);
  } finally {
    for (const site of sites) await site.server.stop();
    for (const target of targets) fs.rmSync(target.dataDir, { recursive: true, force: true });
    fs.rmSync(imagesDir, { recursive: true, force: true });
    if (POSTGRES_URL) for (const size of SIZES) await onPostgres(POSTGRES_URL, `DROP DATABASE IF EXISTS ${databaseName(size)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
