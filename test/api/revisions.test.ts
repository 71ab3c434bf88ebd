import { imageVariantUrl } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { REVISIONS_KEPT, REVISIONS_KEPT_DAYS, revisionSummaries } from '@/domain/history';
import { insertRevision } from '@/server/db/revisions-repository';
import { insertSection } from '@/server/db/sections-repository';
import { formData, makeImage, startSignedIn, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { purgeFromLibrary } from '../helpers/library';
import { yesterday } from '../helpers/site-days';

let server: TestServer;
let token: string;
let jpeg: Buffer;

beforeAll(async () => ({ server, token, jpeg } = await startSignedIn()));
afterAll(async () => server.close());

const DAY_MS = 86_400_000;

const call = (method: string, pathName: string, json?: unknown) => server.request(method, pathName, { token, json });

interface Summary {
  id: number;
  number: number;
  created_at: string;
  author: string;
  summary: string[];
  restored_from: number | null;
}

async function history(kind: string, id: number, query = ''): Promise<Summary[]> {
  const reply = await call('GET', `/api/${kind}/${id}/revisions/${query}`);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return reply.body.results;
}

async function upload(): Promise<string> {
  const reply = await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) });
  expect(reply.status).toBe(201);
  return reply.body.url;
}

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

async function newSection(title: string) {
  const reply = await call('POST', '/api/sections/', { title });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; title: string; slug: string; version: number };
}

async function newPublication(fields: Record<string, string>) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData({ publish_date: yesterday(), layout: '[]', ...fields }, { featured_image: { bytes: jpeg } }),
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const patch = async (kind: string, id: number, fields: Record<string, string>) => {
  const reply = await server.request('PATCH', `/api/${kind}/${id}/`, { token, form: formData(fields) });
  expect(reply.status).toBe(200);
  return reply.body;
};

const text = (id: string, html: string) => ({ id, type: 'text', content: html, columnSpan: 1 });
const image = (id: string, url: string) => ({ id, type: 'image', content: url, columnSpan: 1 });

