import { ensureAdmin } from '@/server/auth/ensure-admin';
import { messages } from '@/domain/messages';
import { ReplayedAnswer, SAVE_ANSWER_KEPT_MS } from '@/server/content/kept-answers';
import { editSection } from '@/server/content/sections';
import { keptAnswersJob } from '@/server/upkeep/kept-answers';
import { formData, startApiServer, startSignedIn, TEST_ADMIN, type RequestOptions, type TestServer } from '../helpers/api-server';

/**
 * A save sent twice is answered once (docs/decisions/145-a-save-goes-out-once.md):
 * the same Idempotency-Key again gets the first answer instead of a second
 * save or a 409, on one instance or two; a 409 caused by the editor's own
 * save elsewhere says so instead of blaming someone else.
 */

let server: TestServer;
let token: string;
let jpeg: Buffer;

beforeAll(async () => ({ server, token, jpeg } = await startSignedIn()));
afterAll(async () => server.close());

let keys = 0;
/** A fresh key, as the admin makes one per save attempt. */
const newKey = () => `prueba-${process.pid}-${++keys}`;

const call = (method: string, path: string, options: RequestOptions & { key?: string } = {}, on: TestServer = server) =>
  on.request(method, path, {
    token,
    ...options,
    headers: { ...options.headers, ...(options.key ? { 'Idempotency-Key': options.key } : {}) },
  });

async function newSection(title: string) {
  const reply = await call('POST', '/api/sections/', { json: { title } });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number; title: string };
}

async function newPublication(sectionId: number, title: string) {
  const reply = await call('POST', '/api/publications/', {
    form: formData({ title, section_id: String(sectionId), publish_date: '2025-05-01' }, { featured_image: { bytes: jpeg } }),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number };
}

async function newBiography(name: string) {
  const reply = await call('POST', '/api/biographies/', { form: formData({ name, position: 'Docente', biography: 'Texto.' }) });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number };
}

const revisionCount = async (kind: string, id: number) => (await call('GET', `/api/${kind}/${id}/revisions/`)).body.count as number;

