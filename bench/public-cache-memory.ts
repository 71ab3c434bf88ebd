/**
 * What anonymous clients can make the public cache hold.
 *
 *   npx tsx bench/public-cache-memory.ts     (BENCH_REQUESTS=200, BENCH_SMALL_REQUESTS=30000)
 *
 * Starts the real server (`src/server/main.ts`, SQLite, fresh data directory)
 * twice, one after the other: with the byte ceiling lifted
 * (PUBLIC_CACHE_MAX_BYTES=unbounded) and with the default (64 MiB). In each,
 * an administrator adds a section of long publications, so that one answer
 * weighs about 2 MB, then anonymous requests go through three phases:
 *
 *   junk   BENCH_REQUESTS addresses with a parameter no route reads (?nocache=i)
 *   pages  BENCH_REQUESTS addresses with distinct values of one it reads (?page_size=i)
 *   small  BENCH_SMALL_REQUESTS distinct small answers (?section_slug=no-existe-i)
 *
 * After each phase the server collects garbage and reports its memory
 * (process.memoryUsage(), through a small preload and SIGUSR2); the table
 * gives what it holds over its baseline. The code before the fix kept one
 * copy per address sent, whatever its size, and dropped everything at the
 * 1000th entry; its figure is that policy replayed on the answers' sizes.
 * Results also go to bench/results/public-cache-memory-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { memoryProbe } from './memory-probe';
import { ROOT, startSiteServer } from './site-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SMALL_REQUESTS = Number(process.env.BENCH_SMALL_REQUESTS ?? 30_000);
const PUBLICATIONS = 6;
const ADMIN = { username: 'bench', password: 'clave-de-bench-cache' };
const MiB = 1024 * 1024;
/** The old cache's bound: a count, cleared whole when reached. */
const OLD_MAX_ENTRIES = 1000;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

interface Server {
  base: string;
  memory: () => Promise<Memory>;
  stop: () => Promise<void>;
}

async function startServer(dir: string, name: string, maxBytes: string | undefined): Promise<Server> {
  const probe = memoryProbe(dir, name);
  const server = await startSiteServer({
    needsBuild: false,
    nodeArgs: probe.nodeArgs,
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...probe.env, PUBLIC_CACHE_MAX_BYTES: maxBytes ?? '' },
  });
  const child = server.child!;
  return {
    base: server.baseUrl,
    async memory() {
      const { rss, heapUsed, external } = await probe.read(child);
      return { rss, heapUsed, external };
    },
    stop: server.stop,
  };
}

