import { PostgresAdapter, sql } from 'kysely';
import { messages } from '@/domain/messages';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { insertActivity } from '@/server/db/activity-repository';
import { readContentVersion } from '@/server/db/content-version-repository';
import { startOfDay } from '@/server/routes/activity';
import { pruneExpiredActivity } from '@/server/upkeep/activity-retention';
import { formData, makeImage, startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { yesterday } from '../helpers/site-days';

let server: TestServer;
let adminToken: string;
let jpeg: Buffer;
const EDITOR = { username: 'editora', password: 'clave-de-la-editora' };
const LOGIN_MAX = 3;

beforeAll(async () => {
  // Behind one proxy, so that X-Forwarded-For names the client (TRUST_PROXY=1); a throttle small enough to reach.
  server = await startApiServer({ trustProxy: 1, loginRateLimitMax: LOGIN_MAX });
  adminToken = await server.adminToken();
  await ensureAdmin(server.services.db, EDITOR.username, EDITOR.password);
  jpeg = await makeImage('jpeg');
});
afterAll(async () => server.close());

const DAY_MS = 86_400_000;

interface Entry {
  id: number;
  at: string;
  user: string | null;
  action: string;
  target_kind: string | null;
  target_id: number | null;
  target_label: string;
  ip: string | null;
}

const signIn = (credentials: { username: string; password: string }, ip: string) =>
  server.request('POST', '/api/token/', { json: credentials, headers: { 'X-Forwarded-For': ip } });

async function activity(
  query = '',
  token = adminToken,
): Promise<{ count: number; next: string | null; previous: string | null; results: Entry[] }> {
  const reply = await server.request('GET', `/api/activity/${query}`, { token });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return reply.body;
}

const brief = (entry: Entry) => [entry.action, entry.user, entry.target_kind, entry.target_id, entry.target_label, entry.ip];
const contentVersion = () => readContentVersion(server.services.db);
const trashEntryOf = async (token: string, kind: string, itemId: number) =>
  (await server.request('GET', '/api/trash/?all=true', { token })).body.results.find(
    (e: { kind: string; item_id: number }) => e.kind === kind && e.item_id === itemId,
  );

describe('the activity log', () => {
  it('records who signed in (with the address), who failed, and every change, newest first', async () => {
    const versionBefore = await contentVersion();
    const signedIn = await signIn(EDITOR, '203.0.113.7');
    expect(signedIn.status).toBe(200);
    const editor = signedIn.body.access as string;
    expect((await signIn({ username: TEST_ADMIN.username, password: 'equivocada' }, '198.51.100.9')).status).toBe(401);
    expect((await signIn({ username: 'nadie', password: 'equivocada' }, '198.51.100.10')).status).toBe(401);
    // Sign-ins, good or bad, are no content: the public cache's version stays.
    expect(await contentVersion()).toBe(versionBefore);

    const as = (token: string) => (method: string, pathName: string, json?: unknown) => server.request(method, pathName, { token, json });
    const byEditor = as(editor);
    const byAdmin = as(adminToken);
    const actas = (await byEditor('POST', '/api/sections/', { title: 'Actas' })).body;
    expect((await byEditor('PATCH', `/api/sections/${actas.id}/`, { title: 'Actas del congreso' })).status).toBe(200);
    const revista = (await byEditor('POST', '/api/sections/', { title: 'Revista' })).body;
    expect(
      (
        await byEditor('PATCH', '/api/sections/reorder/', [
          { id: revista.id, order: 0 },
          { id: actas.id, order: 1 },
        ])
      ).status,
    ).toBe(200);
    const uploaded = await server.request('POST', '/api/upload-image/', { token: editor, form: formData({}, { image: { bytes: jpeg } }) });
    expect(uploaded.status).toBe(201);
    const created = await server.request('POST', '/api/publications/', {
      token: editor,
      form: formData(
        { title: 'Crónica', section_id: String(actas.id), status: 'published', publish_date: yesterday(), layout: '[]' },
        { featured_image: { bytes: jpeg } },
      ),
    });
    expect(created.status).toBe(201);
    const crónica = created.body.id as number;
    expect((await byEditor('PATCH', `/api/publications/${crónica}/`, { title: 'Crónica corregida' })).status).toBe(200);
    expect((await byEditor('DELETE', `/api/publications/${crónica}/`)).status).toBe(204);
    expect((await byEditor('POST', `/api/trash/${(await trashEntryOf(editor, 'publication', crónica)).id}/restore/`)).status).toBe(200);
    const [, firstRevision] = (await byEditor('GET', `/api/publications/${crónica}/revisions/`)).body.results;
    expect((await byEditor('POST', `/api/publications/${crónica}/revisions/${firstRevision.id}/restore/`)).status).toBe(200);
    expect((await byEditor('DELETE', `/api/publications/${crónica}/`)).status).toBe(204);
    expect((await byEditor('DELETE', `/api/trash/${(await trashEntryOf(editor, 'publication', crónica)).id}/`)).status).toBe(204);
    const biography = (await byAdmin('POST', '/api/biographies/', { name: 'Docente invitada', position: 'P', biography: 'B' })).body;
    expect((await byAdmin('DELETE', `/api/biographies/${biography.id}/`)).status).toBe(204);
    expect((await server.request('POST', '/api/token/blacklist/', { json: { refresh: signedIn.body.refresh } })).status).toBe(200);
    // Signing out twice with the same token is one sign-out.
    expect((await server.request('POST', '/api/token/blacklist/', { json: { refresh: signedIn.body.refresh } })).status).toBe(200);

    // Each upload went into the library (decision 192): the cell's image, then the featured image.
    const inLibrary = async (url: string) =>
      (await server.services.db.selectFrom('media').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id;
    const cellImage = await inLibrary(uploaded.body.url);
    const featured = await inLibrary(created.body.featured_image);
    const log = await activity('?all=true');
    expect(log.results.map(brief).reverse()).toEqual([
      ['sign_in', TEST_ADMIN.username, null, null, '', '127.0.0.1'],
      ['sign_in', EDITOR.username, null, null, '', '203.0.113.7'],
      ['sign_in_failed', TEST_ADMIN.username, null, null, '', '198.51.100.9'],
      // An unknown name is not kept: it may be a password typed in the wrong box.
      ['sign_in_failed', null, null, null, '', '198.51.100.10'],
      ['create', EDITOR.username, 'section', actas.id, 'Actas', null],
      ['update', EDITOR.username, 'section', actas.id, 'Actas del congreso', null],
      ['create', EDITOR.username, 'section', revista.id, 'Revista', null],
      ['reorder', EDITOR.username, 'section', null, 'Movió «Revista» a la posición 1', null],
      ['create', EDITOR.username, 'media', cellImage, 'imagen', null],
      ['create', EDITOR.username, 'publication', crónica, 'Crónica', null],
      ['create', EDITOR.username, 'media', featured, 'imagen', null],
      ['update', EDITOR.username, 'publication', crónica, 'Crónica corregida', null],
      ['delete', EDITOR.username, 'publication', crónica, 'Crónica corregida', null],
      ['restore', EDITOR.username, 'publication', crónica, 'Crónica corregida', null],
      ['revision_restore', EDITOR.username, 'publication', crónica, 'Crónica', null],
      ['delete', EDITOR.username, 'publication', crónica, 'Crónica', null],
      ['purge', EDITOR.username, 'publication', crónica, 'Crónica', null],
      ['create', TEST_ADMIN.username, 'biography', biography.id, 'Docente invitada', null],
      ['delete', TEST_ADMIN.username, 'biography', biography.id, 'Docente invitada', null],
      ['sign_out', EDITOR.username, null, null, '', null],
    ]);
    const times = log.results.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(log.count).toBe(20);
  });

  it('is filtered by person, by action and by both, and lists the people it names', async () => {
    const mine = await activity(`?user=${EDITOR.username}&all=true`);
    expect(mine.count).toBe(15);
    expect(mine.results.every((entry) => entry.user === EDITOR.username)).toBe(true);
    expect((await activity('?kind=sign_in_failed')).results.map((entry) => entry.ip)).toEqual(['198.51.100.10', '198.51.100.9']);
    expect((await activity(`?kind=sign_in_failed&user=${TEST_ADMIN.username}`)).results.map((entry) => entry.ip)).toEqual(['198.51.100.9']);
    expect((await activity('?kind=purge')).count).toBe(1);
    expect((await activity('?user=desconocida')).results).toEqual([]);
    const people = await server.request('GET', '/api/activity/people/', { token: adminToken });
    expect(people.status).toBe(200);
    expect(people.headers.get('cache-control')).toBe('no-store');
    expect(people.body).toEqual([TEST_ADMIN.username, EDITOR.username]);
  });

  it('is paged as the other lists are', async () => {
    const all = (await activity('?all=true')).results;
    const first = await activity('?page_size=3');
    expect(first.count).toBe(all.length);
    expect(first.results).toEqual(all.slice(0, 3));
    expect(first.next).toBe(`${server.url}/api/activity/?page_size=3&page=2`);
    const second = await activity('?page_size=3&page=2');
    expect(second.results).toEqual(all.slice(3, 6));
    expect(second.previous).toBe(`${server.url}/api/activity/?page_size=3`);
    const past = await server.request('GET', '/api/activity/?page=999', { token: adminToken });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: messages.invalidPage });
  });

  it("is filtered by days of the site's time zone, both ends included", async () => {
    const midnight = Date.parse(startOfDay('2025-03-11'));
    const late = new Date(midnight - 30 * 60_000).toISOString();
    const early = new Date(midnight + 30 * 60_000).toISOString();
    await insertActivity(server.services.db, {
      at: late,
      user: { id: null, username: 'noctámbula' },
      action: 'update',
      target: { kind: 'section', id: 1, label: 'Tarde' },
    });
    await insertActivity(server.services.db, {
      at: early,
      user: { id: null, username: 'noctámbula' },
      action: 'update',
      target: { kind: 'section', id: 1, label: 'Temprano' },
    });
    const labels = async (query: string) => (await activity(`?user=noctámbula&${query}`)).results.map((entry) => entry.target_label);
    expect(await labels('from=2025-03-10&to=2025-03-10')).toEqual(['Tarde']);
    expect(await labels('from=2025-03-11&to=2025-03-11')).toEqual(['Temprano']);
    expect(await labels('from=2025-03-10&to=2025-03-11')).toEqual(['Temprano', 'Tarde']);
    expect(await labels('from=2025-03-11')).toEqual(['Temprano']);
    expect(await labels('to=2025-03-10')).toEqual(['Tarde']);
    expect(await labels('from=2025-03-12')).toEqual([]);
  });

  it('refuses bad filters with Spanish field messages, all at once', async () => {
    const bad = async (query: string) => {
      const reply = await server.request('GET', `/api/activity/${query}`, { token: adminToken });
      expect(reply.status).toBe(400);
      return reply.body;
    };
    expect(await bad('?kind=hackeo&from=2025-13-01&to=ayer')).toEqual({
      kind: [messages.invalidChoice],
      from: [messages.invalidDate],
      to: [messages.invalidDate],
    });
    expect(await bad('?from=2025-03-12&to=2025-03-11')).toEqual({ to: [messages.activityDateOrder] });
    expect((await server.request('GET', '/api/activity/')).status).toBe(401);
    expect((await server.request('GET', '/api/activity/people/')).status).toBe(401);
  });

  it('keeps a burst of failed sign-ins to what the throttle lets reach the password check', async () => {
    const ip = '192.0.2.50';
    const statuses = [];
    for (let i = 0; i < LOGIN_MAX + 3; i++) statuses.push((await signIn({ username: `intruso${i}`, password: 'x' }, ip)).status);
    expect(statuses).toEqual([...Array(LOGIN_MAX).fill(401), 429, 429, 429]);
    const failed = (await activity('?kind=sign_in_failed&all=true')).results.filter((entry) => entry.ip === ip);
    expect(failed).toHaveLength(LOGIN_MAX);
  });
});