describe("a publication's history", () => {
  it('keeps every save with its number, author and what changed; shows each as GET answered it; restores one as a new revision without touching the status', async () => {
    const news = await newSection('Historias');
    const congress = await newSection('Congresos con historia');
    const first = [{ id: 'r1', cells: [text('c1', '<p>Primer texto</p>')] }];
    const created = await newPublication({
      title: 'Primera versión',
      section_id: String(news.id),
      status: 'draft',
      layout: JSON.stringify(first),
    });
    const id = created.id as number;
    const v1 = (await call('GET', `/api/publications/${id}/`)).body;

    const second = [
      { id: 'r1', cells: [text('c1', '<p>Texto corregido</p>')] },
      { id: 'r2', cells: [text('c2', '<p>Otra fila</p>'), text('c3', '<p>Y otra celda</p>')] },
    ];
    await patch('publications', id, {
      title: 'Segunda versión',
      status: 'published',
      section_id: String(congress.id),
      layout: JSON.stringify(second),
    });
    const v2 = (await call('GET', `/api/publications/${id}/`)).body;
    const third = [second[0], { id: 'r2', cells: [second[1].cells[0]] }];
    await patch('publications', id, { layout: JSON.stringify(third), is_featured: 'true' });
    const v3 = (await call('GET', `/api/publications/${id}/`)).body;
    expect((await server.request('GET', `/api/public/publication/${id}/`)).body.title).toBe('Segunda versión');

    const list = await history('publications', id);
    expect(list.map((r) => [r.number, r.author, r.summary, r.restored_from])).toEqual([
      [3, TEST_ADMIN.username, ['Destacado: No → Sí', 'Diseño: 1 celda eliminada'], null],
      [
        2,
        TEST_ADMIN.username,
        [
          'Título',
          'Sección: Historias → Congresos con historia',
          'Estado: Borrador → Publicado',
          'Diseño: 1 fila añadida, 1 celda editada',
        ],
        null,
      ],
      [1, TEST_ADMIN.username, [revisionSummaries.created], null],
    ]);
    expect(Date.parse(list[0].created_at)).toBeGreaterThanOrEqual(Date.parse(list[1].created_at));

    // Each revision is the publication exactly as its GET answered then.
    for (const [summary, record] of [
      [list[2], v1],
      [list[1], v2],
      [list[0], v3],
    ] as const) {
      const detail = await call('GET', `/api/publications/${id}/revisions/${summary.id}/`);
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual({ ...summary, record });
    }

    // Restoring the first version brings back its content, but the publication stays published.
    const restored = await call('POST', `/api/publications/${id}/revisions/${list[2].id}/restore/`, { version: v3.version });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id,
      title: 'Primera versión',
      section_id: news.id,
      section: { id: news.id, title: news.title, slug: news.slug },
      layout: first,
      featured_image: v1.featured_image,
      is_featured: false,
      publish_date: v1.publish_date,
      status: 'published',
      order: v3.order,
      version: v3.version + 1,
    });
    expect((await call('GET', `/api/publications/${id}/`)).body).toEqual(restored.body);
    const publicView = await server.request('GET', `/api/public/publication/${id}/`);
    expect(publicView.status).toBe(200);
    expect(publicView.body).toMatchObject({ title: 'Primera versión', layout: first, section_slug: news.slug });

    const after = await history('publications', id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      number: 4,
      author: TEST_ADMIN.username,
      restored_from: 1,
      summary: [
        'Restaurada la versión 1',
        'Título',
        'Sección: Congresos con historia → Historias',
        'Destacado: Sí → No',
        'Diseño: 1 fila eliminada, 1 celda editada',
      ],
    });
    // History is never rewritten: the older revisions are as they were.
    expect(after.slice(1)).toEqual(list);
    expect((await call('GET', `/api/publications/${id}/revisions/${after[0].id}/`)).body.record).toEqual(restored.body);

    // Another save came first: 409 with the current record, nothing restored.
    const stale = await call('POST', `/api/publications/${id}/revisions/${list[1].id}/restore/`, { version: v3.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: messages.editConflictYours('publication'), current: restored.body });
    const malformed = await call('POST', `/api/publications/${id}/revisions/${list[1].id}/restore/`, { version: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ version: [messages.invalidInteger] });
    expect(await history('publications', id)).toHaveLength(4);
    // Without a version, as other edits, the restore is accepted.
    const plain = await server.request('POST', `/api/publications/${id}/revisions/${list[1].id}/restore/`, { token });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ title: 'Segunda versión', section_id: congress.id, layout: second, status: 'published' });

    // Revisions are this item's: another's id, or none, is 404.
    const other = await newPublication({ title: 'Otra', section_id: String(news.id) });
    const otherRevision = (await history('publications', other.id))[0];
    for (const address of [
      `/api/publications/${id}/revisions/${otherRevision.id}/`,
      `/api/publications/${id}/revisions/999999/`,
      `/api/publications/${id}/revisions/abc/`,
    ]) {
      const missing = await call('GET', address);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: messages.revisionNotFound });
    }
    expect((await call('POST', `/api/publications/${id}/revisions/${otherRevision.id}/restore/`)).status).toBe(404);
    expect((await server.request('GET', `/api/publications/${id}/revisions/`)).status).toBe(401);

    // A deleted publication has no history to show; restored from the trash, it has it again.
    expect((await call('DELETE', `/api/publications/${id}/`)).status).toBe(204);
    for (const [method, address] of [
      ['GET', `/api/publications/${id}/revisions/`],
      ['GET', `/api/publications/${id}/revisions/${list[0].id}/`],
      ['POST', `/api/publications/${id}/revisions/${list[0].id}/restore/`],
    ]) {
      const gone = await call(method, address);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ detail: messages.publicationNotFound });
    }
    const entry = (await call('GET', '/api/trash/?all=true')).body.results.find(
      (e: { kind: string; item_id: number }) => e.kind === 'publication' && e.item_id === id,
    );
    expect((await call('POST', `/api/trash/${entry.id}/restore/`)).status).toBe(200);
    expect((await history('publications', id)).map((r) => r.number)).toEqual([5, 4, 3, 2, 1]);
  });

  it('refuses to restore a revision whose section is in the trash or gone, and changes nothing', async () => {
    const old = await newSection('Sección que se irá');
    const stays = await newSection('Sección que queda');
    const publication = await newPublication({ title: 'Viajera', section_id: String(old.id), status: 'published' });
    await patch('publications', publication.id, { section_id: String(stays.id), title: 'Viajera movida' });
    const current = (await call('GET', `/api/publications/${publication.id}/`)).body;
    const [, firstRevision] = await history('publications', publication.id);
    expect((await call('DELETE', `/api/sections/${old.id}/`)).status).toBe(204);

    const inTrash = await call('POST', `/api/publications/${publication.id}/revisions/${firstRevision.id}/restore/`, {
      version: current.version,
    });
    expect(inTrash.status).toBe(409);
    expect(inTrash.body).toEqual({ detail: messages.revisionSectionInTrash(old.title) });

    const entry = (await call('GET', '/api/trash/?all=true')).body.results.find(
      (e: { kind: string; item_id: number }) => e.kind === 'section' && e.item_id === old.id,
    );
    expect((await call('DELETE', `/api/trash/${entry.id}/`)).status).toBe(204);
    const gone = await call('POST', `/api/publications/${publication.id}/revisions/${firstRevision.id}/restore/`, {
      version: current.version,
    });
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ detail: messages.revisionSectionGone(old.title) });

    expect((await call('GET', `/api/publications/${publication.id}/`)).body).toEqual(current);
    expect(await history('publications', publication.id)).toHaveLength(2);
  });
});

