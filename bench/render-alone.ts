/**
 * For bench/pages.ts: the public site's renderer alone (src/server/render/site-renderer.ts),
 * in a process of its own started with NODE_ENV=production (React's production build, as
 * `npm start` runs it), fed the page data and settings the running server wrote into each
 * page (#datos-de-la-pagina, #site-settings). No database, no HTTP, no template, no
 * compression: one synchronous renderToString per call, and what it costs.
 *
 *   tsx bench/render-alone.ts <input.json> <output.json>
 *
 * The input is a list of pages (RenderInput); the output, for each, the time of every
 * render after a warm-up and whether the markup equals the #root the server sent.
 */
import fs from 'node:fs';
import { loadSiteRenderer } from '../src/server/render/site-renderer';
import type { PageData } from '@/domain/public-pages';
import type { SiteFrame } from '@/client/site/site-settings';

export interface RenderInput {
  label: string;
  size: string;
  url: string;
  data: PageData;
  frame: SiteFrame;
  /** The server's #root for this page, to check that the same markup is drawn. */
  root: string;
}

export interface RenderOutput {
  label: string;
  size: string;
  ms: number[];
  htmlBytes: number;
  sameAsServer: boolean;
}

/** Renders of one page in a row before the next page's. */
const ROUND = 10;

async function main(): Promise<void> {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: tsx bench/render-alone.ts <input.json> <output.json>');
  if (process.env.NODE_ENV !== 'production')
    throw new Error('run with NODE_ENV=production: React’s development build draws several times slower');
  const renders = Number(process.env.BENCH_RENDERS ?? 200);
  const warm = Number(process.env.BENCH_RENDER_WARM ?? 30);
  const pages = JSON.parse(fs.readFileSync(input, 'utf8')) as RenderInput[];
  const render = await loadSiteRenderer();
  const draw = (page: RenderInput) => render({ url: page.url, data: page.data, frame: page.frame });
  const results: RenderOutput[] = pages.map((page) => {
    let html = '';
    for (let i = 0; i < warm; i++) html = draw(page);
    return { label: page.label, size: page.size, ms: [], htmlBytes: Buffer.byteLength(html), sameAsServer: html === page.root };
  });
  // In rounds of a few renders of each page in turn, so that whatever else the machine does weighs on all alike.
  for (let done = 0; done < renders; done += ROUND) {
    for (const [index, page] of pages.entries()) {
      for (let i = 0; i < Math.min(ROUND, renders - done); i++) {
        const started = performance.now();
        draw(page);
        results[index].ms.push(performance.now() - started);
      }
    }
  }
  fs.writeFileSync(output, JSON.stringify(results));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
