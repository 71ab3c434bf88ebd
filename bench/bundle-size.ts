/**
 * The JavaScript the home page downloads, in gzip bytes (budget 120 KB, docs/decisions/060-public-bundle-budget.md).
 *
 *   npm run build && npx tsx bench/bundle-size.ts
 *
 * 1. Static: the <script> tags of dist/client/index.html (what every page
 *    starts with), each file gzipped at level 9.
 * 2. In the browser: loads / in Debian's Chromium (Playwright) against the
 *    real server, records every JavaScript response, and sums the same gzip
 *    sizes of those files: first at load (until the network is idle), then
 *    after scrolling to the bottom (the below-the-fold "Últimas noticias"
 *    block loads its chunk when the visitor gets near it).
 * Exits 1 when the JavaScript at load exceeds the budget.
 * Results also go to bench/results/bundle-size-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from './admin-session';
import { ROOT, startSiteServer } from './site-server';

const BUDGET_BYTES = 120 * 1000;
const CLIENT_DIR = process.env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client');

const gzipSize = (file: string): number => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const fileOf = (url: string) => path.join(CLIENT_DIR, new URL(url).pathname);

function staticScripts(): { file: string; gzip: number }[] {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  return Array.from(html.matchAll(/<script[^>]*\ssrc=["']?([^"' >]+)/g), (m) => m[1]).map((src) => ({
    file: src,
    gzip: gzipSize(path.join(CLIENT_DIR, src)),
  }));
}

async function main() {
  const initial = staticScripts();
  const server = await startSiteServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.add(response.url());
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    const atLoad = [...scripts];
    await page.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const afterScroll = [...scripts];

    const describe = (urls: string[]) => urls.map((url) => ({ file: new URL(url).pathname, gzip: gzipSize(fileOf(url)) }));
    const loadFiles = describe(atLoad);
    const scrollFiles = describe(afterScroll);
    const total = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);
    const result = {
      date: new Date().toISOString(),
      budgetBytes: BUDGET_BYTES,
      indexHtmlScripts: { files: initial, gzipBytes: total(initial) },
      homeAtLoad: { files: loadFiles, gzipBytes: total(loadFiles) },
      homeAfterScroll: { files: scrollFiles, gzipBytes: total(scrollFiles) },
    };

    console.info('Home page JavaScript (gzip -9 of each file):');
    console.info(
      `  index.html scripts:   ${kb(result.indexHtmlScripts.gzipBytes)}  ${initial.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')}`,
    );
    console.info(`  / at load:            ${kb(result.homeAtLoad.gzipBytes)}  (${loadFiles.length} file(s))`);
    console.info(
      `  / after scrolling:    ${kb(result.homeAfterScroll.gzipBytes)}  ${scrollFiles.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')}`,
    );
    console.info(`  budget:               ${kb(BUDGET_BYTES)} -> ${result.homeAtLoad.gzipBytes <= BUDGET_BYTES ? 'within' : 'OVER'}`);

    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench', 'results', `bundle-size-${result.date.replace(/[:.]/g, '-')}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    if (result.homeAtLoad.gzipBytes > BUDGET_BYTES) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
