/**
 * Reordering long admin lists, in Chromium against the real server: 5,000
 * biographies (paged by the table, 100 a page) and 10,000 publications (paged
 * by the server, 20 a page), filled through the repositories by
 * test/e2e/support/seed-at-scale.ts. For each list, BENCH_RUNS times:
 *
 * - 'Bajar' on the first row: from the click until the row is second on
 *   screen and the server's answer is in (the settled row), and the request's
 *   size (items, bytes);
 * - 'Bajar' on the page's last row, across the page edge: from the click until
 *   the row leads the next page with focus and the answer is in, and the size.
 *
 *   npm run build && npm run bench:reorder      # BENCH_RUNS=5
 *
 * Prints the figures (median and worst) as JSON, with what else ran on the machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BENCH_ADMIN, launchChromium, spread } from './admin-session';
import { describeOtherWork, otherWork } from './other-work';
import { ROOT, startSiteServer } from './site-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Move {
  ms: number;
  items: number;
  bytes: number;
}

/** Clicks a move button and waits for the row to settle where `settled` says, and for the server's answer. */
async function timeMove(page: Page, resource: string, button: string, settled: () => Promise<unknown>): Promise<Move> {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(`/api/${resource}/reorder/`) && response.request().method() === 'PATCH',
  );
  const start = Date.now();
  await page.locator(button).click();
  const [response] = await Promise.all([answered, settled()]);
  const ms = Date.now() - start;
  if (response.status() !== 200) throw new Error(`reorder answered ${response.status()}`);
  const body = response.request().postData() ?? '';
  return { ms, items: (JSON.parse(body) as unknown[]).length, bytes: Buffer.byteLength(body) };
}

const rowIdAt = (page: Page, index: number) => page.locator('[data-row-id]').nth(index).getAttribute('data-row-id');

const focusedRowIs = (page: Page, id: string | null, index: number) =>
  page.waitForFunction(
    ({ id, index }) =>
      document.querySelectorAll('[data-row-id]')[index]?.getAttribute('data-row-id') === id &&
      document.activeElement?.closest('[data-row-id]')?.getAttribute('data-row-id') === id,
    { id, index },
    { polling: 'raf', timeout: 60_000 },
  );

const summary = (moves: Move[]) => ({
  clickToSettledMs: spread(moves.map((m) => m.ms)),
  requestItems: moves[0].items,
  requestBytes: spread(moves.map((m) => m.bytes)),
});

async function measureList(
  page: Page,
  baseUrl: string,
  list: { path: string; resource: string; ready: () => Promise<unknown>; pageSize: number },
) {
  const first: Move[] = [];
  const edge: Move[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${baseUrl}${list.path}`);
    await list.ready();
    const top = await rowIdAt(page, 0);
    first.push(await timeMove(page, list.resource, `[data-row-id="${top}"] [data-move="down"]`, () => focusedRowIs(page, top, 1)));
    const last = await rowIdAt(page, list.pageSize - 1);
    edge.push(await timeMove(page, list.resource, `[data-row-id="${last}"] [data-move="down"]`, () => focusedRowIs(page, last, 0)));
  }
  return { firstRow: summary(first), acrossPageEdge: summary(edge) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reorder-'));
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/e2e/support/seed-at-scale.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const server = await startSiteServer({
    env: { DATA_DIR: dataDir, ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, LOGIN_RATE_LIMIT_MAX: '1000' },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.getByLabel('Usuario').fill(BENCH_ADMIN.username);
    await page.getByLabel('Contraseña').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/admin$/);

    const machine = otherWork();
    const biographies = await measureList(page, server.baseUrl, {
      path: '/admin/biographies',
      resource: 'biographies',
      pageSize: 100,
      ready: () => page.getByRole('heading', { level: 1, name: 'Biografías (5000)' }).waitFor({ timeout: 60_000 }),
    });
    const publications = await measureList(page, server.baseUrl, {
      path: '/admin/publications',
      resource: 'publications',
      pageSize: 20,
      ready: () => page.getByText('10000 publicaciones').waitFor({ timeout: 60_000 }),
    });
    console.info(
      JSON.stringify(
        {
          runs: RUNS,
          cpus: os.cpus().length,
          biographies5000: biographies,
          publications10000: publications,
          otherWork: describeOtherWork(await machine),
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
