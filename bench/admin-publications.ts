/**
 * The admin publication list with 10,000 publications, in Chromium against the
 * real server (goal: its first page in under 1 s): the time from navigation
 * to the first page of rows and the count, and the time of one title search.
 *
 *   npm run build && npx tsx bench/admin-publications.ts      # BENCH_RUNS=5
 *
 * The publications are copies of the demo ones (with their layouts) written
 * straight into the server's SQLite file: through the API each would need its
 * featured image re-encoded, which would make the setup, not the list, the bench.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { spread, startAdminSession } from './admin-session';

const TARGET = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/**
 * Copies of the demo publications, each with its own title and order, until there are TARGET;
 * each copy's search key is its original's plus the same suffix (which has nothing to fold),
 * as the repository would store it (src/domain/search.ts).
 */
function fillPublications(dataDir: string): number {
  const db = new SQLite(path.join(dataDir, 'db.sqlite3'));
  try {
    db.pragma('busy_timeout = 5000');
    const existing = (db.prepare('SELECT COUNT(*) AS n FROM publications').get() as { n: number }).n;
    db.prepare(
      `WITH RECURSIVE copy(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM copy WHERE i < ?),
       demo AS (SELECT p.*, ROW_NUMBER() OVER (ORDER BY p.id) - 1 AS k FROM publications p)
       INSERT INTO publications (title, title_search, section_id, status, featured_image, is_featured, publish_date, layout, "order", created_at, updated_at, version)
       SELECT d.title || ' · copia ' || copy.i, d.title_search || ' · copia ' || copy.i, d.section_id, d.status, d.featured_image, d.is_featured, d.publish_date, d.layout, -copy.i, d.created_at, d.updated_at, 1
       FROM copy JOIN demo d ON d.k = copy.i % ?`,
    ).run(TARGET - existing, existing);
    return (db.prepare('SELECT COUNT(*) AS n FROM publications').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function main() {
  const { server, page, close } = await startAdminSession();
  try {
    if (!server.dataDir) throw new Error("This bench writes into its own server's database: leave BENCH_BASE_URL unset.");
    const total = fillPublications(server.dataDir);

    const firstPage: number[] = [];
    const search: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // From navigation start until the first page's rows and the total count are on screen.
      await page.goto(`${server.baseUrl}/admin/publications`);
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-row-id]').length > 0 &&
          (document.querySelector('.kit-pager')?.textContent ?? '').includes(`${count} publicaciones`),
        total,
        { polling: 'raf', timeout: 60_000 },
      );
      firstPage.push(await page.evaluate(() => performance.now()));

      // One title search, from the press of 'Buscar' until only matching rows show.
      const term = `copia ${4321 + run}`;
      await page.getByLabel('Buscar por título').fill(term);
      const searchStart = Date.now();
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForFunction(
        (words) => {
          const rows = [...document.querySelectorAll('[data-row-id]')];
          return rows.length > 0 && rows.every((row) => row.textContent?.includes(words));
        },
        term,
        { polling: 'raf', timeout: 60_000 },
      );
      search.push(Date.now() - searchStart);
    }
    const figures = {
      publications: total,
      runs: RUNS,
      firstPageMs: spread(firstPage),
      searchMs: spread(search),
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
