/**
 * Public API throughput against a static-file baseline.
 *
 *   npm run bench:api            (BENCH_DURATION=10 seconds per target, BENCH_CONNECTIONS=10)
 *
 * Starts the real server (`src/server/main.ts`) on a fresh data directory with
 * the demo content, saves the answer of GET /api/public/publications/?section_slug=noticias
 * as a file, serves that file with nginx (Debian's package, one worker per
 * CPU) on another loopback port, and loads both with wrk: requests per
 * second, p50 and p99 latency, and the ratio API / nginx. The API is measured
 * as one process and as one per CPU (WEB_CONCURRENCY, node:cluster), since
 * nginx uses every CPU. Results also go to bench/results/api-<time>.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './local-ports';
import { startNginx } from './local-nginx';

const ROOT = path.resolve(__dirname, '..');
const API_PATH = '/api/public/publications/?section_slug=noticias';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);

interface Result {
  target: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function requireTool(name: string): void {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    console.error(`${name} is not installed (apt-get install -y ${name}).`);
    process.exit(2);
  }
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!match) throw new Error(`Unreadable wrk latency: ${value}`);
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

function wrk(url: string, seconds: number): { requestsPerSecond: number; p50Ms: number; p99Ms: number; output: string } {
  const run = spawnSync('wrk', [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const output = run.stdout;
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)?.[1];
  if (!rps || !p50 || !p99) throw new Error(`Unreadable wrk output:\n${output}`);
  if (/Non-2xx or 3xx responses/.test(output)) throw new Error(`${url} answered errors under load:\n${output}`);
  return { requestsPerSecond: Number(rps), p50Ms: toMs(p50), p99Ms: toMs(p99), output };
}

function measure(target: string, url: string): Result {
  wrk(url, 2); // warm-up: JIT, caches, connections
  const { requestsPerSecond, p50Ms, p99Ms } = wrk(url, DURATION);
  return { target, url, requestsPerSecond, p50Ms, p99Ms };
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  requireTool('wrk');
  requireTool('nginx');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  // nginx workers run as 'nobody' when started by root: they must be able to read the file.
  fs.chmodSync(dir, 0o755);
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('exit', stop);

  try {
    const startApi = async (workers: number) => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dir, 'data'),
          SECRET_KEY: 'bench',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          WEB_CONCURRENCY: String(workers),
          DATABASE_URL: process.env.DATABASE_URL ?? '',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}${API_PATH}`;
      await waitFor(url, 120_000);
      return { url, stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) };
    };
    const cpus = os.cpus().length;
    const single = await startApi(1);
    const apiUrl = single.url;

    const payload = Buffer.from(await (await fetch(apiUrl)).arrayBuffer());
    fs.mkdirSync(path.join(dir, 'static'), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'static', 'noticias.json'), payload, { mode: 0o644 });
    const nginxPort = await freePort();
    children.push(startNginx(dir, nginxPort));
    const staticUrl = `http://127.0.0.1:${nginxPort}/noticias.json`;
    await waitFor(staticUrl, 10_000);

    console.info(`Payload: ${num(payload.length)} bytes; wrk -t${THREADS} -c${CONNECTIONS} -d${DURATION}s --latency; ${cpus} CPUs`);
    const nginx = measure(`nginx static (${cpus} workers)`, staticUrl);
    const results = [nginx, measure('API, 1 process', apiUrl)];
    await single.stop();
    if (cpus > 1) {
      const clustered = await startApi(cpus);
      results.push(measure(`API, ${cpus} processes`, clustered.url));
      await clustered.stop();
    }
    console.info('');
    console.info(`${pad('target', 26)}${pad('req/s', 12)}${pad('p50 ms', 10)}${pad('p99 ms', 10)}vs nginx`);
    for (const r of results) {
      const ratio = (r.requestsPerSecond / nginx.requestsPerSecond).toFixed(2);
      console.info(
        `${pad(r.target, 26)}${pad(num(r.requestsPerSecond), 12)}${pad(num(r.p50Ms, 2), 10)}${pad(num(r.p99Ms, 2), 10)}${ratio}x`,
      );
    }
    const best = results.slice(1).reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const ratio = best.requestsPerSecond / nginx.requestsPerSecond;
    console.info('');
    console.info(`Best API / nginx throughput: ${ratio.toFixed(2)}x (goal >= 0.5x); its p99 ${num(best.p99Ms, 2)} ms (goal <= 10 ms)`);

    const resultsDir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          payloadBytes: payload.length,
          duration: DURATION,
          connections: CONNECTIONS,
          threads: THREADS,
          results,
          ratio,
        },
        null,
        2,
      ),
    );
    console.info(`Saved ${path.relative(ROOT, file)}`);
  } finally {
    stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