describe('a restored layout', () => {
  it("goes through today's rules as a save does: sanitised, or refused when they no longer allow it", async () => {
    const section = await newSection('Reglas de hoy');
    const publication = await newPublication({ title: 'Antigua', section_id: String(section.id), status: 'published' });
    const current = (await call('GET', `/api/publications/${publication.id}/`)).body;
    // Revisions kept under older rules, written straight to the table.
    const keep = async (layout: unknown) => {
      await insertRevision(server.services.db, {
        kind: 'publication',
        itemId: publication.id,
        record: { ...current, layout },
        summary: ['Diseño'],
        author: { id: null, username: 'antigua' },
        createdAt: new Date().toISOString(),
      });
      return (await history('publications', publication.id))[0];
    };
    const unsafe = await keep([{ id: 'r1', cells: [text('c1', '<p>Hola</p><script>alert(1)</script>')] }]);
    const restored = await call('POST', `/api/publications/${publication.id}/revisions/${unsafe.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body.layout).toEqual([{ id: 'r1', cells: [text('c1', '<p>Hola</p>')] }]);

    const unknown = await keep([{ id: 'r1', cells: [{ id: 'c1', type: 'audio', content: '', columnSpan: 1 }] }]);
    const refused = await call('POST', `/api/publications/${publication.id}/revisions/${unknown.id}/restore/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: messages.revisionLayoutInvalid });
  });
});