describe('a save sent twice with one Idempotency-Key', () => {
  it('answers the repeat of a section edit with the first answer, not 409, and saves once', async () => {
    const section = await newSection('Doble envío');
    const key = newKey();
    const edit = { json: { title: 'Doble envío editada', version: section.version }, key };
    const first = await call('PATCH', `/api/sections/${section.id}/`, edit);
    const repeat = await call('PATCH', `/api/sections/${section.id}/`, edit);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await call('GET', `/api/sections/${section.id}/`)).body).toMatchObject({ title: 'Doble envío editada', version: 2 });
    // The creation and one edit.
    expect(await revisionCount('sections', section.id)).toBe(2);
  });

  it('answers both of two simultaneous publication saves (multipart, a new image) with one saved version', async () => {
    const section = await newSection('Revista del doble envío');
    const publication = await newPublication(section.id, 'Simultánea');
    const key = newKey();
    const send = () =>
      call('PATCH', `/api/publications/${publication.id}/`, {
        form: formData({ title: 'Simultánea editada', version: String(publication.version) }, { featured_image: { bytes: jpeg } }),
        key,
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[0].body).toMatchObject({ title: 'Simultánea editada', version: 2 });
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect((await call('GET', `/api/publications/${publication.id}/`)).body.version).toBe(2);
    expect(await revisionCount('publications', publication.id)).toBe(2);
  });

  it('answers a repeat with the first answer, not 409, when the first commits between the repeat’s two checks', async () => {
    // The interleaving of two simultaneous sends (seen with two multipart saves on a busy machine): the
    // repeat looked for a kept answer (the route's first step) while the first was still saving, and the
    // first had committed by the time the repeat checked the version, before storing its upload. That
    // check is made here directly after the first's whole save: the version is no longer the one sent,
    // and the answer kept with it is what the repeat must get. Every kind's edit goes through it (save.ts).
    const section = await newSection('Repetición tardía');
    const key = newKey();
    const input = { title: 'Repetición tardía editada', version: section.version };
    const first = await call('PATCH', `/api/sections/${section.id}/`, { json: input, key });
    expect(first.status).toBe(200);
    const admin = await server.services.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    const repeat = editSection(
      {
        services: server.services,
        actor: admin,
        attempt: { userId: admin.id, key, method: 'PATCH', path: `/api/sections/${section.id}/` },
      },
      section.id,
      input,
    );
    // Thrown as the replay the error handler sends marked `Idempotent-Replayed` (asserted over HTTP above).
    await expect(repeat).rejects.toThrow(ReplayedAnswer);
    await expect(repeat).rejects.toMatchObject({ statusCode: 200, body: first.body });
    expect((await call('GET', `/api/sections/${section.id}/`)).body).toMatchObject({ title: 'Repetición tardía editada', version: 2 });
    expect(await revisionCount('sections', section.id)).toBe(2);
  });

  it('creates one publication, one section and one biography when their creation is sent twice', async () => {
    const sectionKey = newKey();
    const sections = await Promise.all(
      [1, 2].map(() => call('POST', '/api/sections/', { json: { title: 'Creada una vez' }, key: sectionKey })),
    );
    expect(sections.map((answer) => answer.status)).toEqual([201, 201]);
    expect(sections[1].body.id).toBe(sections[0].body.id);
    const listed = (await call('GET', '/api/sections/?page_size=100')).body.results as { title: string }[];
    expect(listed.filter((section) => section.title === 'Creada una vez')).toHaveLength(1);

    const publicationKey = newKey();
    const publication = () =>
      call('POST', '/api/publications/', {
        form: formData(
          { title: 'Publicación creada una vez', section_id: String(sections[0].body.id), publish_date: '2025-05-01' },
          { featured_image: { bytes: jpeg } },
        ),
        key: publicationKey,
      });
    const publications = [await publication(), await publication()];
    expect(publications.map((answer) => answer.status)).toEqual([201, 201]);
    expect(publications[1].body).toEqual(publications[0].body);
    expect((await call('GET', `/api/publications/?section=${sections[0].body.id}`)).body.count).toBe(1);

    const biographyKey = newKey();
    const biography = () =>
      call('POST', '/api/biographies/', {
        form: formData({ name: 'Creada Una Vez', position: 'Docente', biography: 'Texto.' }),
        key: biographyKey,
      });
    const biographies = [await biography(), await biography()];
    expect(biographies[1].body).toEqual(biographies[0].body);
    const all = (await call('GET', '/api/biographies/?page_size=1000')).body.results as { name: string }[];
    expect(all.filter((one) => one.name === 'Creada Una Vez')).toHaveLength(1);
  });

  it('answers the repeat of a biography edit and of a Historial restore with their first answers', async () => {
    const biography = await newBiography('Bio Repetida');
    const key = newKey();
    const edit = () => call('PATCH', `/api/biographies/${biography.id}/`, { form: formData({ position: 'Directora', version: '1' }), key });
    const [first, repeat] = [await edit(), await edit()];
    expect([first.status, repeat.status]).toEqual([200, 200]);
    expect(repeat.body).toEqual(first.body);

    const revisions = (await call('GET', `/api/biographies/${biography.id}/revisions/`)).body.results as { id: number; number: number }[];
    const creation = revisions.find((revision) => revision.number === 1)!;
    const restoreKey = newKey();
    const restore = () =>
      call('POST', `/api/biographies/${biography.id}/revisions/${creation.id}/restore/`, { json: { version: 2 }, key: restoreKey });
    const [restored, again] = await Promise.all([restore(), restore()]);
    expect([restored.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(restored.body);
    expect(restored.body).toMatchObject({ position: 'Docente', version: 3 });
    expect(await revisionCount('biographies', biography.id)).toBe(3);
  });

  it('answers the repeat of a restore from the trash with the first answer instead of 404', async () => {
    const biography = await newBiography('Bio En Papelera');
    expect((await call('DELETE', `/api/biographies/${biography.id}/`)).status).toBe(204);
    const entries = (await call('GET', '/api/trash/?page_size=100')).body.results as { id: number; item_id: number; kind: string }[];
    const entry = entries.find((one) => one.kind === 'biography' && one.item_id === biography.id)!;
    const key = newKey();
    const restore = () => call('POST', `/api/trash/${entry.id}/restore/`, { key });
    const [first, repeat] = [await restore(), await restore()];
    expect([first.status, repeat.status]).toEqual([200, 200]);
    expect(repeat.body).toEqual(first.body);
    expect((await call('GET', `/api/biographies/${biography.id}/`)).status).toBe(200);
  });

  it('answers the repeat of a delete 204 again instead of 404, and trashes the item once', async () => {
    const section = await newSection('Borrado doble');
    const publication = await newPublication(section.id, 'Borrada dos veces');
    const biography = await newBiography('Bio Borrada Dos Veces');
    const trashed = async () =>
      ((await call('GET', '/api/trash/?page_size=100')).body.results as { item_id: number; kind: string }[]).filter(
        (entry) =>
          (entry.kind === 'publication' && entry.item_id === publication.id) ||
          (entry.kind === 'biography' && entry.item_id === biography.id) ||
          (entry.kind === 'section' && entry.item_id === section.id),
      ).length;
    for (const path of [`/api/publications/${publication.id}/`, `/api/biographies/${biography.id}/`, `/api/sections/${section.id}/`]) {
      const key = newKey();
      const [first, repeat] = [await call('DELETE', path, { key }), await call('DELETE', path, { key })];
      expect([first.status, repeat.status]).toEqual([204, 204]);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      // Without the key a delete of what is gone is still 404.
      expect((await call('DELETE', path)).status).toBe(404);
    }
    expect(await trashed()).toBe(3);
  });

  it('still saves again under a new key: the key names one attempt, not the content', async () => {
    const section = await newSection('Dos intentos');
    expect((await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Primer intento' }, key: newKey() })).body.version).toBe(
      2,
    );
    expect((await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Segundo intento' }, key: newKey() })).body.version).toBe(
      3,
    );
  });

  it('keeps a failed save answerable again: a refused attempt is not remembered', async () => {
    const section = await newSection('Intento fallido');
    const key = newKey();
    const refused = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: '' }, key });
    expect(refused.status).toBe(400);
    const retried = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Intento corregido' }, key });
    expect(retried.status).toBe(200);
    expect(retried.body.title).toBe('Intento corregido');
  });

  it('refuses a key sent with another request (422) and a malformed key (400), saving nothing', async () => {
    const one = await newSection('Clave una');
    const other = await newSection('Clave otra');
    const key = newKey();
    expect((await call('PATCH', `/api/sections/${one.id}/`, { json: { title: 'Clave una editada' }, key })).status).toBe(200);
    const reused = await call('PATCH', `/api/sections/${other.id}/`, { json: { title: 'No debe guardarse' }, key });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ detail: messages.idempotencyKeyReused });
    const malformed = await call('PATCH', `/api/sections/${other.id}/`, { json: { title: 'Tampoco' }, key: 'x'.repeat(256) });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: messages.invalidIdempotencyKey });
    expect((await call('GET', `/api/sections/${other.id}/`)).body).toMatchObject({ title: 'Clave otra', version: 1 });
  });

  it('keeps each person’s keys apart: another administrator’s same key saves their own edit', async () => {
    await ensureAdmin(server.services.db, 'colega-claves', 'clave-de-la-colega');
    const colleague = (await server.request('POST', '/api/token/', { json: { username: 'colega-claves', password: 'clave-de-la-colega' } }))
      .body.access as string;
    const section = await newSection('Clave compartida');
    const key = newKey();
    expect((await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'De la primera' }, key })).body.version).toBe(2);
    const theirs = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'De la colega' }, key, token: colleague });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ title: 'De la colega', version: 3 });
  });

  it('forgets an answer after SAVE_ANSWER_KEPT_MS: the upkeep sweeps it and the key saves anew', async () => {
    const section = await newSection('Clave vieja');
    const key = newKey();
    expect((await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Antes' }, key })).status).toBe(200);
    await server.services.db
      .updateTable('idempotency_keys')
      .set({ created_at: Date.now() - SAVE_ANSWER_KEPT_MS - 1000 })
      .where('key', '=', key)
      .execute();
    expect((await keptAnswersJob(server.services).run()).expired).toBeGreaterThanOrEqual(1);
    const later = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Después' }, key });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body).toMatchObject({ title: 'Después', version: 3 });
  });
});

