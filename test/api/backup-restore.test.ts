import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { imageVariantUrl } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { createBackup } from '@/server/backup/backup';
import { checksumOf, type Manifest } from '@/server/backup/manifest';
import { restoreBackup } from '@/server/backup/restore';
import { type AnyDb, codeMigrations, migrateTo } from '@/server/backup/schema';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { hashPassword } from '@/server/auth/passwords';
import { createDatabase } from '@/server/db/database';
import { findUserByUsername } from '@/server/db/users-repository';
import { createLocalFolderStore } from '@/server/media/local-folder-store';
import type { MediaStorageSettings } from '@/server/media/media-config';
import { UPLOAD_FILE_MAX_BYTES } from '@/server/media/media-keys';
import type { ObjectStore } from '@/server/media/object-store';
import { createS3BucketStore } from '@/server/media/s3-bucket-store';
import { formData, freshDatabase, makeImage, startApiServer, TEST_ADMIN, TEST_SECRET, type TestServer } from '../helpers/api-server';
import { pdf } from '../helpers/crafted-documents';
import { startS3Emulator, type S3Emulator } from '../helpers/s3-emulator';
import { PROCESS_TEST_GUARD_MS } from '../helpers/guards';
import { yesterday } from '../helpers/site-days';

/**
 * npm run backup and npm run restore (docs/decisions/131-backup-and-restore.md):
 * a site with content, trash and media is copied while it serves and writes,
 * restored on the other database, and every API answer and media byte of the
 * restored site is compared with the original's. Without DATABASE_URL the
 * "other" database is SQLite again; CI's PostgreSQL pass crosses them.
 */

const ROOT = path.resolve(__dirname, '../..');
const POSTGRES = Boolean(process.env.DATABASE_URL);
type Kind = 'sqlite' | 'postgresql';
const OTHER: Kind = POSTGRES ? 'postgresql' : 'sqlite';
const NAME: Record<Kind, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };

let emulator: S3Emulator;
let scratch: string;
beforeAll(async () => {
  emulator = await startS3Emulator();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'copias-'));
});
afterAll(async () => {
  await emulator.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** Where a site keeps its data: a data directory, a database, a media backend; and the same as environment variables. */
interface Place {
  dataDir: string;
  databaseUrl?: string;
  mediaStorage: MediaStorageSettings;
  env: Record<string, string>;
  store(): ObjectStore;
  remove(): Promise<void>;
}

const places: Place[] = [];
// Every test and hook here runs real processes: its timeout is a guard, not a measure (test/helpers/guards.ts).
jest.setTimeout(PROCESS_TEST_GUARD_MS);
// PostgreSQL lets a database go only once its last connections have left: that may take a moment each.
afterAll(async () => {
  await Promise.all(places.map((place) => place.remove()));
});

async function newPlace(database: Kind, media: 'local' | 's3'): Promise<Place> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sitio-'));
  const db = database === 'postgresql' ? await freshDatabase() : { databaseUrl: undefined, drop: async () => {} };
  const bucket = media === 's3' ? await emulator.newBucket('sitio/') : undefined;
  const mediaStorage: MediaStorageSettings = bucket ? { kind: 's3', ...bucket } : { kind: 'local' };
  const place: Place = {
    dataDir,
    databaseUrl: db.databaseUrl,
    mediaStorage,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      SECRET_KEY: TEST_SECRET,
      ...(bucket ? emulator.env(bucket) : { MEDIA_STORAGE: 'local' }),
    },
    store: () => (bucket ? createS3BucketStore(bucket) : createLocalFolderStore(path.join(dataDir, 'media'))),
    remove: async () => {
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  places.push(place);
  return place;
}

const serve = (place: Place) =>
  startApiServer({ mediaStorage: place.mediaStorage }, { dataDir: place.dataDir, databaseUrl: place.databaseUrl });
const targetOf = (place: Place) => ({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, media: place.store() });
const quiet = () => {};

function runCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>, nodeOptions: string[] = []) {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', `src/server/cli/${command}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    // 'close', not 'exit': by then everything the command printed has been read.
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exit };
}

// ---- A site with content, trash and media ----

async function upload(server: TestServer, bytes: Buffer, type = 'image/jpeg'): Promise<string> {
  const reply = await server.request('POST', '/api/upload-image/', {
    token: await server.adminToken(),
    form: formData({}, { image: { bytes, type } }),
  });
  expect(reply.status).toBe(201);
  return reply.body.url as string;
}

