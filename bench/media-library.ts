/**
 * The media library ('Medios') at 10,000 items: its first page, the images filter and a search,
 * beside the same requests at 100 items. The goal (docs/decisions/192): p95 under 50 ms at
 * 10,000.
 *
 *   npx tsx bench/media-library.ts      (BENCH_REQUESTS=100 per figure; SQLite)
 *
 * Each site's library is filled through the repository (media-repository.ts insertMedia: titles
 * and file names from a small vocabulary, nine images to one document, dates spread over two
 * years), then the real server (one process) is started on it. Requests are sequential and
 * alternate between the two sites (small, large, small...), so that whatever else the machine
 * does weighs on both alike; the times are of the whole request on the loopback. The machine's
 * other work during the run is printed with the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { insertMedia } from '../src/server/db/media-repository';
import { migrateToLatest } from '../src/server/db/migrate';
import { describeOtherWork, otherWork } from './other-work';
import { startSiteServer, type SiteServer } from './site-server';
import { ms, quantile, timedGet } from './timed-request';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ADMIN = { username: 'bench', password: 'clave-de-bench-medios' };
const SIZES = [
  { key: 'small', items: 100 },
  { key: 'large', items: 10_000 },
] as const;
const MEASURED = [
  { label: 'First page (40)', path: '/api/media/?page=1&page_size=40' },
  { label: 'Images only', path: '/api/media/?page=1&page_size=40&kind=image' },
  { label: 'Search "congreso"', path: '/api/media/?page=1&page_size=40&search=congreso' },
  { label: 'Documents only', path: '/api/media/?page=1&page_size=40&kind=document' },
];
const WORDS = ['Cartel', 'Congreso', 'Jornada', 'Revista', 'Aula', 'Patio', 'Plan de estudios', 'Convocatoria', 'Retrato', 'Taller'];

async function fill(dataDir: string, items: number): Promise<void> {
  const db = createDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    const start = Date.now() - 2 * 365 * 24 * 3600 * 1000;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < items; i++) {
        const document = i % 10 === 9;
        const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length].toLowerCase()} ${i}`;
        const at = new Date(start + Math.floor((i / items) * 2 * 365 * 24 * 3600 * 1000)).toISOString();
        await insertMedia(trx, {
          kind: document ? 'document' : 'image',
          title,
          file_name: `${title}.${document ? 'pdf' : 'jpg'}`,
          url: document
            ? `/media/documentos/${i.toString(16).padStart(32, '0')}/doc-${i}.pdf`
            : `/media/images/00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}.jpg`,
          content_type: document ? 'application/pdf' : 'image/jpeg',
          size: 20_000 + i,
          width: document ? null : 1600,
          height: document ? null : 900,
          alt: '',
          created_by_id: null,
          created_at: at,
          updated_at: at,
        });
      }
    });
  } finally {
    await db.destroy();
  }
}

async function start(dataDir: string): Promise<{ server: SiteServer; token: string }> {
  const server = await startSiteServer({
    needsBuild: false,
    env: { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ACCESS_TOKEN_LIFETIME: '3600' },
  });
  const reply = await fetch(`${server.baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!reply.ok) throw new Error(`sign-in answered ${reply.status}`);
  return { server, token: ((await reply.json()) as { access: string }).access };
}

const timed = (site: { server: SiteServer; token: string }, address: string) => timedGet(site.server.baseUrl, site.token, address);

async function main() {
  const before = await otherWork();
  const dirs = SIZES.map((size) => fs.mkdtempSync(path.join(os.tmpdir(), `bench-media-${size.key}-`)));
  const sites: { server: SiteServer; token: string }[] = [];
  try {
    for (const [index, size] of SIZES.entries()) await fill(dirs[index], size.items);
    for (const dir of dirs) sites.push(await start(dir));
    const rows: string[] = [];
    for (const request of MEASURED) {
      const times: number[][] = [[], []];
      for (const site of sites) for (let i = 0; i < 5; i++) await timed(site, request.path);
      for (let i = 0; i < REQUESTS; i++) for (const [index, site] of sites.entries()) times[index].push(await timed(site, request.path));
      const [small, large] = times.map((values) => quantile(values, 0.5));
      const largeP95 = quantile(times[1], 0.95);
      rows.push(
        `| ${request.label} | ${ms(small)} | ${ms(large)} | ${ms(largeP95)} | ${(large / small).toFixed(2)}× | ${largeP95 < 50 ? 'yes' : 'NO'} |`,
      );
    }
    const after = await otherWork();
    console.info(`\nSQLite, ${REQUESTS} sequential requests per figure and size, alternating between the sites (median; p95 at 10,000):\n`);
    console.info('| Request | 100 items | 10,000 items | 10,000 p95 | Ratio | p95 < 50 ms |');
    console.info('|---|---|---|---|---|---|');
    for (const row of rows) console.info(row);
    console.info(`\nOther work before: ${describeOtherWork(before)}`);
    console.info(`Other work after: ${describeOtherWork(after)}`);
  } finally {
    for (const site of sites) await site.server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
