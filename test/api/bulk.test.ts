import { accountMessages } from '@/domain/accounts';
import { bulkMessages } from '@/domain/bulk';
import { BULK_MAX_ITEMS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { todayIso } from '@/server/clock';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';

/**
 * POST /api/publications/bulk/: each item checked and written as its own
 * edit would be, the refused ones left as they were, one activity entry
 * listing what changed. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

let server: TestServer;
let token: string;
let imageUrl: string;
let editorToken: string;
const EDITOR = { username: 'editora.lote', password: 'una-clave-de-editora-larga' };

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  const uploaded = await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) });
  expect(uploaded.status).toBe(201);
  imageUrl = uploaded.body.url;
  const created = await call('POST', '/api/users/', { username: EDITOR.username, name: 'Editora', role: 'editor' });
  expect(created.status).toBe(201);
  const link = (created.body.invitation.url as string).split('#')[1];
  const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token: link, password: EDITOR.password } });
  expect(accepted.status).toBe(200);
  editorToken = accepted.body.access;
}, 30_000);
afterAll(async () => server.close());

const call = (method: string, pathName: string, json?: unknown, as = token) => server.request(method, pathName, { token: as, json });
const bulk = (json: unknown, as = token) => call('POST', '/api/publications/bulk/', json, as);

interface Made {
  id: number;
  title: string;
  version: number;
  status: string;
  section_id: number;
  publish_date: string | null;
}

async function newSection(title: string): Promise<number> {
  const reply = await call('POST', '/api/sections/', { title });
  expect(reply.status).toBe(201);
  return reply.body.id;
}

async function newPublication(sectionId: number, title: string, fields: Record<string, unknown> = {}): Promise<Made> {
  const reply = await call('POST', '/api/publications/', {
    title,
    section_id: sectionId,
    status: 'draft',
    publish_date: '2026-01-15',
    featured_image: imageUrl,
    layout: [],
    ...fields,
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const get = async (id: number) => (await call('GET', `/api/publications/${id}/`)).body as Made;
const versionOf = (made: Made) => ({ id: made.id, version: made.version });

async function latestEntry(kind = 'bulk') {
  const reply = await call('GET', `/api/activity/?kind=${kind}`);
  expect(reply.status).toBe(200);
  return reply.body.results[0];
}

describe('a bulk archive', () => {
  it('archives the current items and refuses, by title, one changed meanwhile and one in the trash', async () => {
    const section = await newSection('Lote: archivo');
    const [a, b, stale, trashed] = await Promise.all(
      ['Lote uno', 'Lote dos', 'Lote cambiado', 'Lote en la papelera'].map((title) => newPublication(section, title)),
    );
    // Someone else saves one after the selection was made; another goes to the trash.
    expect((await call('PATCH', `/api/publications/${stale.id}/`, { title: 'Lote cambiado por otra persona' }, editorToken)).status).toBe(
      200,
    );
    expect((await call('DELETE', `/api/publications/${trashed.id}/`)).status).toBe(204);
    const revisionsBefore = (await call('GET', `/api/publications/${a.id}/revisions/`)).body.count as number;

    const reply = await bulk({ action: 'archive', items: [a, b, stale, trashed].map(versionOf) });

    expect(reply.status).toBe(200);
    expect(reply.body.action).toBe('archive');
    expect(reply.body.changed.map((item: { id: number }) => item.id)).toEqual([a.id, b.id]);
    expect(reply.body.changed[0]).toEqual({
      id: a.id,
      title: 'Lote uno',
      version: a.version + 1,
      status: 'archived',
      section_id: section,
      previous: { status: 'draft', section_id: section },
      trash_entry_id: null,
    });
    expect(reply.body.refused).toEqual([
      { id: stale.id, title: 'Lote cambiado por otra persona', reason: 'stale', detail: messages.editConflict },
      { id: trashed.id, title: 'Lote en la papelera', reason: 'gone', detail: messages.publicationNotFound },
    ]);
    // What the server holds: the two archived, the stale one as its other editor left it.
    expect((await get(a.id)).status).toBe('archived');
    expect((await get(b.id)).status).toBe('archived');
    expect(await get(stale.id)).toMatchObject({ status: 'draft', title: 'Lote cambiado por otra persona', version: stale.version + 1 });
    // Each change has its revision, as a single edit would.
    const revisions = await call('GET', `/api/publications/${a.id}/revisions/`);
    expect(revisions.body.count).toBeGreaterThan(revisionsBefore);
    expect(revisions.body.results[0].summary.join(' ')).toContain('Archivado');
    // One entry in Actividad lists the two items; no entry of their own.
    const entry = await latestEntry();
    expect(entry).toMatchObject({ action: 'bulk_archive', user: 'admin', target_kind: 'publication', target_label: '2 publicaciones' });
    expect(entry.items).toEqual([
      { kind: 'publication', id: a.id, label: 'Lote uno' },
      { kind: 'publication', id: b.id, label: 'Lote dos' },
    ]);
    const updates = (await call('GET', '/api/activity/?kind=update')).body.results as { target_id: number }[];
    expect(updates.filter((update) => update.target_id === a.id || update.target_id === b.id)).toEqual([]);
  });

  it('refuses an item whose version is not the stored one, and leaves it as it was', async () => {
    const section = await newSection('Lote: mismo autor');
    const item = await newPublication(section, 'Lote propio');
    const reply = await bulk({ action: 'archive', items: [{ id: item.id, version: item.version + 5 }] });
    expect(reply.status).toBe(200);
    expect(reply.body.changed).toEqual([]);
    expect(reply.body.refused).toEqual([expect.objectContaining({ id: item.id, title: 'Lote propio', reason: 'stale' })]);
    expect((await get(item.id)).status).toBe('draft');
  });
});

describe('each action', () => {
  it('publishes keeping each date: a future one is scheduled, an undated one gets today', async () => {
    const section = await newSection('Lote: publicar');
    const future = await newPublication(section, 'Lote futuro', { publish_date: '2999-01-01' });
    const past = await newPublication(section, 'Lote pasado', { publish_date: '2020-05-05' });
    // Undated, as drafts kept from before dates were required are.
    const undated = await newPublication(section, 'Lote sin fecha');
    await server.services.db.updateTable('publications').set({ publish_date: null }).where('id', '=', undated.id).execute();

    const reply = await bulk({ action: 'publish', items: [future, past, undated].map(versionOf) });

    expect(reply.status).toBe(200);
    expect(reply.body.refused).toEqual([]);
    expect(await get(future.id)).toMatchObject({ status: 'published', publish_date: '2999-01-01' });
    expect((await get(future.id)) as unknown).toMatchObject({ public_state: { status: 'scheduled' } });
    expect(await get(past.id)).toMatchObject({ status: 'published', publish_date: '2020-05-05' });
    expect(await get(undated.id)).toMatchObject({ status: 'published', publish_date: todayIso() });
    expect((await latestEntry('bulk_publish')).target_label).toBe('3 publicaciones');
  });

  it('moves to a section, then reverts each item to its own previous status and section', async () => {
    const from = await newSection('Lote: origen');
    const elsewhere = await newSection('Lote: otra');
    const to = await newSection('Lote: destino');
    const one = await newPublication(from, 'Lote a mover', { status: 'published' });
    const two = await newPublication(elsewhere, 'Lote a mover dos', { status: 'archived' });

    const moved = await bulk({ action: 'move', section_id: to, items: [one, two].map(versionOf) });
    expect(moved.status).toBe(200);
    expect(moved.body.changed.map((item: Made) => item.section_id)).toEqual([to, to]);

    const undo = await bulk({
      action: 'revert',
      items: moved.body.changed.map((item: Made & { previous: { status: string; section_id: number } }) => ({
        id: item.id,
        version: item.version,
        ...item.previous,
      })),
    });
    expect(undo.status).toBe(200);
    expect(undo.body.refused).toEqual([]);
    expect(await get(one.id)).toMatchObject({ section_id: from, status: 'published' });
    expect(await get(two.id)).toMatchObject({ section_id: elsewhere, status: 'archived' });
    expect((await latestEntry()).action).toBe('bulk_revert');
  });

  it('sends to the trash with each version checked, and restores from the trash', async () => {
    const section = await newSection('Lote: papelera');
    const one = await newPublication(section, 'Lote a la papelera');
    const stale = await newPublication(section, 'Lote a la papelera, cambiado');
    expect((await call('PATCH', `/api/publications/${stale.id}/`, { status: 'archived' })).status).toBe(200);

    const trashed = await bulk({ action: 'trash', items: [one, stale].map(versionOf) });
    expect(trashed.status).toBe(200);
    expect(trashed.body.changed).toEqual([expect.objectContaining({ id: one.id, version: null, trash_entry_id: expect.any(Number) })]);
    expect(trashed.body.refused).toEqual([expect.objectContaining({ id: stale.id, reason: 'stale' })]);
    expect((await call('GET', `/api/publications/${one.id}/`)).status).toBe(404);
    expect((await call('GET', `/api/publications/${stale.id}/`)).status).toBe(200);

    const restored = await bulk({ action: 'restore', items: [{ id: trashed.body.changed[0].trash_entry_id }] });
    expect(restored.status).toBe(200);
    expect(restored.body.changed).toEqual([expect.objectContaining({ id: one.id, title: 'Lote a la papelera', status: 'draft' })]);
    expect((await call('GET', `/api/publications/${one.id}/`)).status).toBe(200);
    expect((await latestEntry()).action).toBe('bulk_restore');
  });
});

describe('an item refused after its service began to write', () => {
  it('is rolled back alone: a restore whose section is in the trash leaves its entry there, the other item comes back', async () => {
    const gone = await newSection('Lote: sección que se va');
    const stays = await newSection('Lote: sección que queda');
    const orphan = await newPublication(gone, 'Lote huérfano');
    const other = await newPublication(stays, 'Lote que vuelve');
    expect((await call('DELETE', `/api/publications/${orphan.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/publications/${other.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/sections/${gone}/`)).status).toBe(204);
    const entries = (await call('GET', '/api/trash/?page_size=100')).body.results as { id: number; kind: string; item_id: number }[];
    const entryOf = (id: number) => entries.find((entry) => entry.kind === 'publication' && entry.item_id === id)!.id;

    const reply = await bulk({ action: 'restore', items: [{ id: entryOf(orphan.id) }, { id: entryOf(other.id) }] });

    expect(reply.status).toBe(200);
    expect(reply.body.refused).toEqual([
      {
        id: entryOf(orphan.id),
        title: 'Lote huérfano',
        reason: 'invalid',
        detail: messages.restoreSectionFirst('Lote: sección que se va'),
      },
    ]);
    expect(reply.body.changed).toEqual([expect.objectContaining({ id: other.id })]);
    expect((await call('GET', `/api/publications/${orphan.id}/`)).status).toBe(404);
    const after = (await call('GET', '/api/trash/?page_size=100')).body.results as { id: number }[];
    expect(after.map((entry) => entry.id)).toContain(entryOf(orphan.id));
    expect((await latestEntry()).items).toEqual([{ kind: 'publication', id: other.id, label: 'Lote que vuelve' }]);
  });
});

describe('an Editor', () => {
  it('acts on publications, and is refused, item by item, the restore of a section from the trash', async () => {
    const section = await newSection('Lote: editora');
    const doomed = await newSection('Lote: sección a la papelera');
    const item = await newPublication(section, 'Lote de la editora');
    expect((await call('DELETE', `/api/publications/${item.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/sections/${doomed}/`)).status).toBe(204);
    const entries = (await call('GET', '/api/trash/?page_size=100')).body.results as { id: number; kind: string; item_id: number }[];
    const publicationEntry = entries.find((entry) => entry.kind === 'publication' && entry.item_id === item.id)!;
    const sectionEntry = entries.find((entry) => entry.kind === 'section' && entry.item_id === doomed)!;

    const reply = await bulk({ action: 'restore', items: [{ id: sectionEntry.id }, { id: publicationEntry.id }] }, editorToken);

    expect(reply.status).toBe(200);
    expect(reply.body.refused).toEqual([
      { id: sectionEntry.id, title: 'Lote: sección a la papelera', reason: 'forbidden', detail: accountMessages.forbidden },
    ]);
    expect(reply.body.changed).toEqual([expect.objectContaining({ id: item.id, title: 'Lote de la editora' })]);
    expect((await call('GET', `/api/sections/${doomed}/`)).status).toBe(404);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ action: 'bulk_restore', user: EDITOR.username, target_label: '1 publicación' });
  });
});

describe('the request', () => {
  it(`refuses more than ${BULK_MAX_ITEMS} items in the action bar's words, and writes nothing`, async () => {
    const items = Array.from({ length: BULK_MAX_ITEMS + 1 }, (_, index) => ({ id: index + 1, version: 1 }));
    const reply = await bulk({ action: 'archive', items });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ items: [bulkMessages.tooMany] });
  });

  it('refuses a move without a section, an item given twice, an edit without its version, or an unknown action', async () => {
    const section = await newSection('Lote: peticiones');
    const item = await newPublication(section, 'Lote intacto');
    expect((await bulk({ action: 'move', items: [versionOf(item)] })).body).toEqual({ section_id: [bulkMessages.sectionRequired] });
    expect((await bulk({ action: 'move', section_id: 999_999, items: [versionOf(item)] })).body).toEqual({
      section_id: [messages.sectionNotFound],
    });
    expect((await bulk({ action: 'draft', items: [versionOf(item), versionOf(item)] })).body).toEqual({ items: [bulkMessages.repeated] });
    expect((await bulk({ action: 'draft', items: [{ id: item.id }] })).body).toEqual({ items: [bulkMessages.versionRequired] });
    const unknown = await bulk({ action: 'explode', items: [versionOf(item)] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.action).toBeDefined();
    expect(await get(item.id)).toMatchObject({ version: item.version, status: 'draft' });
  });
});