/** Sections (one hidden), publications with layouts and images (one a draft), biographies with photos, a second user, and a publication and a biography in the trash. */
async function buildSite(server: TestServer): Promise<void> {
  const token = await server.adminToken();
  const json = (method: string, address: string, body?: unknown) => server.request(method, address, { token, json: body });
  const created = async (reply: Promise<Awaited<ReturnType<typeof json>>>) => {
    const answer = await reply;
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return answer.body as { id: number; slug?: string };
  };
  const news = await created(json('POST', '/api/sections/', { title: 'Noticias de la copia' }));
  const archive = await created(json('POST', '/api/sections/', { title: 'Archivo interno', is_active: false }));

  const cellImage = await upload(server, await makeImage('png', 300, 200), 'image/png');
  // A document of the library, in a 'Documento' cell: served by the app whatever the storage.
  const plan = await server.request('POST', '/api/media/', {
    token,
    form: formData({}, { file: { bytes: pdf(), name: 'Plan de estudios.pdf' } }),
  });
  expect(plan.status).toBe(201);
  const publication = (sectionId: number, title: string, status: string, layout: unknown[], image: Buffer) =>
    created(
      server.request('POST', '/api/publications/', {
        token,
        form: formData(
          { title, section_id: String(sectionId), status, publish_date: yesterday(), is_featured: 'true', layout: JSON.stringify(layout) },
          { featured_image: { bytes: image } },
        ),
      }),
    );
  const layout = [
    {
      id: 'r1',
      cells: [
        { id: 'c1', type: 'image', content: cellImage, columnSpan: 2, alt: 'Un aula' },
        { id: 'c2', type: 'text', content: '<p>Convivencia <strong>escolar</strong> en el aula: «ñandú» y acentos.</p>', columnSpan: 2 },
      ],
    },
    { id: 'r2', cells: [{ id: 'c3', type: 'document', content: plan.body.url, columnSpan: 4 }] },
  ];
  await publication(news.id, 'Jornada de convivencia', 'published', layout, await makeImage('jpeg', 600, 400));
  await publication(news.id, 'Segunda noticia', 'published', [], await makeImage('webp', 200, 150));
  await publication(archive.id, 'Borrador interno', 'draft', [], await makeImage('gif', 80, 60));
  const doomed = await publication(news.id, 'Noticia eliminada', 'published', [], await makeImage('jpeg', 160, 120));

  const biography = (name: string, extra: Record<string, string>, photo?: Buffer) =>
    created(
      server.request('POST', '/api/biographies/', {
        token,
        form: formData(
          { name, position: 'Docente', biography: `Biografía de ${name}.`, email: 'docente@example.org', ...extra },
          photo ? { photo: { bytes: photo } } : {},
        ),
      }),
    );
  await biography('Carmen Ruiz', {}, await makeImage('jpeg', 240, 240));
  await biography('Luis Gómez', { is_active: 'false' }, await makeImage('png', 160, 160));
  const gone = await biography('Ana Sanz', {}, await makeImage('jpeg', 120, 120));

  // The last section and a publication and a biography go to the trash: ids that a new row must not take.
  const empty = await created(json('POST', '/api/sections/', { title: 'Sección vacía' }));
  expect((await json('DELETE', `/api/sections/${empty.id}/`)).status).toBe(204);
  expect((await json('DELETE', `/api/publications/${doomed.id}/`)).status).toBe(204);
  expect((await json('DELETE', `/api/biographies/${gone.id}/`)).status).toBe(204);
  await ensureAdmin(server.services.db, 'editora', 'clave-de-la-editora');
}

/**
 * Requests that write while a copy is taken: failed sign-ins (login attempts),
 * refresh-token rotations (refresh tokens) and uploads (media, each an item of
 * the library the copy may or may not hold), with public reads in between; no
 * other answer about content changes.
 * Resolves once both loops have made their first round; they go on until stopped.
 * The failed sign-ins stop at FAILED_SIGN_INS, under what unknown browsers may try
 * at one username in an hour (LOGIN_UNKNOWN_DEVICE_MAX, 30): a copy that runs long
 * on a busy machine made more rounds, and the administrator was then locked out of
 * the original (429) when the test signed in to it.
 */
const FAILED_SIGN_INS = 10;
async function keepBusy(server: TestServer) {
  let running = true;
  let requests = 0;
  let failedSignIns = 0;
  const image = await makeImage('jpeg', 120, 90);
  const loop = async () => {
    let { refresh } = (await server.request('POST', '/api/token/', { json: TEST_ADMIN })).body as { refresh: string };
    const round = async () => {
      if (failedSignIns++ < FAILED_SIGN_INS) {
        const failed = await server.request('POST', '/api/token/', { json: { username: TEST_ADMIN.username, password: 'equivocada' } });
        expect({ status: failed.status, body: failed.body as unknown }).toMatchObject({ status: 401 });
        requests += 1;
      }
      const rotated = await server.request('POST', '/api/token/refresh/', { json: { refresh } });
      expect(rotated.status).toBe(200);
      refresh = rotated.body.refresh;
      await upload(server, image);
      await server.request('GET', '/api/public/publications/');
      requests += 3;
    };
    await round();
    return async () => {
      while (running) await round();
    };
  };
  const loops = Promise.all((await Promise.all([loop(), loop()])).map((rest) => rest()));
  return {
    stop: async () => {
      running = false;
      await loops;
      return requests;
    },
  };
}

// ---- What a site answers ----

type Answers = Record<string, { status: number; body: unknown }>;

/**
 * The admin's access token, issued directly rather than by signing in: a
 * sign-in is itself written down (the activity log), and reading a site must
 * not change what it answers.
 */
async function readingToken(server: TestServer): Promise<string> {
  const admin = await findUserByUsername(server.services.db, TEST_ADMIN.username);
  return (await server.services.tokens.issue(admin!.id, 'access', admin!.session_version)).token;
}

/**
 * Every GET the API describes (/api/schema/), with and without the admin's
 * token: lists whole, paged and filtered; every item of every list, and every
 * list and item nested in those (a path's {parameters} are filled, left to
 * right, from the list the path goes through), plus one that does not exist;
 * and the pages that carry content (home, sections, sitemap). The server's
 * own origin is taken out.
 */
