import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { imageVariantUrl } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { purgeExpiredTrash } from '@/server/upkeep/trash-purge';
import { formData, freshDatabase, startApiServer, startSignedIn, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { purgeFromLibrary } from '../helpers/library';
import { yesterday } from '../helpers/site-days';

let server: TestServer;
let token: string;
let jpeg: Buffer;

beforeAll(async () => ({ server, token, jpeg } = await startSignedIn()));
afterAll(async () => server.close());

const DAY_MS = 86_400_000;
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

const call = (method: string, pathName: string, json?: unknown) => server.request(method, pathName, { token, json });

async function upload(): Promise<string> {
  const reply = await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) });
  expect(reply.status).toBe(201);
  return reply.body.url;
}

async function newSection(title: string) {
  const reply = await call('POST', '/api/sections/', { title });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; title: string; slug: string; order: number; version: number };
}

async function newPublication(sectionId: number, title: string, layout: unknown[] = []) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title, section_id: String(sectionId), status: 'published', publish_date: yesterday(), layout: JSON.stringify(layout) },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const imageCell = (id: string, url: string) => ({ id, type: 'image', content: url, columnSpan: 1 });
const textCell = (id: string, html: string) => ({ id, type: 'text', content: html, columnSpan: 1 });

/** Whether the image and every WebP variant are served (true), or none is (false). */
async function served(url: string): Promise<boolean> {
  const statuses = await Promise.all(
    [url, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantUrl(url, width) as string)].map(
      async (address) => (await fetch(`${server.url}${address}`)).status,
    ),
  );
  if (statuses.every((status) => status === 200)) return true;
  if (statuses.every((status) => status === 404)) return false;
  throw new Error(`${url}: some files served, some not (${statuses.join(', ')})`);
}

async function trashEntries(target: TestServer = server, tokenOf = token) {
  const reply = await target.request('GET', '/api/trash/?all=true', { token: tokenOf });
  expect(reply.status).toBe(200);
  return reply.body.results as {
    id: number;
    kind: string;
    label: string;
    item_id: number;
    deleted_at: string;
    deleted_by: string;
    purge_at: string;
    publications: number | null;
  }[];
}

async function entryOf(kind: string, itemId: number) {
  const entry = (await trashEntries()).find((e) => e.kind === kind && e.item_id === itemId);
  if (!entry) throw new Error(`no ${kind} ${itemId} in the trash`);
  return entry;
}

const idsOf = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

