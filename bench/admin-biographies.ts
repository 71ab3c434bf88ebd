/**
 * The admin biography list with 1,000 biographies, in Chromium against the
 * real server: how long until the table is on screen (its first page of
 * 100), and how long one keyboard move and one 'Bajar' press take to show.
 *
 *   npm run build && npx tsx bench/admin-biographies.ts      # BENCH_RUNS=5
 *
 * Prints the figures (median and worst of BENCH_RUNS) as JSON and a table.
 */
import type { Page } from '@playwright/test';
import { BENCH_ADMIN, spread, startAdminSession } from './admin-session';

const TARGET = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function fillBiographies(baseUrl: string): Promise<void> {
  const token = (
    (await (
      await fetch(`${baseUrl}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(BENCH_ADMIN),
      })
    ).json()) as { access: string }
  ).access;
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const existing = ((await (await fetch(`${baseUrl}/api/biographies/?page_size=1000&all=true`, { headers })).json()) as { count: number })
    .count;
  const missing = Array.from({ length: TARGET - existing }, (_, index) => index + existing + 1);
  // Eight at a time: quick, without queueing the server's writes too deep.
  for (let start = 0; start < missing.length; start += 8) {
    await Promise.all(
      missing.slice(start, start + 8).map(async (n) => {
        const form = new FormData();
        form.append('name', `Docente de prueba ${n}`);
        form.append('position', 'Profesorado asociado');
        form.append('biography', 'Biografía de prueba para medir la lista del panel con mil entradas.');
        form.append('email', `docente${n}@example.org`);
        form.append('order', String(n));
        const answer = await fetch(`${baseUrl}/api/biographies/`, { method: 'POST', headers, body: form });
        if (answer.status !== 201) throw new Error(`biography ${n}: ${answer.status} ${await answer.text()}`);
      }),
    );
  }
}

const rowIds = (page: Page) =>
  page.locator('[data-row-id]').evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-row-id')));

async function main() {
  const { server, page, close } = await startAdminSession();
  try {
    await fillBiographies(server.baseUrl);

    const firstRender: number[] = [];
    const keyboardMove: number[] = [];
    const buttonMove: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Time to first render: from navigation start to the table's first page and the count of all 1,000.
      await page.goto(`${server.baseUrl}/admin/biographies`);
      await page.waitForFunction(
        (count) =>
          document.querySelector('h1')?.textContent === `Biografías (${count})` && document.querySelectorAll('[data-row-id]').length > 0,
        TARGET,
        { polling: 'raf', timeout: 60_000 },
      );
      firstRender.push(await page.evaluate(() => performance.now()));

      // One keyboard move: space lifts the first row, arrow down, space drops; until the rows swap.
      const [first] = await rowIds(page);
      await page.locator('[data-row-id] .kit-drag-handle').first().focus();
      const keySaved = page.waitForResponse((r) => r.url().endsWith('/reorder/'));
      const keyStart = Date.now();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.waitForFunction((id) => document.querySelectorAll('[data-row-id]')[1]?.getAttribute('data-row-id') === id, first, {
        polling: 'raf',
      });
      keyboardMove.push(Date.now() - keyStart);
      await keySaved;

      // One 'Bajar' press on the (new) first row, until it is second.
      const [top] = await rowIds(page);
      const buttonSaved = page.waitForResponse((r) => r.url().endsWith('/reorder/'));
      const buttonStart = Date.now();
      await page.locator(`[data-row-id="${top}"] [data-move="down"]`).click();
      await page.waitForFunction((id) => document.querySelectorAll('[data-row-id]')[1]?.getAttribute('data-row-id') === id, top, {
        polling: 'raf',
      });
      buttonMove.push(Date.now() - buttonStart);
      await buttonSaved;
    }
    const figures = {
      biographies: TARGET,
      runs: RUNS,
      firstRenderMs: spread(firstRender),
      keyboardMoveMs: spread(keyboardMove),
      buttonMoveMs: spread(buttonMove),
    };
    console.info(JSON.stringify(figures, null, 2));
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