async function answersOf(server: TestServer): Promise<Answers> {
  const token = await readingToken(server);
  const answers: Answers = {};
  const get = async (address: string, admin: boolean) => {
    const reply = await server.request('GET', address, admin ? { token } : {});
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const body = text.replaceAll(server.url, 'ORIGEN');
    answers[`${admin ? 'admin' : 'anónimo'} ${address}`] = {
      status: reply.status,
      body: typeof reply.body === 'string' ? body : JSON.parse(body),
    };
    return reply;
  };
  const both = async (address: string) => (await Promise.all([get(address, true), get(address, false)]))[0];
  const resultsOf = (body: unknown) => (body as { results?: { id: number; slug?: string }[] } | undefined)?.results;

  const schema = (await server.request('GET', '/api/schema/')).body as { paths: Record<string, { get?: unknown }> };
  // The API's own addresses; the pages (a sitemap's parts among them) are read below.
  const paths = Object.entries(schema.paths)
    .filter(([address, operations]) => operations.get && address.startsWith('/api/'))
    .map(([address]) => address);
  const lists = new Map<string, { id: number; slug?: string }[] | undefined>();
  /** The whole list at `address`, its pages and its answer kept; undefined when it is not a list. */
  const list = async (address: string) => {
    if (!lists.has(address)) {
      const whole = await both(`${address}?all=true`);
      const items = whole.status === 200 ? resultsOf(whole.body) : undefined;
      lists.set(address, items);
      if (items) for (const query of ['', '?page=1&page_size=2', '?page=2&page_size=2', '?page=9']) await both(`${address}${query}`);
    }
    return lists.get(address);
  };
  const fill = async (template: string): Promise<void> => {
    const parameter = /\{[^}]+\}/.exec(template);
    if (!parameter) {
      await both(template);
      return;
    }
    const before = template.slice(0, parameter.index);
    // A private link's token is shown once and listed nowhere: one that names no link, the same 404 on both sides.
    if (parameter[0] === '{token}') return void (await both(template.replace(parameter[0], 'A'.repeat(43))));
    // /api/public/publication/{id}/ takes its ids from /api/public/publications/.
    const items = (await list(before)) ?? (await list(before.replace(/([a-z_]+)\/$/, '$1s/')));
    if (!items) throw new Error(`the test cannot fill ${parameter[0]} in ${template}: no list at ${before}`);
    for (const item of items) await fill(template.replace(parameter[0], String(item.id)));
    await both(template.replace(/\{[^}]+\}/g, String(Math.max(0, ...items.map((item) => item.id)) + 1)));
  };
  for (const address of paths.filter((candidate) => !candidate.includes('{'))) if (!(await list(address))) await both(address);
  for (const address of paths.filter((candidate) => candidate.includes('{'))) await fill(address);

  for (const section of lists.get('/api/sections/') ?? []) {
    await both(`/api/publications/?section=${section.id}`);
    await both(`/api/public/publications/?section_slug=${section.slug}`);
    await get(`/${section.slug}`, false);
  }
  for (const query of ['?search=noticia', '?search=ÑANDÚ', '?omit=layout']) await both(`/api/publications/${query}`);
  // The search index is not in the archive: the restore makes it again, and it finds what the original found
  // (each public publication by its title).
  const publicOnes = ((await list('/api/public/publications/')) ?? []) as { title?: string }[];
  for (const { title = '' } of publicOnes.slice(0, 3)) {
    const found = await both(`/api/public/search/?q=${encodeURIComponent(title)}`);
    expect([title, found.status, found.body.count > 0]).toEqual([title, 200, true]);
  }
  await both('/api/public/biographies/?include_inactive=true');
  for (const page of ['/', '/sitemap.xml']) await get(page, false);
  return answers;
}

/** Every /media/ address the answers name, with each upload's WebP variants, and the library's documents. */
function mediaAddresses(answers: Answers): string[] {
  const found = new Set<string>();
  const text = JSON.stringify(answers);
  for (const match of text.matchAll(/\/media\/images\/[0-9a-f-]{36}\.(?:jpg|png|gif|webp)/g)) {
    found.add(match[0]);
    for (const width of IMAGE_VARIANT_WIDTHS) found.add(imageVariantUrl(match[0], width)!);
  }
  for (const match of text.matchAll(/\/media\/documentos\/[0-9a-f]{32}\/[a-z0-9-]+\.pdf/g)) found.add(match[0]);
  return [...found].sort();
}

async function storeContents(place: Place): Promise<Map<string, Buffer>> {
  const store = place.store();
  try {
    const contents = new Map<string, Buffer>();
    for await (const object of store.list()) contents.set(object.key, await store.read(object.key));
    return contents;
  } finally {
    await store.close();
  }
}