describe('the history of sections and biographies', () => {
  it("restores a section's title and keeps its slug and whether it is visible", async () => {
    const section = await newSection('Título original');
    const hidden = await call('PATCH', `/api/sections/${section.id}/`, {
      title: 'Título nuevo',
      is_active: false,
      version: section.version,
    });
    expect(hidden.status).toBe(200);
    const list = await history('sections', section.id);
    expect(list.map((r) => r.summary)).toEqual([['Título', 'Visible: Sí → No'], [revisionSummaries.created]]);
    const restored = await call('POST', `/api/sections/${section.id}/revisions/${list[1].id}/restore/`, { version: hidden.body.version });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: 'Título original',
      slug: section.slug,
      is_active: false,
      version: hidden.body.version + 1,
    });
    expect((await history('sections', section.id))[0]).toMatchObject({
      number: 3,
      restored_from: 1,
      summary: ['Restaurada la versión 1', 'Título'],
    });
  });

  it("restores a biography's text and photo and keeps whether it is shown; a photo only a revision names survives a purge", async () => {
    const created = await server.request('POST', '/api/biographies/', {
      token,
      form: formData({ name: 'Ana Primera', position: 'Profesora', biography: 'Texto uno' }, { photo: { bytes: jpeg } }),
    });
    expect(created.status).toBe(201);
    const { id, photo: firstPhoto } = created.body;
    const changed = await server.request('PATCH', `/api/biographies/${id}/`, {
      token,
      form: formData({ name: 'Ana Segunda', biography: 'Texto dos', is_active: 'false' }, { photo: { bytes: await makeImage('png') } }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.photo).not.toBe(firstPhoto);
    const list = await history('biographies', id);
    expect(list[0].summary).toEqual(['Nombre', 'Biografía', 'Foto', 'Activo: Sí → No']);

    // Another biography that used the same photo goes to the trash and is purged: the revision still needs the file.
    const twin = await call('POST', '/api/biographies/', { name: 'Gemela', position: 'P', biography: 'B' });
    await server.services.db.updateTable('biographies').set({ photo: firstPhoto }).where('id', '=', twin.body.id).execute();
    expect((await call('DELETE', `/api/biographies/${twin.body.id}/`)).status).toBe(204);
    const entry = (await call('GET', '/api/trash/?all=true')).body.results.find(
      (e: { kind: string; item_id: number }) => e.kind === 'biography' && e.item_id === twin.body.id,
    );
    expect((await call('DELETE', `/api/trash/${entry.id}/`)).status).toBe(204);
    expect(await served(firstPhoto)).toBe(true);

    const restored = await call('POST', `/api/biographies/${id}/revisions/${list[1].id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ name: 'Ana Primera', biography: 'Texto uno', photo: firstPhoto, is_active: false });
  });
});

describe('images named only by a history', () => {
  it('are kept while the history is, and go with it when its item is purged', async () => {
    const section = await newSection('Imágenes con historia');
    const shared = await upload();
    const publication = await newPublication({
      title: 'Con imagen',
      section_id: String(section.id),
      layout: JSON.stringify([{ id: 'r1', cells: [image('c1', shared)] }]),
    });
    const neighbour = await newPublication({
      title: 'Vecina',
      section_id: String(section.id),
      layout: JSON.stringify([{ id: 'r1', cells: [image('c1', shared)] }]),
    });
    // The image leaves the publication's current layout: only its first revision names it now, and the neighbour.
    await patch('publications', publication.id, { layout: '[]' });
    expect((await call('DELETE', `/api/publications/${neighbour.id}/`)).status).toBe(204);
    const neighbourEntry = (await call('GET', '/api/trash/?all=true')).body.results.find(
      (e: { item_id: number; kind: string }) => e.kind === 'publication' && e.item_id === neighbour.id,
    );
    expect((await call('DELETE', `/api/trash/${neighbourEntry.id}/`)).status).toBe(204);
    expect(await served(shared)).toBe(true);

    // Deleted and purged for good: its history goes, and the images only that history named.
    const featured = publication.featured_image as string;
    expect((await call('DELETE', `/api/publications/${publication.id}/`)).status).toBe(204);
    const entry = (await call('GET', '/api/trash/?all=true')).body.results.find(
      (e: { item_id: number; kind: string }) => e.kind === 'publication' && e.item_id === publication.id,
    );
    expect((await call('DELETE', `/api/trash/${entry.id}/`)).status).toBe(204);
    // Uploaded into the library, which keeps them (decision 192) until their items go too.
    expect(await served(shared)).toBe(true);
    for (const url of [shared, featured]) await purgeFromLibrary(server, token, url);
    expect(await served(shared)).toBe(false);
    expect(await served(featured)).toBe(false);
    const left = await server.services.db
      .selectFrom('revisions')
      .select('id')
      .where('kind', '=', 'publication')
      .where('item_id', '=', publication.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('a bounded history', () => {
  /** A section written straight to the table, as one created before the history existed. */
  async function olderSection(title: string) {
    const at = new Date(Date.now() - 400 * DAY_MS).toISOString();
    return insertSection(server.services.db, {
      title,
      slug: title.toLowerCase().replace(/\s+/g, '-'),
      is_active: 1,
      order: 900,
      created_at: at,
      updated_at: at,
    });
  }

  async function addRevisions(sectionId: number, count: number, daysAgo: number) {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    const record = (await call('GET', `/api/sections/${sectionId}/`)).body;
    for (let i = 0; i < count; i++) {
      await insertRevision(
        server.services.db,
        {
          kind: 'section',
          itemId: sectionId,
          record,
          summary: ['Título'],
          author: { id: null, username: 'antigua' },
          createdAt: at.toISOString(),
        },
        at,
      );
    }
  }

  it('keeps the newest 50 revisions of an item and every one younger than 30 days, numbers unchanged', async () => {
    expect([REVISIONS_KEPT, REVISIONS_KEPT_DAYS]).toEqual([50, 30]);
    const busy = await olderSection('Muy editada');
    await addRevisions(busy.id, 10, REVISIONS_KEPT_DAYS + 10);
    await addRevisions(busy.id, 55, REVISIONS_KEPT_DAYS - 10);
    await patch('sections', busy.id, { title: 'Muy editada otra vez' });
    // 66 in all: the ten older than 30 days are beyond the newest 50 and go; the 55 younger stay.
    let numbers = (await history('sections', busy.id, '?all=true')).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 56 }, (_, i) => 66 - i));

    const old = await olderSection('Editada hace tiempo');
    await addRevisions(old.id, 70, REVISIONS_KEPT_DAYS + 10);
    await patch('sections', old.id, { title: 'Editada hoy' });
    numbers = (await history('sections', old.id, '?all=true')).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 71 - i));
    const page = await call('GET', `/api/sections/${old.id}/revisions/?page_size=20&page=3`);
    expect(page.body).toMatchObject({ count: 50, next: null });
    expect(page.body.results.map((r: Summary) => r.number)).toEqual(Array.from({ length: 10 }, (_, i) => 31 - i));
  });

  it('starts, for an item saved before the history existed, with what it was before its first save', async () => {
    const section = await olderSection('Sin historial');
    expect(await history('sections', section.id)).toEqual([]);
    const before = (await call('GET', `/api/sections/${section.id}/`)).body;
    await patch('sections', section.id, { title: 'Con historial' });
    const list = await history('sections', section.id);
    expect(list.map((r) => [r.number, r.author, r.summary, r.created_at])).toEqual([
      [2, TEST_ADMIN.username, ['Título'], list[0].created_at],
      [1, '', [revisionSummaries.baseline], before.updated_at],
    ]);
    expect((await call('GET', `/api/sections/${section.id}/revisions/${list[1].id}/`)).body.record).toEqual(before);
  });
});

describe('a reorder', () => {
  it('makes no revision (it is no edit) but appears in the activity log', async () => {
    const a = await newSection('Orden A');
    const b = await newSection('Orden B');
    const reply = await call('PATCH', '/api/sections/reorder/', [
      { id: b.id, order: 0 },
      { id: a.id, order: 1 },
    ]);
    expect(reply.status).toBe(200);
    expect((await history('sections', a.id)).map((r) => r.number)).toEqual([1]);
    expect((await history('sections', b.id)).map((r) => r.number)).toEqual([1]);
    const log = (await call('GET', '/api/activity/?kind=reorder')).body.results;
    expect(log[0]).toMatchObject({
      action: 'reorder',
      user: TEST_ADMIN.username,
      target_kind: 'section',
      target_id: null,
      target_label: 'Movió «Orden B» delante de «Orden A»',
    });
  });
});