describe('a deleted publication', () => {
  it('leaves every list and the public site, waits in the trash with who and when, comes back at the end of its section with its images, and is purged with the images nothing else uses', async () => {
    const section = await newSection('Papelera de noticias');
    const shared = await upload();
    const own = await upload();
    const neighbour = await newPublication(section.id, 'Vecina', [{ id: 'r1', cells: [imageCell('c1', shared)] }]);
    const layout = [{ id: 'r1', cells: [imageCell('c1', shared), textCell('c2', `<p>Texto <img src="${own}" alt="propia"></p>`)] }];
    const doomed = await newPublication(section.id, 'Efímera', layout);
    const featured = doomed.featured_image as string;
    // Newest first: the doomed publication leads its section.
    expect(idsOf((await call('GET', `/api/publications/?section=${section.id}`)).body)).toEqual([doomed.id, neighbour.id]);
    expect((await server.request('GET', `/api/public/publication/${doomed.id}/`)).status).toBe(200);

    const before = new Date().toISOString();
    expect((await call('DELETE', `/api/publications/${doomed.id}/`)).status).toBe(204);
    const after = new Date().toISOString();

    expect((await call('GET', `/api/publications/${doomed.id}/`)).status).toBe(404);
    expect((await call('DELETE', `/api/publications/${doomed.id}/`)).status).toBe(404);
    expect(idsOf((await call('GET', `/api/publications/?section=${section.id}`)).body)).toEqual([neighbour.id]);
    expect(idsOf((await call('GET', '/api/publications/?all=true')).body)).not.toContain(doomed.id);
    expect((await server.request('GET', `/api/public/publication/${doomed.id}/`)).status).toBe(404);
    const publicList = await server.request('GET', `/api/public/publications/?section_slug=${section.slug}`);
    expect(idsOf(publicList.body)).toEqual([neighbour.id]);

    const entry = await entryOf('publication', doomed.id);
    expect(entry).toMatchObject({ kind: 'publication', label: 'Efímera', deleted_by: TEST_ADMIN.username, publications: null });
    expect(entry.deleted_at >= before && entry.deleted_at <= after).toBe(true);
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY_MS);
    // Deleted is not gone: the images are still there for a restore.
    expect(await served(featured)).toBe(true);
    expect(await served(own)).toBe(true);

    const restored = await call('POST', `/api/trash/${entry.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: doomed.id,
      title: 'Efímera',
      section_id: section.id,
      featured_image: featured,
      layout: doomed.layout,
      version: doomed.version + 1,
    });
    expect((await call('GET', `/api/publications/${doomed.id}/`)).body).toEqual(restored.body);
    // At the end of its section now, and public again.
    expect(idsOf((await call('GET', `/api/publications/?section=${section.id}`)).body)).toEqual([neighbour.id, doomed.id]);
    expect((await server.request('GET', `/api/public/publication/${doomed.id}/`)).status).toBe(200);
    expect((await trashEntries()).map((e) => e.id)).not.toContain(entry.id);
    expect(await served(featured)).toBe(true);
    expect((await call('POST', `/api/trash/${entry.id}/restore/`)).body).toEqual({ detail: messages.trashEntryNotFound });

    expect((await call('DELETE', `/api/publications/${doomed.id}/`)).status).toBe(204);
    const again = await entryOf('publication', doomed.id);
    expect((await call('DELETE', `/api/trash/${again.id}/`)).status).toBe(204);
    expect((await trashEntries()).map((e) => e.id)).not.toContain(again.id);
    expect((await call('POST', `/api/trash/${again.id}/restore/`)).status).toBe(404);
    const purgedAgain = await call('DELETE', `/api/trash/${again.id}/`);
    expect(purgedAgain.status).toBe(404);
    expect(purgedAgain.body).toEqual({ detail: messages.trashEntryNotFound });
    // Its images were uploaded into the library, which keeps them (decision 192) until their items go too:
    // then its own images go, and the one its neighbour also shows stays.
    expect(await served(featured)).toBe(true);
    expect(await served(own)).toBe(true);
    for (const url of [featured, own, shared]) await purgeFromLibrary(server, token, url);
    expect(await served(featured)).toBe(false);
    expect(await served(own)).toBe(false);
    expect(await served(shared)).toBe(true);
    expect(await served(neighbour.featured_image)).toBe(true);
  });

  it('keeps an image that something in the trash still names when another entry is purged', async () => {
    const section = await newSection('Imágenes compartidas');
    const shared = await upload();
    const first = await newPublication(section.id, 'Primera', [{ id: 'r1', cells: [imageCell('c1', shared)] }]);
    const second = await newPublication(section.id, 'Segunda', [{ id: 'r1', cells: [imageCell('c1', shared)] }]);
    for (const id of [first.id, second.id]) expect((await call('DELETE', `/api/publications/${id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/trash/${(await entryOf('publication', first.id)).id}/`)).status).toBe(204);
    expect(await served(shared)).toBe(true);
    const last = await entryOf('publication', second.id);
    expect((await call('POST', `/api/trash/${last.id}/restore/`)).body.layout[0].cells[0].content).toBe(shared);
  });
});

describe('restoring when the id was taken meanwhile', () => {
  it('gives the publication a new id, and its cells name it by that id', async () => {
    const section = await newSection('Identificadores');
    const draft = await newPublication(section.id, 'Con celdas');
    const layout = [{ id: 'r1', cells: [{ ...textCell('c1', '<p>Hola</p>'), publicationId: draft.id }] }];
    const saved = await server.request('PATCH', `/api/publications/${draft.id}/`, {
      token,
      form: formData({ layout: JSON.stringify(layout) }),
    });
    expect(saved.body.layout[0].cells[0].publicationId).toBe(draft.id);
    expect((await call('DELETE', `/api/publications/${draft.id}/`)).status).toBe(204);
    // Another row holds the id now (an import, say).
    const { id: _id, section: _section, layout: _layout, public_state: _state, event: _event, ...row } = saved.body;
    await server.services.db
      .insertInto('publications')
      .values({
        ...row,
        id: draft.id,
        title: 'Ocupa el id',
        is_featured: 0,
        layout: '[]',
        created_at: row.created_at,
        updated_at: row.updated_at,
      })
      .execute();

    const restored = await call('POST', `/api/trash/${(await entryOf('publication', draft.id)).id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body.id).not.toBe(draft.id);
    expect(restored.body).toMatchObject({ title: 'Con celdas', section_id: section.id });
    expect(restored.body.layout[0].cells[0].publicationId).toBe(restored.body.id);
    expect((await call('GET', `/api/publications/${draft.id}/`)).body.title).toBe('Ocupa el id');
  });
});

describe('a deleted biography', () => {
  it('leaves the lists, then comes back at the end of the list with its photo', async () => {
    const created = await server.request('POST', '/api/biographies/', {
      token,
      form: formData({ name: 'Docente Borrada', position: 'Profesora', biography: 'Bio' }, { photo: { bytes: jpeg } }),
    });
    expect(created.status).toBe(201);
    const { id, photo } = created.body;
    expect((await call('DELETE', `/api/biographies/${id}/`)).status).toBe(204);
    expect((await call('GET', `/api/biographies/${id}/`)).status).toBe(404);
    expect(idsOf((await call('GET', '/api/biographies/?all=true')).body)).not.toContain(id);
    expect(idsOf((await server.request('GET', '/api/public/biographies/?all=true')).body)).not.toContain(id);
    const entry = await entryOf('biography', id);
    expect(entry).toMatchObject({ label: 'Docente Borrada', deleted_by: TEST_ADMIN.username, publications: null });

    const restored = await call('POST', `/api/trash/${entry.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, name: 'Docente Borrada', photo });
    const list = (await call('GET', '/api/biographies/?all=true')).body.results;
    expect(list.at(-1).id).toBe(id);
    expect(await served(photo)).toBe(true);
  });
});

describe('deleting a section that holds publications', () => {
  it('is refused with the count unless the count is confirmed; confirmed, both go to the trash and come back as they were', async () => {
    const section = await newSection('Congresos en la papelera');
    const publications = [];
    for (const title of ['uno', 'dos', 'tres']) publications.push(await newPublication(section.id, title));
    const sectionIds = publications.map((p) => p.id).reverse();
    const refusal = { detail: messages.sectionHasPublications(3), publication_count: 3 };

    const plain = await call('DELETE', `/api/sections/${section.id}/`);
    expect(plain.status).toBe(409);
    expect(plain.body).toEqual(refusal);
    for (const wrong of ['2', '4', '0']) {
      const reply = await call('DELETE', `/api/sections/${section.id}/?with_publications=${wrong}`);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual(refusal);
    }
    const malformed = await call('DELETE', `/api/sections/${section.id}/?with_publications=tres`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ with_publications: [messages.invalidInteger] });
    // A fourth arrives after the administrator confirmed three: the confirmation no longer holds.
    const late = await newPublication(section.id, 'cuatro');
    const stale = await call('DELETE', `/api/sections/${section.id}/?with_publications=3`);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: messages.sectionHasPublications(4), publication_count: 4 });
    expect((await call('GET', `/api/publications/?section=${section.id}`)).body.count).toBe(4);
    const before = (await call('GET', `/api/publications/?section=${section.id}`)).body.results;
    expect(idsOf({ results: before })).toEqual([late.id, ...sectionIds]);
    expect((await server.request('GET', `/api/public/publications/?section_slug=${section.slug}`)).body.count).toBe(4);

    expect((await call('DELETE', `/api/sections/${section.id}/?with_publications=4`)).status).toBe(204);
    expect((await call('GET', `/api/sections/${section.id}/`)).status).toBe(404);
    expect(idsOf((await call('GET', '/api/sections/?all=true')).body)).not.toContain(section.id);
    for (const publication of before) {
      expect((await call('GET', `/api/publications/${publication.id}/`)).status).toBe(404);
      expect((await server.request('GET', `/api/public/publication/${publication.id}/`)).status).toBe(404);
    }
    expect((await server.request('GET', `/api/public/publications/?section_slug=${section.slug}`)).body.count).toBe(0);
    expect(idsOf((await server.request('GET', '/api/public/publications/?all=true')).body)).not.toContain(late.id);
    const entry = await entryOf('section', section.id);
    expect(entry).toMatchObject({ label: 'Congresos en la papelera', deleted_by: TEST_ADMIN.username, publications: 4 });

    const last = await newSection('Creada mientras tanto');
    const restored = await call('POST', `/api/trash/${entry.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: section.id,
      title: section.title,
      slug: section.slug,
      is_active: true,
      version: section.version + 1,
    });
    expect(restored.body.order).toBeGreaterThan(last.order);
    const sections = (await call('GET', '/api/sections/?all=true')).body.results;
    expect(sections.at(-1).id).toBe(section.id);
    // Its publications as they were: same ids, same order, same content, public again.
    const after = (await call('GET', `/api/publications/?section=${section.id}`)).body.results;
    expect(
      after.map((p: { id: number; order: number; title: string; featured_image: string }) => [p.id, p.order, p.title, p.featured_image]),
    ).toEqual(
      before.map((p: { id: number; order: number; title: string; featured_image: string }) => [p.id, p.order, p.title, p.featured_image]),
    );
    expect((await server.request('GET', `/api/public/publications/?section_slug=${section.slug}`)).body.count).toBe(4);
    for (const publication of before) expect(await served(publication.featured_image)).toBe(true);
  });

  it('an empty section needs no confirmation and goes to the trash like any item', async () => {
    const section = await newSection('Vacía');
    expect((await call('DELETE', `/api/sections/${section.id}/`)).status).toBe(204);
    expect(await entryOf('section', section.id)).toMatchObject({ label: 'Vacía', publications: 0 });
  });
});

describe('restoring what depends on something else', () => {
  it('a publication whose section is in the trash asks for the section first; a section whose slug was taken gets a new one', async () => {
    const section = await newSection('Jornadas');
    const publication = await newPublication(section.id, 'Sola');
    expect((await call('DELETE', `/api/publications/${publication.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/sections/${section.id}/`)).status).toBe(204);
    const publicationEntry = await entryOf('publication', publication.id);
    const sectionEntry = await entryOf('section', section.id);

    const refused = await call('POST', `/api/trash/${publicationEntry.id}/restore/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: messages.restoreSectionFirst('Jornadas') });
    expect((await trashEntries()).map((e) => e.id)).toContain(publicationEntry.id);
    expect((await call('GET', `/api/publications/${publication.id}/`)).status).toBe(404);

    const usurper = await newSection('Jornadas');
    expect(usurper.slug).toBe(section.slug);
    const restoredSection = await call('POST', `/api/trash/${sectionEntry.id}/restore/`);
    expect(restoredSection.status).toBe(200);
    expect(restoredSection.body).toMatchObject({ id: section.id, slug: `${section.slug}-2` });

    const restored = await call('POST', `/api/trash/${publicationEntry.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: publication.id, section_id: section.id });
  });

  it('a publication whose section was purged cannot come back', async () => {
    const section = await newSection('Efímera del todo');
    const publication = await newPublication(section.id, 'Huérfana', []);
    expect((await call('DELETE', `/api/publications/${publication.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/sections/${section.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/trash/${(await entryOf('section', section.id)).id}/`)).status).toBe(204);
    const reply = await call('POST', `/api/trash/${(await entryOf('publication', publication.id)).id}/restore/`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ detail: messages.restoreSectionGone });
  });
});

