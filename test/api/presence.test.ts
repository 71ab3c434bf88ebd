import { CONTENT_KIND, CONTENT_KINDS } from '@/domain/content-kinds';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { createBackup } from '@/server/backup/backup';
import { readContentVersion } from '@/server/db/content-version-repository';
import { createLocalFolderStore } from '@/server/media/local-folder-store';
import { formData, makeImage, startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';

/**
 * Who else is editing (docs/decisions/182-presence.md), on two server
 * instances sharing one database, as behind the proxy: a heartbeat through
 * one is seen through the other, forgotten 60 s after the last one, ended at
 * once by leaving the form or signing out, and never a content write.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */

const POSTGRES = Boolean(process.env.DATABASE_URL);
const PASSWORD = 'una frase larga de presencia 2026';

let a: TestServer;
let b: TestServer;
let admin: string;
let ana: { token: string; refresh: string; id: number };
let section: number;

/** An account made by invitation, as the panel makes one, signed in. */
async function colleague(username: string, name: string, role: 'editor' | 'admin') {
  const made = await a.request('POST', '/api/users/', { token: admin, json: { username, name, role } });
  expect(made.status).toBe(201);
  const link = (made.body.invitation.url as string).split('#')[1];
  const accepted = await a.request('POST', '/api/invitations/accept/', { json: { token: link, password: PASSWORD } });
  expect(accepted.status).toBe(200);
  return { token: accepted.body.access as string, refresh: accepted.body.refresh as string, id: made.body.user.id as number };
}

async function newPublication(title: string): Promise<{ id: number; version: number }> {
  const created = await a.request('POST', '/api/publications/', {
    token: admin,
    form: formData(
      { title, section_id: String(section), status: 'draft', publish_date: '2026-01-15', layout: '[]' },
      { featured_image: { bytes: await makeImage('jpeg') } },
    ),
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, version: created.body.version };
}

const heartbeat = (server: TestServer, token: string, address: string, tab: string) =>
  server.request('POST', `${address}presence/`, { token, json: { tab } });
const names = (reply: { body: { editors: { name: string }[] } }) => reply.body.editors.map((editor) => editor.name);

beforeAll(async () => {
  a = await startApiServer();
  // The second instance: its own process state, the same database.
  b = await startApiServer({}, { dataDir: a.dataDir, databaseUrl: a.config.databaseUrl });
  admin = await a.adminToken();
  await a.services.db.updateTable('users').set({ name: 'Dirección' }).where('username', '=', TEST_ADMIN.username).execute();
  ana = await colleague('ana.presencia', 'Ana', 'editor');
  section = (await a.request('POST', '/api/sections/', { token: admin, json: { title: 'Presencias' } })).body.id;
}, 60_000);
afterAll(async () => {
  jest.useRealTimers();
  await b?.close();
  await a?.close();
});
afterEach(() => jest.useRealTimers());

it('shows each person to the other across instances, with the time they arrived, and forgets one 60 s after the last heartbeat', async () => {
  const { id } = await newPublication('Dos a la vez');
  const address = `/api/publications/${id}/`;
  const start = Date.now();
  fakeDateOnly(start);
  // Tokens issued on the faked clock, so that their expiry is read on it.
  const anaToken = (await a.request('POST', '/api/token/', { json: { username: 'ana.presencia', password: PASSWORD } })).body.access;
  const adminToken = (await a.request('POST', '/api/token/', { json: TEST_ADMIN })).body.access;

  const first = await heartbeat(a, anaToken, address, 'pestana-ana');
  expect(first.status).toBe(200);
  expect(first.body.editors).toEqual([]);
  expect(first.body.time_zone).toBe('Europe/Madrid');

  jest.setSystemTime(start + 5_000);
  const arrival = await heartbeat(b, adminToken, address, 'pestana-direccion');
  expect(arrival.body.editors).toEqual([{ name: 'Ana', since: new Date(start).toISOString(), you: false }]);

  // Ana's next heartbeat, through the other instance, sees the newcomer.
  jest.setSystemTime(start + 20_000);
  const seen = await heartbeat(a, anaToken, address, 'pestana-ana');
  expect(seen.body.editors).toEqual([{ name: 'Dirección', since: new Date(start + 5_000).toISOString(), you: false }]);

  // Ana's tab stops (closed without a word, or idle): 60 s after her last heartbeat she is gone.
  jest.setSystemTime(start + 45_000);
  expect(names(await heartbeat(b, adminToken, address, 'pestana-direccion'))).toEqual(['Ana']);
  jest.setSystemTime(start + 79_000);
  expect(names(await heartbeat(b, adminToken, address, 'pestana-direccion'))).toEqual(['Ana']);
  jest.setSystemTime(start + 81_000);
  expect(names(await heartbeat(b, adminToken, address, 'pestana-direccion'))).toEqual([]);

  // When she comes back, she counts from then.
  const back = await heartbeat(a, anaToken, address, 'pestana-ana');
  expect(back.body.editors).toEqual([{ name: 'Dirección', since: new Date(start + 5_000).toISOString(), you: false }]);
  expect((await heartbeat(b, adminToken, address, 'pestana-direccion')).body.editors).toEqual([
    { name: 'Ana', since: new Date(start + 81_000).toISOString(), you: false },
  ]);
});

it('ends presence at once when the form is left, and when its sign-in signs out', async () => {
  const { id } = await newPublication('Salidas');
  const address = `/api/publications/${id}/`;
  await heartbeat(a, ana.token, address, 'pestana-1');
  expect(names(await heartbeat(b, admin, address, 'pestana-admin'))).toEqual(['Ana']);

  const left = await a.request('DELETE', `${address}presence/?tab=pestana-1`, { token: ana.token });
  expect(left.status).toBe(204);
  expect(names(await heartbeat(b, admin, address, 'pestana-admin'))).toEqual([]);

  // Another sign-in of Ana's, in a browser that then signs out: its tabs go with it.
  const other = await b.request('POST', '/api/token/', { json: { username: 'ana.presencia', password: PASSWORD } });
  await heartbeat(b, other.body.access, address, 'pestana-2');
  expect(names(await heartbeat(a, admin, address, 'pestana-admin'))).toEqual(['Ana']);
  expect((await b.request('POST', '/api/token/blacklist/', { json: { refresh: other.body.refresh } })).status).toBe(200);
  expect(names(await heartbeat(a, admin, address, 'pestana-admin'))).toEqual([]);
});

it("lists each person once, and one's own other tabs as 'you'", async () => {
  const { id } = await newPublication('Varias pestañas');
  const address = `/api/publications/${id}/`;
  await heartbeat(a, ana.token, address, 'ana-1');
  await heartbeat(b, ana.token, address, 'ana-2');
  const berta = await colleague('berta.presencia', '', 'editor');
  await heartbeat(a, berta.token, address, 'berta-1');
  await heartbeat(b, admin, address, 'admin-1');
  const answer = await heartbeat(a, admin, address, 'admin-2');
  expect(answer.body.editors.map(({ name, you }: { name: string; you: boolean }) => ({ name, you }))).toEqual([
    { name: 'Ana', you: false },
    // No Nombre: the username.
    { name: 'berta.presencia', you: false },
    { name: 'Dirección', you: true },
  ]);
});

it('tells an open form that a colleague saved, with the version and the revision to look at', async () => {
  const { id, version } = await newPublication('Guardada por otra');
  const address = `/api/publications/${id}/`;
  const before = await heartbeat(a, admin, address, 'admin-form');
  expect(before.body).toMatchObject({ version, last_save: { by: 'Dirección', you: true } });

  const saved = await b.request('PATCH', address, { token: ana.token, json: { title: 'Guardada por Ana', version } });
  expect(saved.status).toBe(200);
  const after = await heartbeat(a, admin, address, 'admin-form');
  const revisions = await a.request('GET', `${address}revisions/`, { token: admin });
  expect(after.body.version).toBe(version + 1);
  expect(after.body.last_save).toEqual({
    at: revisions.body.results[0].created_at,
    by: 'Ana',
    you: false,
    revision_id: revisions.body.results[0].id,
  });
});

it('is no content write: no version, no revision, no activity entry, no cache cleared, nothing in a backup', async () => {
  const { id, version } = await newPublication('Sin huella');
  const address = `/api/publications/${id}/`;
  const contentVersion = await readContentVersion(a.services.db);
  const activity = (await a.request('GET', '/api/activity/?page_size=100', { token: admin })).body.count;
  const writes = [jest.spyOn(a.services, 'writeContent'), jest.spyOn(b.services, 'writeContent')];
  for (let i = 0; i < 3; i++) {
    expect((await heartbeat(a, admin, address, 'admin-form')).status).toBe(200);
    expect((await heartbeat(b, ana.token, address, 'ana-form')).status).toBe(200);
  }
  expect((await a.request('DELETE', `${address}presence/?tab=admin-form`, { token: admin })).status).toBe(204);
  for (const write of writes) {
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  }
  expect(await readContentVersion(a.services.db)).toBe(contentVersion);
  expect((await a.request('GET', address, { token: admin })).body.version).toBe(version);
  expect((await a.request('GET', `${address}revisions/`, { token: admin })).body.count).toBe(1);
  expect((await a.request('GET', '/api/activity/?page_size=100', { token: admin })).body.count).toBe(activity);

  // Ana's form is still open while the copy is taken; the copy leaves it out.
  const archive = path.join(a.dataDir, 'copia-presencia.tar.gz');
  const media = createLocalFolderStore(path.join(a.dataDir, 'media'));
  await createBackup({ db: a.services.db, media, out: archive, print: () => {} });
  const members = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
  expect(members).toContain('database/publications.jsonl');
  expect(members.filter((member) => member.includes('presence'))).toEqual([]);
  await fs.rm(archive, { force: true });
});

it('is answered while a content write holds the write lock (PostgreSQL), or as soon as it commits (SQLite)', async () => {
  const { id } = await newPublication('Mientras otro guarda');
  const address = `/api/publications/${id}/`;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let writing!: () => void;
  const started = new Promise<void>((resolve) => (writing = resolve));
  // A content write on A that has taken the lock (its version bump came first) and goes on.
  const write = a.services.writeContent(async () => {
    writing();
    await held;
  });
  await started;
  const beat = heartbeat(b, ana.token, address, 'ana-durante');
  // PostgreSQL: the heartbeat touches no row the content write holds, so it is answered first.
  if (POSTGRES) expect((await beat).status).toBe(200);
  release();
  await write;
  // SQLite has one writer at a time: the heartbeat waited for that transaction alone, and is answered.
  expect((await beat).status).toBe(200);
  expect(names(await heartbeat(a, admin, address, 'admin-despues'))).toEqual(['Ana']);
});

it('follows the right to edit the record: an Editor has no presence on a section', async () => {
  const forbidden = { detail: accountMessages.forbidden };
  const sectionAddress = `/api/sections/${section}/`;
  expect(await heartbeat(a, ana.token, sectionAddress, 'ana-seccion')).toMatchObject({ status: 403, body: forbidden });
  expect(await a.request('DELETE', `${sectionAddress}presence/?tab=ana-seccion`, { token: ana.token })).toMatchObject({
    status: 403,
    body: forbidden,
  });
  expect((await heartbeat(a, admin, sectionAddress, 'admin-seccion')).status).toBe(200);

  const biography = await a.request('POST', '/api/biographies/', {
    token: ana.token,
    form: formData({ name: 'Docente presente', position: 'Profesora', biography: 'Texto.', email: 'docente@example.org', linkedin: '' }),
  });
  expect(biography.status).toBe(201);
  expect((await heartbeat(b, ana.token, `/api/biographies/${biography.body.id}/`, 'ana-bio')).body.editors).toEqual([]);
  // Nobody signed in: nothing at all.
  expect((await a.request('POST', `${sectionAddress}presence/`, { json: { tab: 'x' } })).status).toBe(401);
});

it("answers 404 with the kind's message for a record that does not exist or is in the trash, 400 without a tab", async () => {
  expect(await heartbeat(a, admin, '/api/publications/999999/', 't')).toMatchObject({
    status: 404,
    body: { detail: messages.publicationNotFound },
  });
  expect(await heartbeat(a, admin, '/api/biographies/999999/', 't')).toMatchObject({
    status: 404,
    body: { detail: messages.biographyNotFound },
  });
  const { id } = await newPublication('A la papelera');
  expect((await a.request('DELETE', `/api/publications/${id}/`, { token: admin })).status).toBe(204);
  expect((await heartbeat(a, admin, `/api/publications/${id}/`, 't')).status).toBe(404);
  expect((await a.request('POST', `/api/sections/${section}/presence/`, { token: admin, json: {} })).status).toBe(400);
  expect((await a.request('POST', `/api/sections/${section}/presence/`, { token: admin, json: { tab: 'x'.repeat(65) } })).status).toBe(400);
  expect((await a.request('DELETE', `/api/sections/${section}/presence/`, { token: admin })).status).toBe(400);
});

it('is not part of the public API', async () => {
  const document = (await a.request('GET', '/api/schema/')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  const presence = Object.entries(document.paths).filter(([address]) => address.includes('presence'));
  expect(presence.map(([address]) => address).sort()).toEqual(
    CONTENT_KINDS.map((kind) => `/api/${CONTENT_KIND[kind].collection}/{id}/presence/`).sort(),
  );
  for (const [, methods] of presence) for (const operation of Object.values(methods)) expect(operation.security).toEqual([{ bearer: [] }]);
});
