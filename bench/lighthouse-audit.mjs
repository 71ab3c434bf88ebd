// Runs Lighthouse on the given addresses and prints one JSON line of results.
// Plain JavaScript on purpose, run by bench/lighthouse.ts with plain `node`:
// Lighthouse sends some of its functions into the page as source text, and a
// TypeScript loader (tsx) that rewrites them breaks them in the browser.
//   node bench/lighthouse-audit.mjs [--desktop] [--runs N] URL...
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const args = process.argv.slice(2);
const desktop = args.includes('--desktop');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1])) : 1;
const urls = args.filter((a, i) => a.startsWith('http') && i !== runsAt + 1);
// BENCH_CPU_SLOWDOWN: Lighthouse's CPU slowdown in place of its preset's (4 on mobile). Its 4× assumes a
// machine whose benchmarkIndex is about 1,500–2,000 (docs/throttling.md); on a faster one the same page
// scores higher, so comparing machines means scaling it by their benchmarkIndex (docs/performance.md).
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 0);
const throttlingFlags = cpuSlowdown > 0 ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const results = [];
try {
  for (const url of urls) {
    const each = [];
    for (let i = 0; i < runs; i += 1) {
      const answer = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...throttlingFlags },
        desktop ? desktopConfig : undefined,
      );
      const { lhr } = answer;
      each.push({
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? ''])),
        notPassed: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
        warnings: lhr.runWarnings ?? [],
        lcpElement:
          JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? '',
      });
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(each.map((r) => r.scores[c]))]));
    const middle = each.find((r) => r.scores.performance === scores.performance) ?? each[0];
    results.push({
      url,
      scores,
      metrics: middle.metrics,
      notPassed: middle.notPassed,
      lcpElement: middle.lcpElement,
      benchmarkIndex: median(each.map((r) => r.benchmarkIndex)),
      cpuSlowdown: middle.cpuSlowdown,
      warnings: middle.warnings,
    });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