const bytesAt = async (server: TestServer, address: string) => {
  const response = await fetch(`${server.url}${address}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/**
 * The restored site answers as the original did, serves the same bytes, keeps
 * the users' passwords and the id counters. `before` is what the original
 * answered before the requests made during the copy; an answer those requests
 * changed (the activity log, say) is held to what the copy can know: its
 * status, and a whole list between the one before and the one after.
 */
async function expectSameSite(
  original: TestServer,
  originalPlace: Place,
  restored: TestServer,
  restoredPlace: Place,
  mediaBefore: Map<string, Buffer>,
  before: Answers,
) {
  const after = await answersOf(original);
  const copy = await answersOf(restored);
  // The uploads made during the copy went into the library (decision 192): the copy may hold some of
  // their items, and the addresses that probe the id after the last differ with them. The addresses of
  // the items there were before are held as all the others; the library's list, as a list that grew.
  const itemsBefore = new Set(
    ((before['admin /api/media/?all=true']?.body as { results?: { id: number }[] })?.results ?? []).map((item) => String(item.id)),
  );
  const held = (address: string) => {
    const item = /\/api\/media\/(\d+)\//.exec(address)?.[1];
    return item === undefined || itemsBefore.has(item);
  };
  expect(Object.keys(copy).filter(held).sort()).toEqual(Object.keys(before).filter(held).sort());
  for (const [address, answer] of Object.entries(before)) {
    if (!held(address)) continue;
    if (isDeepStrictEqual(answer, after[address])) {
      expect({ address, ...copy[address] }).toEqual({ address, ...answer });
      continue;
    }
    // The copy was taken between the two readings, so it answers as one of them did: a page of a list
    // that grew meanwhile (the activity log's ?page=9) may exist on the original by now and not in the copy.
    expect({ address, status: [before, after].map((answers) => answers[address].status) }).toEqual({
      address,
      status: expect.arrayContaining([copy[address].status]),
    });
    // A list that grew meanwhile has, in the copy, a count between the two.
    const count = (answers: Answers) => (answers[address].body as { count?: number } | undefined)?.count;
    const [countBefore, countCopied, countAfter] = [before, copy, after].map(count);
    if (countBefore !== undefined && countAfter !== undefined && countAfter > countBefore) {
      expect({ address, count: countCopied }).toEqual({ address, count: expect.any(Number) });
      expect(countCopied).toBeGreaterThanOrEqual(countBefore);
      expect(countCopied).toBeLessThanOrEqual(countAfter);
    }
    // A whole list (the activity log) is held between before and after; any other answer
    // the copy's requests changed (the summary counts failed sign-ins) only to its status.
    const results = (answers: Answers) => (answers[address].body as { results?: { id: number }[] } | undefined)?.results;
    if (!address.includes('all=true') || !results(before)) continue;
    const ids = (answers: Answers) => (results(answers) ?? []).map((item) => item.id);
    expect(ids(copy)).toEqual(expect.arrayContaining(ids(before)));
    expect(ids(after)).toEqual(expect.arrayContaining(ids(copy)));
  }

  const addresses = mediaAddresses(before);
  // Three featured images, one in a layout cell, two photos, and the image and the photo of what went to the
  // trash, which the library names too (decision 192): each with its variants; and one document.
  expect(addresses).toHaveLength(8 * (1 + IMAGE_VARIANT_WIDTHS.length) + 1);
  for (const address of addresses) expect((await bytesAt(restored, address)).equals(await bytesAt(original, address))).toBe(true);

  // Every file there was before the copy, byte for byte; uploads made during the copy may or may not be in it.
  const restoredMedia = await storeContents(restoredPlace);
  const originalMedia = await storeContents(originalPlace);
  for (const [key, bytes] of mediaBefore) expect(restoredMedia.get(key)?.equals(bytes)).toBe(true);
  for (const [key, bytes] of restoredMedia) expect(originalMedia.get(key)?.equals(bytes)).toBe(true);

  const signIn = await restored.request('POST', '/api/token/', { json: { username: 'editora', password: 'clave-de-la-editora' } });
  expect(signIn.status).toBe(200);
  // The counters went across: a new section takes the same id on both sites, never a deleted one's.
  const next = async (server: TestServer) =>
    (await server.request('POST', '/api/sections/', { token: await server.adminToken(), json: { title: 'Después de la copia' } })).body.id;
  expect(await next(restored)).toBe(await next(original));
}

// ---- The round trips ----

describe(`a copy taken while the site serves and writes, restored on ${NAME[OTHER]}`, () => {
  it(`SQLite with media in the folder → ${NAME[OTHER]} with media in an S3 bucket (npm run backup)`, async () => {
    const from = await newPlace('sqlite', 'local');
    const original = await serve(from);
    try {
      await buildSite(original);
      const before = await answersOf(original);
      const mediaBefore = await storeContents(from);
      const archive = path.join(scratch, 'sqlite-carpeta.tar.gz');

      const busy = await keepBusy(original);
      const backup = await runCommand('backup', ['--out', archive], from.env).exit;
      expect(await busy.stop()).toBeGreaterThan(0);
      expect(backup).toMatchObject({ code: 0, stderr: '' });
      expect(backup.stdout).toContain(`Copia de seguridad completa: ${archive}`);

      const to = await newPlace(OTHER, 's3');
      const target = targetOf(to);
      const report = await restoreBackup({ file: archive, target, print: quiet }).finally(() => target.media.close());
      expect(report.manifest.database.kind).toBe('sqlite');
      expect(report.migrated).toEqual([]);
      const restored = await serve(to);
      try {
        await expectSameSite(original, from, restored, to, mediaBefore, before);
      } finally {
        await restored.close();
      }
    } finally {
      await original.close();
    }
  });

  it(`${NAME[OTHER]} with media in an S3 bucket → SQLite with media in the folder (npm run restore)`, async () => {
    const from = await newPlace(OTHER, 's3');
    const original = await serve(from);
    try {
      await buildSite(original);
      const before = await answersOf(original);
      const mediaBefore = await storeContents(from);
      const archive = path.join(scratch, 'otra-bucket.tar.gz');

      const busy = await keepBusy(original);
      const db = createDatabase(from);
      const media = from.store();
      try {
        const report = await createBackup({ db, media, out: archive, print: quiet });
        expect(report.mediaFiles).toBeGreaterThanOrEqual(mediaBefore.size);
      } finally {
        await db.destroy();
        await media.close();
        expect(await busy.stop()).toBeGreaterThan(0);
      }

      const to = await newPlace('sqlite', 'local');
      const restore = await runCommand('restore', [archive], to.env).exit;
      expect(restore).toMatchObject({ code: 0, stderr: '' });
      expect(restore.stdout).toContain('todo verificado');
      expect(restore.stdout).toContain('Restauración completa');
      const restored = await serve(to);
      try {
        await expectSameSite(original, from, restored, to, mediaBefore, before);
      } finally {
        await restored.close();
      }
    } finally {
      await original.close();
    }
  });

  it(`moves a SQLite site to ${NAME[OTHER]} while its media stay where they are: those files are neither a reason to refuse nor written again`, async () => {
    const from = await newPlace('sqlite', 'local');
    const original = await serve(from);
    const archive = path.join(scratch, 'mudanza.tar.gz');
    try {
      const image = await upload(original, await makeImage('png'), 'image/png');
      await original.request('POST', '/api/sections/', { token: await original.adminToken(), json: { title: 'Mudanza' } });
      const db = createDatabase(from);
      const media = from.store();
      await createBackup({ db, media, out: archive, print: quiet }).finally(async () => {
        await db.destroy();
        await media.close();
      });

      const to = await newPlace(OTHER, 'local');
      await fs.cp(path.join(from.dataDir, 'media'), path.join(to.dataDir, 'media'), { recursive: true });
      const target = targetOf(to);
      const report = await restoreBackup({ file: archive, target, print: quiet }).finally(() => target.media.close());
      expect(report).toMatchObject({ mediaFiles: 0, mediaKept: 1 + IMAGE_VARIANT_WIDTHS.length });
      const restored = await serve(to);
      try {
        expect(await answersOf(restored)).toEqual(await answersOf(original));
        expect((await bytesAt(restored, image)).equals(await bytesAt(original, image))).toBe(true);
      } finally {
        await restored.close();
      }
    } finally {
      await original.close();
    }
  });

  it('keeps a media file the target already holds only when its sha256 is the archive’s: one of the same size with other bytes is written again', async () => {
    const from = await newPlace('sqlite', 'local');
    const original = await serve(from);
    const archive = path.join(scratch, 'mismo-tamano.tar.gz');
    try {
      const image = await upload(original, await makeImage('png'), 'image/png');
      const db = createDatabase(from);
      const media = from.store();
      await createBackup({ db, media, out: archive, print: quiet }).finally(async () => {
        await db.destroy();
        await media.close();
      });
      const to = await newPlace(OTHER, 'local');
      await fs.cp(path.join(from.dataDir, 'media'), path.join(to.dataDir, 'media'), { recursive: true });
      // The same name and size, other bytes: a copy that rotted, or was changed by hand.
      const rotted = path.join(to.dataDir, imageVariantUrl(image, IMAGE_VARIANT_WIDTHS[0])!);
      const bytes = await fs.readFile(rotted);
      await fs.writeFile(rotted, Buffer.from(bytes.map((byte) => byte ^ 0xff)));

      const target = targetOf(to);
      const report = await restoreBackup({ file: archive, target, print: quiet }).finally(() => target.media.close());
      expect(report).toMatchObject({ mediaFiles: 1, mediaKept: IMAGE_VARIANT_WIDTHS.length });
      expect((await fs.readFile(rotted)).equals(bytes)).toBe(true);
    } finally {
      await original.close();
    }
  });

  it('restores an archive of an older schema into that schema, then runs the newer migrations', async () => {
    const all = codeMigrations();
    // Before the trash (and whatever came after it): the restored rows must go through those migrations.
    const older = '2026-11-22-004-login-attempts';
    expect(all.indexOf(older)).toBeLessThan(all.length - 1);
    const from = await newPlace('sqlite', 'local');
    // The database at an older schema: its tables are not the newest's (src/server/db/schema.ts).
    const db: AnyDb = createDatabase(from);
    const media = from.store();
    const archive = path.join(scratch, 'esquema-anterior.tar.gz');
    try {
      await migrateTo(db, older);
      // An account as that schema stores it (ensureAdmin writes the newest schema's columns).
      await db
        .insertInto('users')
        .values({
          username: 'antigua',
          password_hash: await hashPassword('clave-antigua'),
          is_staff: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('sections')
        .values({ title: 'Sección de antes', slug: 'seccion-de-antes', is_active: 1, order: 0, created_at: now, updated_at: now })
        .execute();
      await media.write('images/0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b.jpg', await makeImage());
      await createBackup({ db, media, out: archive, print: quiet });
    } finally {
      await db.destroy();
      await media.close();
    }

    const to = await newPlace(OTHER, 'local');
    const target = targetOf(to);
    const report = await restoreBackup({ file: archive, target, print: quiet }).finally(() => target.media.close());
    expect(report.manifest.schema.version).toBe(older);
    expect(report.migrated).toEqual(all.slice(all.indexOf(older) + 1));
    const restored = await serve(to);
    try {
      const token = (await restored.request('POST', '/api/token/', { json: { username: 'antigua', password: 'clave-antigua' } })).body
        .access;
      const sections = await restored.request('GET', '/api/sections/', { token });
      expect(sections.body.results).toEqual([expect.objectContaining({ title: 'Sección de antes', slug: 'seccion-de-antes', version: 1 })]);
      expect((await restored.request('GET', '/api/trash/', { token })).body.count).toBe(0);
    } finally {
      await restored.close();
    }
  });
});

// ---- What must fail, and leave the target as it was ----

/** The members of a .tar.gz, read with tar-stream directly (not with the code under test). */
async function members(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const extract = tar.extract();
  extract.end(zlib.gunzipSync(await fs.readFile(file)));
  const out: { name: string; bytes: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk);
    out.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  return out;
}

async function repack(file: string, entries: { name: string; bytes: Buffer }[]): Promise<string> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.bytes);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk);
  await fs.writeFile(file, zlib.gzipSync(Buffer.concat(chunks)));
  return file;
}

/** The archive with its manifest changed by `change`, every checksum still right. */
async function withManifest(source: string, name: string, change: (manifest: Manifest) => void): Promise<string> {
  const entries = await members(source);
  const last = entries[entries.length - 1];
  const manifest = JSON.parse(last.bytes.toString('utf8')) as Manifest;
  change(manifest);
  return repack(path.join(scratch, name), [...entries.slice(0, -1), { name: last.name, bytes: Buffer.from(JSON.stringify(manifest)) }]);
}

/** The archive with `extra` members added before its manifest, and the manifest fixed up to list them. */
async function withMembers(source: string, name: string, extra: { name: string; bytes: Buffer }[]): Promise<string> {
  const entries = await members(source);
  const last = entries[entries.length - 1];
  const manifest = JSON.parse(last.bytes.toString('utf8')) as Manifest;
  for (const entry of extra) {
    manifest.files.push({
      path: entry.name,
      size: entry.bytes.length,
      sha256: crypto.createHash('sha256').update(entry.bytes).digest('hex'),
    });
    manifest.media.files += 1;
    manifest.media.bytes += entry.bytes.length;
  }
  manifest.checksum = checksumOf(manifest.files);
  return repack(path.join(scratch, name), [
    ...entries.slice(0, -1),
    ...extra,
    { name: last.name, bytes: Buffer.from(JSON.stringify(manifest)) },
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `size` bytes that start as a PNG and are zeros after: a MiB at a time, never all at once. */
function* bombChunks(size: number): Generator<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  for (let at = 0; at < size; at += zeros.length) {
    const chunk = zeros.subarray(0, Math.min(zeros.length, size - at));
    yield at === 0 ? Buffer.concat([PNG_SIGNATURE, chunk.subarray(PNG_SIGNATURE.length)]) : chunk;
  }
}

/**
 * The archive with one media member of `size` bytes added (bombChunks, which
 * compress to almost nothing), its manifest fixed up; written as a stream.
 */
async function withBomb(source: string, name: string, key: string, size: number): Promise<string> {
  const entries = await members(source);
  const last = entries[entries.length - 1];
  const manifest = JSON.parse(last.bytes.toString('utf8')) as Manifest;
  const hash = crypto.createHash('sha256');
  for (const chunk of bombChunks(size)) hash.update(chunk);
  manifest.files.push({ path: `media/${key}`, size, sha256: hash.digest('hex') });
  manifest.media.files += 1;
  manifest.media.bytes += size;
  manifest.checksum = checksumOf(manifest.files);

  const file = path.join(scratch, name);
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip(), createWriteStream(file));
  const add = (entryName: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => pack.entry({ name: entryName }, bytes, (error) => (error ? reject(error) : resolve())));
  for (const entry of entries.slice(0, -1)) await add(entry.name, entry.bytes);
  let bomb!: ReturnType<typeof pack.entry>;
  const done = new Promise<void>((resolve, reject) => {
    bomb = pack.entry({ name: `media/${key}`, size }, (error) => (error ? reject(error) : resolve()));
  });
  let previous: Buffer | undefined;
  for (const chunk of bombChunks(size)) {
    if (previous && !bomb.write(previous)) await once(bomb, 'drain');
    previous = chunk;
  }
  bomb.end(previous);
  await done;
  await add(last.name, Buffer.from(JSON.stringify(manifest)));
  pack.finalize();
  await written;
  return file;
}

describe('a restore that must not happen', () => {
  let from: Place;
  let archive: string;
  let to: Place;
  let target: TestServer;
  let targetAnswers: Answers;
  let targetMedia: Map<string, Buffer>;

  beforeAll(async () => {
    from = await newPlace('sqlite', 's3');
    const original = await serve(from);
    try {
      await buildSite(original);
    } finally {
      await original.close();
    }
    archive = path.join(scratch, 'buena.tar.gz');
    const db = createDatabase(from);
    const media = from.store();
    await createBackup({ db, media, out: archive, print: quiet }).finally(async () => {
      await db.destroy();
      await media.close();
    });

    // A target that is a site of its own, with other content.
    to = await newPlace(OTHER, 'local');
    target = await serve(to);
    const token = await target.adminToken();
    await target.request('POST', '/api/sections/', { token, json: { title: 'Lo que ya había' } });
    await upload(target, await makeImage('gif'), 'image/gif');
    targetAnswers = await answersOf(target);
    targetMedia = await storeContents(to);
  });
  afterAll(async () => target.close());

  /** The restore fails with a message that matches, and the target answers and stores exactly what it did. */
  async function refused(file: string, message: RegExp, force = true) {
    const media = to.store();
    try {
      await expect(
        restoreBackup({ file, target: { dataDir: to.dataDir, databaseUrl: to.databaseUrl, media }, force, print: quiet }),
      ).rejects.toThrow(message);
    } finally {
      await media.close();
    }
    expect(await answersOf(target)).toEqual(targetAnswers);
    expect(await storeContents(to)).toEqual(targetMedia);
  }

  it('refuses a truncated archive, from the command line too, with a clear message and a non-zero exit', async () => {
    const bytes = await fs.readFile(archive);
    const truncated = path.join(scratch, 'cortada.tar.gz');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(truncated, /está incompleto o dañado \(el archivo termina antes de tiempo\)\. No se ha tocado el destino\./);

    const command = await runCommand('restore', [truncated, '--force'], to.env).exit;
    expect(command.code).toBe(1);
    expect(command.stderr).toContain(`${truncated} está incompleto o dañado`);
    expect(command.stdout).toBe('');
    expect(await answersOf(target)).toEqual(targetAnswers);
  });

  it('refuses an archive with one byte changed, wherever it is', async () => {
    const bytes = await fs.readFile(archive);
    // In the compressed data at a fifth and at half the file, and in gzip's closing length.
    for (const at of [Math.floor(bytes.length / 5), Math.floor(bytes.length / 2), bytes.length - 3]) {
      const flipped = Buffer.from(bytes);
      flipped[at] ^= 0xff;
      const file = path.join(scratch, `volteada-${at}.tar.gz`);
      await fs.writeFile(file, flipped);
      await refused(file, /está incompleto o dañado/);
    }
  });

  it('refuses an archive whose data no longer match the manifest', async () => {
    const entries = await members(archive);
    const changed = entries.map((entry) =>
      entry.name === 'database/sections.jsonl'
        ? { ...entry, bytes: Buffer.from(entry.bytes.toString().replace('Noticias', 'Noticiaz')) }
        : entry,
    );
    await refused(
      await repack(path.join(scratch, 'alterada.tar.gz'), changed),
      /"database\/sections\.jsonl" no coincide con su suma de comprobación/,
    );
  });

  it("refuses what is not this site's archive: another tar.gz, a tar, a zip, random bytes, an empty file", async () => {
    const other = await repack(path.join(scratch, 'otra.tar.gz'), [{ name: 'fotos/playa.jpg', bytes: await makeImage() }]);
    await refused(other, /no es una copia de seguridad de este sitio \(contiene "fotos\/playa\.jpg"\)/);

    const plainTar = path.join(scratch, 'sin-comprimir.tar');
    await fs.writeFile(plainTar, zlib.gunzipSync(await fs.readFile(archive)));
    await refused(plainTar, /no es una copia de seguridad de este sitio: no es un archivo \.tar\.gz/);

    const zip = path.join(scratch, 'vacia.zip');
    await fs.writeFile(zip, Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]));
    await refused(zip, /no es un archivo \.tar\.gz/);

    const empty = path.join(scratch, 'vacia.tar.gz');
    await fs.writeFile(empty, '');
    await refused(empty, /no es un archivo \.tar\.gz/);

    const random = path.join(scratch, 'azar.bin');
    await fs.writeFile(random, crypto.randomBytes(4096));
    await refused(random, /no es un archivo \.tar\.gz/);

    const gzipText = path.join(scratch, 'texto.gz');
    await fs.writeFile(gzipText, zlib.gzipSync(Buffer.from('Esto no es un tar.\n'.repeat(100))));
    await refused(gzipText, /no es una copia de seguridad de este sitio/);

    const foreignManifest = await withManifest(archive, 'ajena.tar.gz', (manifest) =>
      Object.assign(manifest, { format: 'otro-programa/backup' }),
    );
    await refused(foreignManifest, /no es una copia de seguridad de este sitio \(su manifest\.json es de otro programa\)/);

    await refused(path.join(scratch, 'no-existe.tar.gz'), /No existe el archivo/);
  });

  it('refuses an archive of a newer schema or a newer format, saying to upgrade', async () => {
    const future = '2099-01-01-001-futuro';
    const newer = await withManifest(archive, 'futura.tar.gz', (manifest) => {
      manifest.schema.migrations.push(future);
      manifest.schema.version = future;
    });
    await refused(
      newer,
      new RegExp(`versión más nueva del programa \\(esquema ${future}; este programa llega hasta ${codeMigrations().at(-1)}\\)`),
    );

    const newerFormat = await withManifest(archive, 'formato-nuevo.tar.gz', (manifest) => (manifest.format_version = 2));
    await refused(newerFormat, /tiene el formato 2 de copia de seguridad y este programa solo lee hasta el 1/);
  });

  it('refuses media that are not what an upload leaves: a page and a script, a page under an image’s name, one image type under another’s', async () => {
    const page = Buffer.from('<!doctype html><script src="/media/images/poc.js"></script>');
    const script = Buffer.from('fetch("/api/me/").then((r) => r.text()).then(alert);');
    const pageAndScript = await withMembers(archive, 'pagina.tar.gz', [
      { name: 'media/images/poc.html', bytes: page },
      { name: 'media/images/poc.js', bytes: script },
    ]);
    await refused(
      pageAndScript,
      /no es una copia de seguridad de este sitio \(contiene "media\/images\/poc\.html", que no es el nombre de una imagen subida\)\. No se ha tocado el destino\./,
    );
    const command = await runCommand('restore', [pageAndScript, '--force'], to.env).exit;
    expect(command.code).toBe(1);
    expect(command.stderr).toContain('que no es el nombre de una imagen subida');

    const disguised = `images/${crypto.randomUUID()}.jpg`;
    await refused(
      await withMembers(archive, 'disfrazada.tar.gz', [{ name: `media/${disguised}`, bytes: page }]),
      new RegExp(`no es una copia de seguridad de este sitio \\("media/${disguised}" no es la imagen que dice su nombre\\)`),
    );
    const variant = `images/${crypto.randomUUID()}-480.webp`;
    await refused(
      await withMembers(archive, 'otro-tipo.tar.gz', [{ name: `media/${variant}`, bytes: await makeImage('png') }]),
      /no es la imagen que dice su nombre/,
    );
    // A library document is recognised whole, as its upload was: a page, or a PDF named as a Word file, is refused.
    const key = crypto.randomBytes(16).toString('hex');
    for (const [member, bytes] of [
      [`documents/${key}/plan.pdf`, page],
      [`documents/${key}/plan.docx`, pdf()],
    ] as const) {
      await refused(
        await withMembers(archive, 'documento-falso.tar.gz', [{ name: `media/${member}`, bytes }]),
        new RegExp(`"media/${member.replace('.', '\\.')}" no es el documento que dice su nombre`),
      );
    }
  });

  it('refuses a media member larger than any upload leaves (600 MB of zeros, under 1 MB compressed), before writing anything and without holding it in memory', async () => {
    const size = 600 * 1024 * 1024;
    expect(UPLOAD_FILE_MAX_BYTES).toBeLessThan(size);
    const bomb = await withBomb(archive, 'bomba.tar.gz', `images/${crypto.randomUUID()}.png`, size);
    expect((await fs.stat(bomb)).size).toBeLessThan(1024 * 1024);

    // An empty target, so that nothing else stops the restore first; the command line, in a process of its own, reports its peak memory.
    const empty = await newPlace(OTHER, 'local');
    const probe = path.join(scratch, 'memoria-maxima.cjs');
    const peakFile = path.join(scratch, 'memoria-maxima.txt');
    // VmHWM, the peak of this program's own memory: getrusage's maxRSS also carries the peak of the
    // process it was forked from (a Jest worker of several hundred MB), across exec.
    await fs.writeFile(
      probe,
      `process.on('exit', () => { const fs = require('node:fs'); const kb = /VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]; fs.writeFileSync(${JSON.stringify(peakFile)}, String(Number(kb) * 1024)); });\n`,
    );
    const command = await runCommand('restore', [bomb], empty.env, ['--require', probe]).exit;
    expect(command.stderr).toMatch(
      /no es una copia de seguridad de este sitio \("media\/images\/[0-9a-f-]{36}\.png" pasa de [\d.,]+ MB, más de lo que el sitio guarda nunca en un archivo así\)\. No se ha tocado el destino\./,
    );
    expect(command.code).toBe(1);
    // Far below the member itself: it was never read whole (the process of a restore weighs well under this).
    const peak = Number(await fs.readFile(peakFile, 'utf8'));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(size / 2);

    expect(await fs.readdir(empty.dataDir)).toEqual([]);
    if (empty.databaseUrl) {
      const db = createDatabase(empty);
      try {
        expect(await db.introspection.getTables()).toEqual([]);
      } finally {
        await db.destroy();
      }
    }
    // The same through the function, on the target that holds a site.
    await refused(bomb, /pasa de [\d.,]+ MB/);
  });

  it('refuses a table’s file larger than the bound from its header, before unpacking a byte of it', async () => {
    // The tar header says 3 GB; what follows is cut short: a restore that read on would call it truncated.
    const entries = (await members(archive)).filter((entry) => entry.name !== 'database/sections.jsonl');
    const pack = tar.pack();
    const out: Buffer[] = [];
    pack.on('data', (chunk) => out.push(chunk as Buffer));
    for (const entry of entries.slice(0, -1)) pack.entry({ name: entry.name }, entry.bytes);
    const huge = pack.entry({ name: 'database/sections.jsonl', size: 3 * 1024 ** 3 });
    huge.write(Buffer.alloc(64 * 1024, 0x20));
    while (!Buffer.concat(out).includes('database/sections.jsonl')) await new Promise((resolve) => setImmediate(resolve));
    pack.destroy();
    const file = path.join(scratch, 'tabla-enorme.tar.gz');
    await fs.writeFile(file, zlib.gzipSync(Buffer.concat(out)));
    await refused(
      file,
      /no es una copia de seguridad de este sitio \("database\/sections\.jsonl" pasa de [\d.,]+ MB, más de lo que el sitio guarda nunca en un archivo así\)/,
    );
  });

  it('refuses a target that holds content without --force; with --force, replaces it', async () => {
    await refused(
      archive,
      /El destino no está vacío \(la base de datos tiene \d+ filas: .*sections 1.*; hay 4 archivos de medios que no son los de la copia en .*\)\. .*--force/,
      false,
    );

    // The site is stopped first, as docs/operations.md says.
    await target.close();
    const command = await runCommand('restore', [archive, '--force'], to.env).exit;
    expect(command).toMatchObject({ code: 0, stderr: '' });
    const original = await serve(from);
    target = await serve(to);
    try {
      expect(await answersOf(target)).toEqual(await answersOf(original));
    } finally {
      await original.close();
    }
    targetAnswers = await answersOf(target);
    targetMedia = await storeContents(to);
  });

  it('refuses to replace a SQLite database that a running site has open, even with --force', async () => {
    const running = await newPlace('sqlite', 'local');
    const site = await serve(running);
    try {
      const token = await site.adminToken();
      await site.request('POST', '/api/sections/', { token, json: { title: 'En marcha' } });
      const before = await answersOf(site);
      const media = running.store();
      await expect(
        restoreBackup({ file: archive, target: { dataDir: running.dataDir, media }, force: true, print: quiet }),
      ).rejects.toThrow(
        /Otro proceso tiene abierta la base de datos .*db\.sqlite3: detenga el sitio antes de restaurar\. No se ha tocado el destino\./,
      );
      await media.close();
      expect(await answersOf(site)).toEqual(before);
      expect(await storeContents(running)).toEqual(new Map());
    } finally {
      await site.close();
    }
  });

  it('leaves nothing under the name asked for when a copy is killed half-way (kill -9), and nothing at all when it is stopped (SIGTERM)', async () => {
    // The bucket answers through a proxy that lets the listing and a dozen files through, then holds every read.
    let reads = 0;
    let held!: () => void;
    let holding = new Promise<void>((resolve) => (held = resolve));
    const stalled: http.ServerResponse[] = [];
    const proxy = http.createServer((request, response) => {
      if (request.method === 'GET' && /\/images\//.test(request.url ?? '') && ++reads > 12) {
        stalled.push(response);
        held();
        return;
      }
      const upstream = http.request(
        `${emulator.endpoint}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const out = path.join(scratch, 'interrumpida', 'copia.tar.gz');
    await fs.mkdir(path.dirname(out));
    try {
      const { child, exit } = runCommand('backup', ['--out', out], {
        ...from.env,
        S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
      await holding;
      child.kill('SIGKILL');
      expect((await exit).signal).toBe('SIGKILL');

      const left = await fs.readdir(path.dirname(out));
      expect(left).not.toContain('copia.tar.gz');
      expect(left).toEqual([expect.stringMatching(/^\.copia\.tar\.gz\.[0-9a-f-]{36}\.partial$/)]);
      await refused(path.join(path.dirname(out), left[0]), /está incompleto o dañado \(el archivo termina antes de tiempo\)/);

      // Stopped as a service manager stops it, while a read from the bucket hangs: it cleans up after itself.
      await fs.rm(path.join(path.dirname(out), left[0]));
      reads = 0;
      holding = new Promise<void>((resolve) => (held = resolve));
      const stopped = runCommand('backup', ['--out', out], {
        ...from.env,
        S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
      await holding;
      stopped.child.kill('SIGTERM');
      const result = await stopped.exit;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Copia interrumpida: no queda ningún archivo a medias con el nombre pedido.');
      expect(await fs.readdir(path.dirname(out))).toEqual([]);
    } finally {
      for (const response of stalled) response.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
