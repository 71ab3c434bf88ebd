/**
 * Bulk actions on 100 publications (POST /api/publications/bulk/). The goal:
 * 100 items in under 2 s of server time, on SQLite and on PostgreSQL.
 *
 *   npx tsx bench/bulk.ts            (BENCH_RUNS=5 rounds)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bulk.ts
 *                                    (PostgreSQL: a temporary database, dropped at the end)
 *
 * The site is filled through the repositories (bench/scale-content.ts, 100
 * publications), then the real server (src/server/main.ts, one process) is
 * started. Each round sends, one after another, every action on all 100
 * (archive, its revert, move, its revert, publish, draft, trash, restore),
 * each from the versions the previous answer gave, so every item is really
 * written (its revision, its line in the one activity entry). The times are
 * of the whole request on the loopback, so the server's share is a little
 * less. The machine's other work during the run is printed with the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BulkAnswer, BulkBody } from '../src/domain/schemas/bulk';
import { describeOtherWork, otherWork } from './other-work';
import { fillContent, storeDemoImages, type ContentTarget } from './scale-content';
import { startSiteServer } from './site-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ITEMS = 100;
const GOAL_MS = 2000;
const ADMIN = { username: 'bench', password: 'clave-de-bench-en-lote' };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = POSTGRES_URL ? 'PostgreSQL' : 'SQLite';
const DATABASE = `bench_bulk_${process.pid}`;

async function onPostgres(url: string, query: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface Item {
  id: number;
  version: number;
  status: string;
  section_id: number;
}

async function main() {
  const before = await otherWork();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  const images = await storeDemoImages(dataDir);
  const target: ContentTarget = { dataDir };
  if (POSTGRES_URL) {
    await onPostgres(POSTGRES_URL, `CREATE DATABASE ${DATABASE}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${DATABASE}`;
    target.databaseUrl = url.toString();
  }
  await fillContent(target, { publications: ITEMS, biographies: 5 }, images);
  if (target.databaseUrl) await onPostgres(target.databaseUrl, 'VACUUM ANALYZE');
  const server = await startSiteServer({
    needsBuild: false,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: '1000',
      ACCESS_TOKEN_LIFETIME: '3600',
    },
  });
  try {
    const signIn = await fetch(`${server.baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
    const token = ((await signIn.json()) as { access: string }).access;
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' };
    const get = async <T>(address: string): Promise<T> => {
      const reply = await fetch(`${server.baseUrl}${address}`, { headers });
      if (!reply.ok) throw new Error(`${address} answered ${reply.status}`);
      return (await reply.json()) as T;
    };
    const send = async (body: BulkBody): Promise<{ ms: number; answer: BulkAnswer }> => {
      const started = process.hrtime.bigint();
      const reply = await fetch(`${server.baseUrl}/api/publications/bulk/`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = (await reply.json()) as BulkAnswer;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!reply.ok) throw new Error(`bulk ${body.action} answered ${reply.status}`);
      if (answer.changed.length !== body.items.length) throw new Error(`bulk ${body.action}: ${answer.refused.length} refused`);
      return { ms, answer };
    };

    const sections = (await get<{ results: { id: number }[] }>('/api/sections/?page_size=100')).results;
    let items = (await get<{ results: Item[] }>(`/api/publications/?page_size=${ITEMS}&omit=layout`)).results;
    const times: Record<string, number[]> = {};
    const record = (label: string, ms: number) => (times[label] ??= []).push(ms);
    const current = (answer: BulkAnswer) => answer.changed.map((item) => ({ id: item.id, version: item.version as number }));
    const revertOf = (answer: BulkAnswer): BulkBody => ({
      action: 'revert',
      items: answer.changed.map((item) => ({ id: item.id, version: item.version as number, ...item.previous! })),
    });

    for (let run = 0; run < RUNS; run++) {
      const versions = items.map(({ id, version }) => ({ id, version }));
      const archived = await send({ action: 'archive', items: versions });
      record('archive', archived.ms);
      const reverted = await send(revertOf(archived.answer));
      record('revert (Deshacer)', reverted.ms);
      const moved = await send({ action: 'move', section_id: sections[run % sections.length].id, items: current(reverted.answer) });
      record('move', moved.ms);
      const back = await send(revertOf(moved.answer));
      record('revert (Deshacer)', back.ms);
      const published = await send({ action: 'publish', items: current(back.answer) });
      record('publish', published.ms);
      const drafted = await send({ action: 'draft', items: current(published.answer) });
      record('draft', drafted.ms);
      const trashed = await send({ action: 'trash', items: current(drafted.answer) });
      record('trash', trashed.ms);
      const restored = await send({
        action: 'restore',
        items: trashed.answer.changed.map((item) => ({ id: item.trash_entry_id as number })),
      });
      record('restore (Deshacer)', restored.ms);
      items = (await get<{ results: Item[] }>(`/api/publications/?page_size=${ITEMS}&omit=layout`)).results;
    }

    const after = await otherWork();
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    console.info(`\n${ENGINE}, ${ITEMS} publications per request, ${RUNS} rounds (median and worst of each action):\n`);
    console.info('| Action | Median | Worst | Under 2 s |');
    console.info('|---|---|---|---|');
    for (const [label, values] of Object.entries(times)) {
      const ordered = sorted(values);
      const median = ordered[Math.floor(ordered.length / 2)];
      const worst = ordered.at(-1) as number;
      console.info(`| ${label} | ${median.toFixed(0)} ms | ${worst.toFixed(0)} ms | ${worst < GOAL_MS ? 'yes' : 'NO'} |`);
    }
    console.info(`\nOther work before: ${describeOtherWork(before)}`);
    console.info(`Other work after: ${describeOtherWork(after)}`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (POSTGRES_URL) await onPostgres(POSTGRES_URL, `DROP DATABASE IF EXISTS ${DATABASE}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