describe('two instances on one database', () => {
  it('answer a repeat sent to the other instance with the first answer', async () => {
    const second = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
    try {
      const section = await newSection('Dos instancias');
      const key = newKey();
      const edit = { json: { title: 'Dos instancias editada', version: 1 }, key };
      const first = await call('PATCH', `/api/sections/${section.id}/`, edit);
      const repeat = await call('PATCH', `/api/sections/${section.id}/`, edit, second);
      expect([first.status, repeat.status]).toEqual([200, 200]);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await second.close();
    }
  });
});

describe('a stale save by the same person', () => {
  it('is told it was saved in another tab, while another person’s save still says another person', async () => {
    const section = await newSection('Dos pestañas');
    expect(
      (await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Pestaña uno', version: 1 }, key: newKey() })).status,
    ).toBe(200);
    const mine = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Pestaña dos', version: 1 }, key: newKey() });
    expect(mine.status).toBe(409);
    expect(mine.body.detail).toBe(messages.editConflictYours('section'));
    expect(mine.body.detail).toMatch(/^Usted guardó esta sección en otra pestaña/);

    const publication = await newPublication(section.id, 'Dos pestañas');
    expect((await call('PATCH', `/api/publications/${publication.id}/`, { form: formData({ title: 'Uno', version: '1' }) })).status).toBe(
      200,
    );
    const stalePublication = await call('PATCH', `/api/publications/${publication.id}/`, {
      form: formData({ title: 'Dos', version: '1' }),
    });
    expect(stalePublication.body.detail).toMatch(/^Usted guardó esta publicación en otra pestaña/);

    const biography = await newBiography('Dos Pestañas');
    expect((await call('PATCH', `/api/biographies/${biography.id}/`, { form: formData({ position: 'Uno', version: '1' }) })).status).toBe(
      200,
    );
    const staleBiography = await call('PATCH', `/api/biographies/${biography.id}/`, { form: formData({ position: 'Dos', version: '1' }) });
    expect(staleBiography.body.detail).toMatch(/^Usted guardó esta biografía en otra pestaña/);

    await ensureAdmin(server.services.db, 'colega-pestanas', 'clave-de-la-colega');
    const colleague = (
      await server.request('POST', '/api/token/', { json: { username: 'colega-pestanas', password: 'clave-de-la-colega' } })
    ).body.access as string;
    expect(
      (await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'De la colega', version: 2 }, token: colleague })).status,
    ).toBe(200);
    const theirs = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'Mía otra vez', version: 2 } });
    expect(theirs.status).toBe(409);
    expect(theirs.body.detail).toBe(messages.editConflict);
  });
});