describe('a content change and its log entry', () => {
  it('are one transaction: when the entry cannot be written, the change and its revision are not either, nor a new content version', async () => {
    const section = (await server.request('POST', '/api/sections/', { token: adminToken, json: { title: 'Indivisible' } })).body;
    const history = async () => (await server.request('GET', `/api/sections/${section.id}/revisions/`, { token: adminToken })).body;
    const db = server.services.db;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // The log entry's insert fails, after the section's update and its revision were written.
    if (postgres) {
      await sql`create function refuse_entry() returns trigger language plpgsql as $$ begin raise exception 'sin registro'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_entry before insert on activity for each row execute function refuse_entry()`.execute(db);
    } else {
      await sql`create trigger refuse_entry before insert on activity begin select raise(abort, 'sin registro'); end`.execute(db);
    }
    const logBefore = await activity('?all=true');
    const historyBefore = await history();
    const versionBefore = await contentVersion();
    try {
      const reply = await server.request('PATCH', `/api/sections/${section.id}/`, { token: adminToken, json: { title: 'A medias' } });
      expect(reply.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_entry${sql.raw(postgres ? ' on activity' : '')}`.execute(db);
      if (postgres) await sql`drop function refuse_entry()`.execute(db);
    }
    expect((await server.request('GET', `/api/sections/${section.id}/`, { token: adminToken })).body).toEqual(section);
    expect(await history()).toEqual(historyBefore);
    expect(await activity('?all=true')).toEqual(logBefore);
    expect(await contentVersion()).toBe(versionBefore);

    // The same save, once the entry can be written, is all three.
    expect((await server.request('PATCH', `/api/sections/${section.id}/`, { token: adminToken, json: { title: 'Entera' } })).status).toBe(
      200,
    );
    expect(brief((await activity()).results[0])).toEqual(['update', TEST_ADMIN.username, 'section', section.id, 'Entera', null]);
    expect((await history()).count).toBe(historyBefore.count + 1);
    expect(await contentVersion()).toBe(versionBefore + 1);
  });
});

describe('retention', () => {
  it('clears sign-in addresses after 90 days and deletes entries after ACTIVITY_RETENTION_DAYS, without touching the content version', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const user = { id: null, username: 'memoria' };
    await insertActivity(server.services.db, {
      at: ago(400),
      user,
      action: 'update',
      target: { kind: 'section', id: 1, label: 'Muy antigua' },
    });
    await insertActivity(server.services.db, { at: ago(100), user, action: 'sign_in_failed', ip: '198.51.100.20' });
    await insertActivity(server.services.db, { at: ago(30), user, action: 'sign_in', ip: '198.51.100.21' });
    const remembered = async () => (await activity('?user=memoria')).results.map((entry) => [entry.action, entry.target_label, entry.ip]);
    expect(server.config.activityRetentionDays).toBe(365);
    const versionBefore = await contentVersion();

    await pruneExpiredActivity(server.services);
    expect(await remembered()).toEqual([
      ['sign_in', '', '198.51.100.21'],
      ['sign_in_failed', '', null],
    ]);
    // A shorter retention (ACTIVITY_RETENTION_DAYS=20) takes more.
    await pruneExpiredActivity({ ...server.services, config: { ...server.services.config, activityRetentionDays: 20 } });
    expect(await remembered()).toEqual([]);
    expect(await contentVersion()).toBe(versionBefore);
  });
});

describe('startOfDay', () => {
  it('is the instant a day starts in a time zone, across changes of time', () => {
    expect(startOfDay('2025-03-11', 'Europe/Madrid')).toBe('2025-03-10T23:00:00.000Z');
    expect(startOfDay('2025-07-01', 'Europe/Madrid')).toBe('2025-06-30T22:00:00.000Z');
    expect(startOfDay('2025-03-30', 'Europe/Madrid')).toBe('2025-03-29T23:00:00.000Z');
    expect(startOfDay('2025-10-26', 'Europe/Madrid')).toBe('2025-10-25T22:00:00.000Z');
    expect(startOfDay('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-06-01', 'UTC')).toBe('2025-06-01T00:00:00.000Z');
  });
});

describe("a reorder's entry", () => {
  it('names the one item moved and where: its place in a whole list, else the item it now goes before or after; several moved, how many', async () => {
    const as = (method: string, path: string, json: unknown) => server.request(method, path, { token: adminToken, json });
    const names = ['Ana Ruiz', 'Berta Gil', 'Carlos Pi'];
    const before = (await as('GET', '/api/biographies/?page_size=1000', undefined)).body.results as { id: number }[];
    const made: number[] = [];
    for (const name of names) {
      const reply = await as('POST', '/api/biographies/', { name, position: 'Docente', biography: 'Investiga la convivencia escolar.' });
      expect(reply.status).toBe(201);
      made.push(reply.body.id);
    }
    const lastLabel = async () => (await activity('?all=true')).results.find((entry) => entry.action === 'reorder')?.target_label;
    const all = [...before.map(({ id }) => id), ...made];
    // The whole list, the last one moved to the top.
    const whole = [made[2], ...all.filter((id) => id !== made[2])];
    expect(
      (
        await as(
          'PATCH',
          '/api/biographies/reorder/',
          whole.map((id, order) => ({ id, order })),
        )
      ).status,
    ).toBe(200);
    expect(await lastLabel()).toBe('Movió «Carlos Pi» a la posición 1');
    // A view of part of the list (a page): its positions are not the list's.
    const part = [made[1], made[0]];
    expect(
      (
        await as(
          'PATCH',
          '/api/biographies/reorder/',
          part.map((id, order) => ({ id, order })),
        )
      ).status,
    ).toBe(200);
    expect(await lastLabel()).toBe('Movió «Berta Gil» delante de «Ana Ruiz»');
    const reversed = [made[0], made[1], made[2]];
    expect(
      (
        await as(
          'PATCH',
          '/api/biographies/reorder/',
          reversed.map((id, order) => ({ id, order })),
        )
      ).status,
    ).toBe(200);
    expect(await lastLabel()).toBe('3 biografías');
  });
});