describe('the trash list', () => {
  it('is paged newest first and only for administrators', async () => {
    const section = await newSection('Orden de la papelera');
    const ids = [];
    for (const title of ['a', 'b', 'c']) {
      const publication = await newPublication(section.id, title, []);
      expect((await call('DELETE', `/api/publications/${publication.id}/`)).status).toBe(204);
      ids.push(publication.id);
    }
    const page = await call('GET', '/api/trash/?page_size=2');
    expect(page.status).toBe(200);
    expect(page.body.results.map((e: { item_id: number }) => e.item_id)).toEqual([ids[2], ids[1]]);
    expect(page.body.next).toBe(`${server.url}/api/trash/?page_size=2&page=2`);
    expect((await call('GET', '/api/trash/?page_size=2&page=2')).body.results[0].item_id).toBe(ids[0]);
    expect((await server.request('GET', '/api/trash/')).status).toBe(401);
    expect((await server.request('POST', '/api/trash/1/restore/')).status).toBe(401);
    expect((await server.request('DELETE', '/api/trash/1/')).status).toBe(401);
    expect((await call('POST', '/api/trash/abc/restore/')).status).toBe(404);
  });
});

describe('the automatic purge', () => {
  it('removes entries older than the retention, with their unused images, and keeps the others', async () => {
    const created = await server.request('POST', '/api/biographies/', {
      token,
      form: formData({ name: 'Caducada', position: 'P', biography: 'B' }, { photo: { bytes: jpeg } }),
    });
    expect((await call('DELETE', `/api/biographies/${created.body.id}/`)).status).toBe(204);
    const entry = await entryOf('biography', created.body.id);

    await purgeExpiredTrash(server.services, quietLog, new Date(Date.parse(entry.purge_at) - 60_000));
    expect((await trashEntries()).map((e) => e.id)).toContain(entry.id);
    expect(await served(created.body.photo)).toBe(true);

    expect(await purgeExpiredTrash(server.services, quietLog, new Date(Date.parse(entry.purge_at) + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await trashEntries()).map((e) => e.id)).not.toContain(entry.id);
    // The photo is the library's too, until its item goes.
    expect(await served(created.body.photo)).toBe(true);
    await purgeFromLibrary(server, token, created.body.photo);
    expect(await served(created.body.photo)).toBe(false);
    // Two processes purging at once: every entry goes exactly once, and neither fails.
    const section = await newSection('Purgas simultáneas');
    for (const title of ['x', 'y', 'z'])
      expect((await call('DELETE', `/api/publications/${(await newPublication(section.id, title)).id}/`)).status).toBe(204);
    const waiting = (await trashEntries()).length;
    expect(waiting).toBeGreaterThan(0);
    const results = await Promise.all([0, 1].map(() => purgeExpiredTrash(server.services, quietLog, new Date(Date.now() + 400 * DAY_MS))));
    expect(results[0] + results[1]).toBe(waiting);
    expect(await trashEntries()).toEqual([]);
  });
});

describe('across a restart', () => {
  it('keeps the trash, and purges at start what expired meanwhile', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-trash-'));
    const database = await freshDatabase();
    const place = { dataDir, databaseUrl: database.databaseUrl };
    try {
      const first = await startApiServer({}, place);
      let kept: number;
      let expired: number;
      try {
        const firstToken = await first.adminToken();
        const post = (name: string) =>
          first.request('POST', '/api/biographies/', { token: firstToken, form: formData({ name, position: 'P', biography: 'B' }) });
        kept = (await post('Sobrevive')).body.id;
        expired = (await post('Caduca')).body.id;
        for (const id of [kept, expired])
          expect((await first.request('DELETE', `/api/biographies/${id}/`, { token: firstToken })).status).toBe(204);
        // Deleted long ago, as far as the next start can tell.
        const longAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
        await first.services.db
          .updateTable('trash')
          .set({ deleted_at: longAgo })
          .where('item_id', '=', expired)
          .where('kind', '=', 'biography')
          .execute();
      } finally {
        await first.close();
      }

      const second = await startApiServer({}, place);
      try {
        const secondToken = await second.adminToken();
        const entries = await trashEntries(second, secondToken);
        expect(entries.map((e) => [e.kind, e.item_id, e.label, e.deleted_by])).toEqual([
          ['biography', kept, 'Sobrevive', TEST_ADMIN.username],
        ]);
        const restored = await second.request('POST', `/api/trash/${entries[0].id}/restore/`, { token: secondToken });
        expect(restored.status).toBe(200);
        expect(restored.body).toMatchObject({ id: kept, name: 'Sobrevive' });
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
