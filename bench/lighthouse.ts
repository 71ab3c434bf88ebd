/**
 * Lighthouse on the public site (goals: performance ≥ 95,
 * accessibility 100, best practices 100, SEO 100).
 *
 *   npm run bench:lighthouse                 (mobile: Lighthouse's default, a throttled phone)
 *   npm run bench:lighthouse -- --desktop    (the desktop preset)
 *
 * Lighthouse is not in the product's install: it has its own package in bench/
 * (package.json and lock), which that script installs into bench/node_modules.
 *
 * Starts the real server on the demo content (bench/site-server.ts); then
 * bench/lighthouse-audit.mjs (plain node) launches Debian's Chromium through
 * chrome-launcher with the flags of playwright.config.ts and audits /,
 * /noticias, the first news item, the faculty (/cuerpo-docente) and a search's
 * results (/buscar?q=emociones): every public page type.
 * Prints the four category scores of each page; results also go to
 * bench/results/lighthouse-<preset>-<time>.json. BENCH_RUNS=n takes the
 * median of n runs per page (default 1). BENCH_CPU_SLOWDOWN=x audits with an x×
 * CPU slowdown instead of the preset's, to compare machines of different speeds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, firstPublicationPath, startSiteServer } from './site-server';

const desktop = process.argv.includes('--desktop');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const LIGHTHOUSE_VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
).version;

interface PageResult {
  url: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  metrics: Record<string, string>;
  notPassed: string[];
  lcpElement: string;
  /** Lighthouse's estimate of this machine's CPU power (its docs/throttling.md): the 4× slowdown assumes 1,500–2,000. */
  benchmarkIndex: number;
  /** The CPU slowdown the audit ran with (the preset's, or BENCH_CPU_SLOWDOWN). */
  cpuSlowdown: number;
  warnings: string[];
}

async function main() {
  const server = await startSiteServer();
  let results: PageResult[];
  try {
    const pages = ['/', '/noticias', await firstPublicationPath(server.baseUrl), '/cuerpo-docente', '/buscar?q=emociones'].map(
      (p) => `${server.baseUrl}${p}`,
    );
    const audit = spawnSync(
      process.execPath,
      [path.join(__dirname, 'lighthouse-audit.mjs'), ...(desktop ? ['--desktop'] : []), '--runs', String(RUNS), ...pages],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
    );
    if (audit.status !== 0) throw new Error(`Lighthouse failed (exit ${audit.status})`);
    results = JSON.parse(audit.stdout.trim().split('\n').pop()!) as PageResult[];
  } finally {
    await server.stop();
  }

  console.info(`Lighthouse ${LIGHTHOUSE_VERSION} (${desktop ? 'desktop' : 'mobile'} preset, ${RUNS} run(s) per page, median)`);
  console.info('  page                      perf  a11y  best   seo   FCP / LCP / TBT / CLS');
  for (const r of results) {
    const m = r.metrics;
    const cell = (n: number) => String(n).padStart(4);
    console.info(
      `  ${(new URL(r.url).pathname + new URL(r.url).search).padEnd(24)}  ${cell(r.scores.performance)}  ${cell(r.scores.accessibility)}  ${cell(r.scores['best-practices'])}  ${cell(r.scores.seo)}   ${m['first-contentful-paint']} / ${m['largest-contentful-paint']} / ${m['total-blocking-time']} / ${m['cumulative-layout-shift']}`,
    );
    if (r.notPassed.length) console.info(`      not passed: ${r.notPassed.join(', ')}`);
    if (process.env.BENCH_VERBOSE) console.info(`      LCP element: ${r.lcpElement}`);
  }
  console.info(`  Lighthouse's benchmarkIndex of this machine: ${results.map((r) => r.benchmarkIndex).join(', ')}`);
  console.info(`  CPU slowdown: ${results[0]?.cpuSlowdown}× (BENCH_CPU_SLOWDOWN sets another)`);
  for (const warning of new Set(results.flatMap((r) => r.warnings))) console.info(`  Lighthouse warns: ${warning}`);
  const date = new Date().toISOString();
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench', 'results', `lighthouse-${desktop ? 'desktop' : 'mobile'}-${date.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ date, preset: desktop ? 'desktop' : 'mobile', runs: RUNS, results }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
