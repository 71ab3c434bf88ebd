/**
 * The layout editor with a long publication (goal in docs/performance.md): 50
 * rows, 100 cells, 30 of them text, in Debian's Chromium against the real
 * server and the production build.
 *
 *   npm run build && flock /tmp/e2e.lock npx tsx bench/layout-editor.ts
 *
 * 1. Open: from handing the layout to the editor to its 50 rows on screen
 *    (two animation frames after the state change), median of 5.
 * 2. Typing: opens the 15th text cell (TinyMCE loads, the first time from cold), types 98
 *    characters, and reports each keystroke's latency as the Event Timing API
 *    sees it inside the editor (input delay + handlers + next paint), plus how
 *    many TinyMCE instances exist (only the text cell being edited has one).
 * The layout reaches the editor the way the publication form will hand it
 * over: a `layoutEditor/layoutLoaded` action on the app's store (found through
 * React's root, since the production build exposes nothing).
 * Results also go to bench/results/layout-editor-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Layout } from '../src/domain/entities';
import { median, startAdminSession } from './admin-session';
import { ROOT } from './site-server';

/** 50 rows, 100 cells: 30 text, 40 image, 30 video. */
function longLayout(imageUrl: string): Layout {
  const layout: Layout = [];
  let text = 0;
  let n = 0;
  for (let r = 0; r < 50; r += 1) {
    const cells = [0, 1].map(() => {
      n += 1;
      const type = text < 30 && n % 10 < 3 ? 'text' : n % 10 < 7 ? 'image' : 'video';
      if (type === 'text') text += 1;
      const content =
        type === 'text'
          ? `<h2>Apartado ${n}</h2><p>${'La convivencia escolar se construye cada día en el aula. '.repeat(6)}</p><ul><li>Uno</li><li>Dos</li></ul>`
          : type === 'image'
            ? imageUrl
            : 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
      return { id: `c${n}`, type, content, columnSpan: 2, ...(type === 'image' ? { alt: `Imagen ${n}` } : {}) } as const;
    });
    layout.push({ id: `r${r}`, cells: [...cells] });
  }
  return layout;
}

/** Hands a layout to the editor through the app's store, and resolves with the ms until it is on screen. */
const loadLayout = (page: Page, layout: Layout) =>
  page.evaluate(async (rows) => {
    const container = document.getElementById('root') as unknown as Record<string, unknown>;
    type Fiber = { memoizedProps?: { store?: { dispatch: (action: unknown) => void } }; child?: Fiber; sibling?: Fiber };
    let fiber = container[Object.keys(container).find((key) => key.startsWith('__reactContainer$'))!] as Fiber | undefined;
    const stack: Fiber[] = [];
    let store: { dispatch: (action: unknown) => void } | undefined;
    while (fiber && !store) {
      store = fiber.memoizedProps?.store;
      if (fiber.sibling) stack.push(fiber.sibling);
      fiber = fiber.child ?? stack.pop();
    }
    if (!store) throw new Error('No store found under #root');
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    store.dispatch({ type: 'layoutEditor/layoutLoaded', payload: [] });
    for (let i = 0; i < 2; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    const start = performance.now();
    store.dispatch({ type: 'layoutEditor/layoutLoaded', payload: rows });
    for (let i = 0; i < 2; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    if (document.querySelectorAll('.layout-editor-row').length !== rows.length) throw new Error('rows not shown');
    return performance.now() - start;
  }, layout);

const TYPED = 'Una frase más para medir cuánto tarda cada tecla en aparecer en pantalla mientras se escribe aquí.';

/**
 * Loads `layout`, opens its n-th text cell and types TYPED into TinyMCE. Key
 * latencies come from the Event Timing API inside the editor's frame, which
 * only reports events of 16 ms or more: faster keys count as "16 ms or less".
 */
async function typeInto(page: Page, layout: Layout, nthText: number) {
  await loadLayout(page, layout);
  const textCells = layout.flatMap((row, r) => row.cells.flatMap((c, i) => (c.type === 'text' ? [{ row: r + 1, cell: i + 1 }] : [])));
  const target = textCells[nthText];
  const cell = page.getByRole('group', { name: `Celda ${target.cell} de la fila ${target.row}` });
  await cell.scrollIntoViewIfNeeded();
  const openedAt = Date.now();
  await cell.getByRole('button', { name: /^Editar texto/ }).click();
  const body = cell.locator('.tox iframe').contentFrame().locator('body[contenteditable="true"]');
  await body.waitFor();
  const editorReadyMs = Date.now() - openedAt;
  const tinymceInstances = await page.locator('.tox-tinymce').count();
  await body.click();
  await page.keyboard.press('End');
  await body.evaluate(() => {
    const w = window as unknown as { latencies: number[] };
    w.latencies = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'keydown') w.latencies.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  const typingStart = Date.now();
  for (const char of TYPED) await page.keyboard.type(char, { delay: 30 });
  const typingMs = Date.now() - typingStart;
  await page.waitForTimeout(500);
  const slow = await body.evaluate(() => (window as unknown as { latencies: number[] }).latencies);
  const all = [...slow, ...Array<number>(Math.max(0, TYPED.length - slow.length)).fill(16)];
  await cell.getByRole('button', { name: 'Terminar de editar' }).click();
  return {
    editorReadyMs,
    tinymceInstances,
    characters: TYPED.length,
    typingMs,
    keyLatencyMs: { median: median(all), p95: percentile(all, 95), max: Math.max(...all), over50ms: all.filter((d) => d > 50).length },
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function main() {
  const { server, page, close } = await startAdminSession();
  try {
    const publications = (await (await fetch(`${server.baseUrl}/api/public/publications/?section_slug=noticias`)).json()) as {
      results: { featured_image: string | null }[];
    };
    const imageUrl = publications.results.find((p) => p.featured_image)?.featured_image ?? '';

    await page.goto(`${server.baseUrl}/admin/publications/new`);
    await page.getByRole('heading', { name: 'Diseño' }).waitFor();

    const layout = longLayout(imageUrl);
    const openTimes: number[] = [];
    for (let run = 0; run < 5; run += 1) openTimes.push(await loadLayout(page, layout));

    const long = await typeInto(page, layout, 14);
    // The same typing with a one-cell layout: what TinyMCE and the machine cost by themselves.
    const single = await typeInto(
      page,
      [{ id: 'solo', cells: [{ id: 'solo-1', type: 'text', content: '<p>Texto.</p>', columnSpan: 4 }] }],
      0,
    );

    const result = {
      rows: layout.length,
      cells: layout.reduce((sum, row) => sum + row.cells.length, 0),
      textCells: layout.reduce((sum, row) => sum + row.cells.filter((c) => c.type === 'text').length, 0),
      openMs: { runs: openTimes.map((t) => Math.round(t)), median: Math.round(median(openTimes)) },
      long,
      oneCellBaseline: single,
    };
    console.info(JSON.stringify(result, null, 2));
    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `layout-editor-${Date.now()}.json`), JSON.stringify(result, null, 2));
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