/** A section of long publications (about 360 KB of text each), so that their list weighs about 2 MB. */
async function addLongPublications(base: string): Promise<void> {
  const token = (
    (await (
      await fetch(`${base}/api/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })
    ).json()) as { access: string }
  ).access;
  const auth = { Authorization: `Bearer ${token}` };
  const section = (await (
    await fetch(`${base}/api/sections/`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Banco' }),
    })
  ).json()) as { id: number; slug: string };
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87850' } })
    .jpeg()
    .toBuffer();
  const paragraph = '<p>' + 'Texto largo de una publicación de prueba. '.repeat(2100) + '</p>';
  for (let i = 0; i < PUBLICATIONS; i++) {
    const layout = Array.from({ length: 4 }, (_, row) => ({
      id: `r${row}`,
      cells: [{ id: `c${row}`, type: 'text', content: paragraph, columnSpan: 4 }],
    }));
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: `Larga ${i}`,
      section_id: String(section.id),
      status: 'published',
      publish_date: '2025-01-01',
      layout: JSON.stringify(layout),
    })) {
      form.append(key, value);
    }
    form.append('featured_image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'a.jpg');
    const reply = await fetch(`${base}/api/publications/`, { method: 'POST', headers: auth, body: form });
    if (reply.status !== 201) throw new Error(`publication not created: ${reply.status} ${await reply.text()}`);
  }
  if (section.slug !== 'banco') throw new Error(`unexpected slug ${section.slug}`);
}

/** GETs every address, `parallel` at a time; answers the size of the first answer. */
async function getAll(base: string, paths: string[], parallel = 8): Promise<number> {
  let next = 0;
  let size = 0;
  const worker = async () => {
    while (next < paths.length) {
      const reply = await fetch(`${base}${paths[next++]}`);
      if (reply.status !== 200) throw new Error(`${reply.url} answered ${reply.status}`);
      const bytes = (await reply.arrayBuffer()).byteLength;
      size ||= bytes;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return size;
}

const PHASES = [
  {
    name: 'junk',
    label: `${REQUESTS} addresses, a parameter no route reads`,
    paths: () => Array.from({ length: REQUESTS }, (_, i) => `/api/public/publications/?section_slug=banco&nocache=${i}`),
  },
  {
    name: 'pages',
    label: `${REQUESTS} distinct page_size values`,
    paths: () => Array.from({ length: REQUESTS }, (_, i) => `/api/public/publications/?section_slug=banco&page_size=${PUBLICATIONS + i}`),
  },
  {
    name: 'small',
    label: `${SMALL_REQUESTS} distinct small answers`,
    paths: () => Array.from({ length: SMALL_REQUESTS }, (_, i) => `/api/public/publications/?section_slug=no-existe-${i}`),
  },
] as const;

type Held = Record<(typeof PHASES)[number]['name'], { rss: number; heap: number; answerBytes: number }>;

/** Memory held over the baseline (after warm-up) once each phase has run, phases one after another. */
async function measure(dir: string, name: string, maxBytes: string | undefined): Promise<Held> {
  const server = await startServer(dir, name, maxBytes);
  try {
    await addLongPublications(server.base);
    // Warm-up: the code paths, the JIT, one of each answer.
    await getAll(server.base, ['/api/public/publications/?section_slug=banco', '/api/public/publications/?section_slug=x'], 1);
    const held = {} as Held;
    const baseline = await server.memory();
    for (const phase of PHASES) {
      const answerBytes = await getAll(server.base, phase.paths());
      const now = await server.memory();
      held[phase.name] = {
        rss: now.rss - baseline.rss,
        heap: now.heapUsed + now.external - (baseline.heapUsed + baseline.external),
        answerBytes,
      };
    }
    return held;
  } finally {
    await server.stop();
  }
}

/**
 * The answer bytes the cache before the fix held after each phase: one entry
 * per address sent (these are all distinct), all dropped when the 1000th came.
 */
function oldCacheBytes(answerBytes: number[]): number[] {
  const held: number[] = [];
  let entries: number[] = [];
  for (const [phase, size] of answerBytes.entries()) {
    const requests = PHASES[phase].paths().length;
    for (let i = 0; i < requests; i++) {
      if (entries.length >= OLD_MAX_ENTRIES) entries = [];
      entries.push(size);
    }
    held.push(entries.reduce((sum, bytes) => sum + bytes, 0));
  }
  return held;
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cache-'));
  try {
    const unbounded = await measure(dir, 'unbounded', 'unbounded');
    const bounded = await measure(dir, 'bounded', undefined);
    const theory = oldCacheBytes(PHASES.map((phase) => bounded[phase.name].answerBytes));
    const rows = PHASES.map((phase, i) => ({
      phase: phase.label,
      answer: bounded[phase.name].answerBytes,
      oldTheory: theory[i],
      unbounded: unbounded[phase.name],
      bounded: bounded[phase.name],
    }));
    console.info(`${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
    console.info("Memory the server holds over its baseline after each phase (phases in this order, gc'd): RSS / heap + external");
    console.info('');
    console.info('| after | answer | before the fix (theory: answers kept) | ceiling lifted | 64 MiB ceiling (default) |');
    console.info('|---|---:|---:|---:|---:|');
    for (const row of rows) {
      console.info(
        `| ${row.phase} | ${(row.answer / 1024).toFixed(1)} KB | ${mb(row.oldTheory)} | ${mb(row.unbounded.rss)} / ${mb(row.unbounded.heap)} | ${mb(row.bounded.rss)} / ${mb(row.bounded.heap)} |`,
      );
    }
    const resultsDir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `public-cache-memory-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        { date: new Date().toISOString(), requests: REQUESTS, smallRequests: SMALL_REQUESTS, loadAverage: os.loadavg()[0], rows },
        null,
        2,
      ),
    );
    console.info('');
    console.info(`Saved ${path.relative(ROOT, file)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
