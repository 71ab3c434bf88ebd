import fs from 'node:fs/promises';
import path from 'node:path';
import { FIELD_LIMITS, NEW_BIOGRAPHY_DEFAULT_ORDER, REORDER_MAX_ITEMS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';

/** The rules of requirements §10.6 and "Ordering and slugs", over HTTP. */

let server: TestServer;
let token: string;
let jpeg: Buffer;

beforeAll(async () => ({ server, token, jpeg } = await startSignedIn()));
afterAll(async () => server.close());

const call = (method: string, path: string, json?: unknown) => server.request(method, path, { token, json });
const send = (method: string, path: string, fields: Record<string, string>, files: Parameters<typeof formData>[1] = {}) =>
  server.request(method, path, { token, form: formData(fields, files) });

async function newSection(title: string) {
  const reply = await call('POST', '/api/sections/', { title });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; order: number; version: number };
}

async function newPublication(sectionId: number, title: string, extra: Record<string, string> = {}) {
  const reply = await send(
    'POST',
    '/api/publications/',
    { title, section_id: String(sectionId), publish_date: '2025-05-01', ...extra },
    { featured_image: { bytes: jpeg } },
  );
  expect(reply.status).toBe(201);
  return reply.body as { id: number; order: number; version: number; featured_image: string };
}

async function newBiography(name: string) {
  const reply = await send('POST', '/api/biographies/', { name, position: 'Docente', biography: 'Bio' });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; order: number; version: number };
}

describe('version', () => {
  it('starts at 1 and goes up by one with every edit, for sections, publications and biographies', async () => {
    const section = await newSection('Versionada');
    expect(section.version).toBe(1);
    const edited = await call('PATCH', `/api/sections/${section.id}/`, { title: 'Versionada 2' });
    expect(edited.body.version).toBe(2);
    expect((await call('PATCH', `/api/sections/${section.id}/`, { is_active: false, version: 2 })).body.version).toBe(3);
    expect((await call('GET', `/api/sections/${section.id}/`)).body.version).toBe(3);

    const publication = await newPublication(section.id, 'Con versión');
    expect(publication.version).toBe(1);
    expect((await send('PATCH', `/api/publications/${publication.id}/`, { title: 'Con versión 2', version: '1' })).body.version).toBe(2);

    const biography = await newBiography('Con versión');
    expect(biography.version).toBe(1);
    expect((await send('PATCH', `/api/biographies/${biography.id}/`, { position: 'Directora' })).body.version).toBe(2);
  });

  it('refuses a save that started from an older version with 409 and the record as it is, changing nothing', async () => {
    const section = await newSection('Disputada');
    const first = await call('PATCH', `/api/sections/${section.id}/`, { title: 'Primera', version: 1 });
    expect(first.status).toBe(200);
    const late = await call('PATCH', `/api/sections/${section.id}/`, { title: 'Segunda', version: 1 });
    expect(late.status).toBe(409);
    const current = (await call('GET', `/api/sections/${section.id}/`)).body;
    expect(late.body).toEqual({ detail: messages.editConflictYours('section'), current });
    expect(current).toMatchObject({ title: 'Primera', version: 2 });
  });

  it('refuses a stale multipart save of a publication without storing its image', async () => {
    const section = await newSection('Revista versionada');
    const publication = await newPublication(section.id, 'Original');
    expect((await send('PATCH', `/api/publications/${publication.id}/`, { title: 'Editada', version: '1' })).status).toBe(200);
    const images = await imageCount();
    const stale = await send(
      'PATCH',
      `/api/publications/${publication.id}/`,
      { title: 'Tarde', version: '1' },
      { featured_image: { bytes: jpeg } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(messages.editConflictYours('publication'));
    expect(stale.body.current).toEqual((await call('GET', `/api/publications/${publication.id}/`)).body);
    expect(stale.body.current).toMatchObject({ title: 'Editada', version: 2, featured_image: publication.featured_image });
    expect(await imageCount()).toBe(images);
  });

  it('refuses a stale save of a biography', async () => {
    const biography = await newBiography('Ana');
    await send('PATCH', `/api/biographies/${biography.id}/`, { name: 'Ana María' });
    const stale = await send('PATCH', `/api/biographies/${biography.id}/`, { name: 'Ana Belén', version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      detail: messages.editConflictYours('biography'),
      current: (await call('GET', `/api/biographies/${biography.id}/`)).body,
    });
    expect(stale.body.current.name).toBe('Ana María');
  });

  it('lets exactly one of two saves from the same version win', async () => {
    const section = await newSection('Carrera');
    const replies = await Promise.all(
      ['A', 'B', 'C', 'D'].map((title) => call('PATCH', `/api/sections/${section.id}/`, { title, version: 1 })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!.body;
    expect((await call('GET', `/api/sections/${section.id}/`)).body).toMatchObject({ title: winner.title, version: 2 });
  });

  it('accepts saves without a version as before, and refuses a version that is not a whole number from 1', async () => {
    const section = await newSection('Sin versión');
    await call('PATCH', `/api/sections/${section.id}/`, { title: 'Uno' });
    expect((await call('PATCH', `/api/sections/${section.id}/`, { title: 'Dos' })).status).toBe(200);
    for (const version of [0, -1, 1.5, 'dos']) {
      const reply = await call('PATCH', `/api/sections/${section.id}/`, { title: 'Tres', version });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['version']);
    }
    expect((await call('GET', `/api/sections/${section.id}/`)).body.title).toBe('Dos');
  });

  // A body the schema refuses is a 400 whatever the address (the schema is judged first); a sound one
  // for something that does not exist is 404 before any version is compared.
  it('answers 404 before comparing versions in an edit of something that does not exist', async () => {
    expect(await call('PATCH', '/api/sections/999999/', { title: 'Otra', version: 999 })).toMatchObject({
      status: 404,
      body: { detail: messages.sectionNotFoundDetail },
    });
    expect((await send('PATCH', '/api/publications/999999/', { title: 'Otra', version: '999' })).status).toBe(404);
    expect((await send('PATCH', '/api/biographies/999999/', { name: 'Otra', version: '999' })).status).toBe(404);
    expect((await call('GET', '/api/sections/99999999999/')).status).toBe(404);
  });
});

async function imageCount(): Promise<number> {
  const dir = path.join(server.dataDir, 'media', 'images');
  return (await fs.readdir(dir).catch(() => [])).length;
}

describe('deleting a section', () => {
  it('is refused with 409 and the count while it holds publications', async () => {
    const section = await newSection('Con tres');
    for (const title of ['a', 'b', 'c']) await newPublication(section.id, title);
    const reply = await call('DELETE', `/api/sections/${section.id}/`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ detail: 'No se puede eliminar la sección porque contiene 3 publicaciones.', publication_count: 3 });
    const list = await call('GET', `/api/publications/?section=${section.id}`);
    expect(list.body.count).toBe(3);
  });
});

describe('size limits', () => {
  it('refuses over-long fields with DRF-style Spanish messages, and nothing is stored', async () => {
    const section = await call('POST', '/api/sections/', { title: 'a'.repeat(FIELD_LIMITS.sectionTitle + 1) });
    expect(section.status).toBe(400);
    expect(section.body).toEqual({ title: [messages.tooLong(100)] });
    expect(section.body.title[0]).toBe('Asegúrese de que este campo no tenga más de 100 caracteres.');

    const biography = await send('POST', '/api/biographies/', {
      name: 'n'.repeat(201),
      position: 'p'.repeat(201),
      biography: 'Bio',
      email: `${'e'.repeat(250)}@uni.es`,
      linkedin: `https://uni.es/${'l'.repeat(2040)}`,
    });
    expect(biography.status).toBe(400);
    expect(biography.body).toEqual({
      name: [messages.tooLong(200)],
      position: [messages.tooLong(200)],
      email: [messages.tooLong(254)],
      linkedin: [messages.tooLong(2048)],
    });
  });

  it('keeps order within 32 bits', async () => {
    const reply = await call('POST', '/api/sections/', { title: 'Lejana', order: 2 ** 31 });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ order: [messages.orderOutOfRange] });
    const atTheLimit = await call('POST', '/api/sections/', { title: 'Al límite', order: 2 ** 31 - 1 });
    expect(atTheLimit.status).toBe(201);
    // The next new section cannot go past the limit: it shares it, and its id puts it last.
    expect((await newSection('Tras el límite')).order).toBe(2 ** 31 - 1);
    for (const id of [atTheLimit.body.id, (await call('GET', '/api/sections/?all=true')).body.results.at(-1).id]) {
      expect((await call('DELETE', `/api/sections/${id}/`)).status).toBe(204);
    }
    const multipart = await send('POST', '/api/biographies/', { name: 'N', position: 'P', biography: 'B', order: '-2147483649' });
    expect(multipart.body).toEqual({ order: [messages.orderOutOfRange] });
  });

  it('limits publication titles, layout rows, text cells and cell addresses', async () => {
    const section = await newSection('Límites');
    const base = { section_id: String(section.id), publish_date: '2025-01-01' };
    const image = { featured_image: { bytes: jpeg } };
    const row = (content: string, type = 'text') => ({ id: 'r', cells: [{ id: 'c', type, content }] });
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ title: 't'.repeat(201) }, { title: [messages.tooLong(200)] }],
      [
        { title: 'Filas', layout: JSON.stringify(Array.from({ length: 201 }, () => row('<p>x</p>'))) },
        { layout: [messages.layoutTooManyRows] },
      ],
      [
        { title: 'Texto', layout: JSON.stringify([row(`<p>${'x'.repeat(100_000)}</p>`)]) },
        { layout: [`Fila 1, celda 1: ${messages.textCellTooLong}`] },
      ],
      [
        { title: 'Imagen', layout: JSON.stringify([row(`https://a.es/${'x'.repeat(2040)}`, 'image')]) },
        { layout: [`Fila 1, celda 1: ${messages.cellUrlTooLong}`] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const reply = await send('POST', '/api/publications/', { ...base, ...fields }, image);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(errors);
    }
    expect((await call('GET', `/api/publications/?section=${section.id}`)).body.count).toBe(0);
    const fits = await send(
      'POST',
      '/api/publications/',
      { ...base, title: 'Cabe', layout: JSON.stringify(Array.from({ length: 200 }, () => row('<p>x</p>'))) },
      image,
    );
    expect(fits.status).toBe(201);
  });

  it('refuses data: URIs in rich text with a Spanish message on the layout field', async () => {
    const section = await newSection('Pegadas');
    const layout = [
      { id: 'r', cells: [{ id: 'c', type: 'text', content: '<p>Foto: <img src="data:image/png;base64,iVBORw0KGgo="></p>' }] },
    ];
    const reply = await send(
      'POST',
      '/api/publications/',
      { title: 'Con imagen pegada', section_id: String(section.id), publish_date: '2025-01-01', layout: JSON.stringify(layout) },
      { featured_image: { bytes: jpeg } },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ layout: [`Fila 1, celda 1: ${messages.richTextDataUri}`] });
  });
});

describe('the admin publication list', () => {
  let sectionId: number;
  beforeAll(async () => {
    sectionId = (await newSection('Buscable')).id;
    for (const title of ['Jornada de MÁSTER', 'Congreso 100% emocional', 'Otra cosa', 'máster en verano'])
      await newPublication(sectionId, title);
  });
  const list = async (query: string) => {
    const reply = await call('GET', `/api/publications/?section=${sectionId}&${query}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('finds part of a title in any case, accents included, and takes LIKE wildcards literally', async () => {
    expect((await list('search=máster')).results.map((p: { title: string }) => p.title).sort()).toEqual([
      'Jornada de MÁSTER',
      'máster en verano',
    ]);
    expect((await list('search=%25')).results.map((p: { title: string }) => p.title)).toEqual(['Congreso 100% emocional']);
    expect((await list('search=_')).count).toBe(0);
    expect((await list('search=')).count).toBe(4);
  });

  it('pages with count, and leaves layouts out when asked', async () => {
    const first = await list('page_size=3');
    expect(first).toMatchObject({ count: 4, previous: null });
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('page=2');
    expect((await list('page_size=3&page=2')).results).toHaveLength(1);
    const slim = await list('omit=layout&page_size=1');
    expect(slim.results[0]).not.toHaveProperty('layout');
    expect(slim.results[0]).toMatchObject({ title: expect.any(String), version: 1, section: { id: sectionId } });
    expect(first.results[0]).toHaveProperty('layout');
    const bad = await call('GET', '/api/publications/?omit=title');
    expect(bad).toMatchObject({ status: 400, body: { omit: [messages.invalidOmit] } });
  });

  it('still answers the plain call of requirements §7 as a page of full publications', async () => {
    const plain = await call('GET', '/api/publications/');
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(plain.body.results).toHaveLength(Math.min(plain.body.count, 20));
    expect(plain.body.results[0]).toHaveProperty('layout');
  });
});

describe('ordering', () => {
  it('puts new sections last, new publications first and new biographies at order 2', async () => {
    const a = await newSection('Orden A');
    const b = await newSection('Orden B');
    expect(b.order).toBe(a.order + 1);
    const first = await newPublication(a.id, 'Primera');
    const second = await newPublication(b.id, 'Segunda');
    expect(second.order).toBe(first.order - 1);
    expect((await newBiography('Nueva')).order).toBe(NEW_BIOGRAPHY_DEFAULT_ORDER);
  });

  it('gives the items of a partial view the order values they held, leaving the rest alone, without an edit', async () => {
    const section = await newSection('Vista parcial');
    for (const title of ['uno', 'dos', 'tres', 'cuatro']) await newPublication(section.id, title);
    const before = (await call('GET', `/api/publications/?section=${section.id}&all=true`)).body.results as {
      id: number;
      order: number;
      version: number;
    }[];
    expect(before.map((p) => p.order)).toEqual([...before.map((p) => p.order)].sort((x, y) => x - y));
    // The view: the middle two, swapped.
    const [outsideFirst, left, right, outsideLast] = before;
    const reply = await call('PATCH', '/api/publications/reorder/', [
      { id: right.id, order: 0 },
      { id: left.id, order: 1 },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: right.id, order: left.order },
      { id: left.id, order: right.order },
    ]);
    const after = (await call('GET', `/api/publications/?section=${section.id}&all=true`)).body.results as typeof before;
    expect(after.map((p) => p.id)).toEqual([outsideFirst.id, right.id, left.id, outsideLast.id]);
    expect(after[0].order).toBe(outsideFirst.order);
    expect(after[3].order).toBe(outsideLast.order);
    expect(after.map((p) => p.version)).toEqual([1, 1, 1, 1]);
  });

  it('separates items that shared one order value', async () => {
    const bios = [];
    for (const name of ['Igual 1', 'Igual 2', 'Igual 3']) bios.push(await newBiography(name));
    expect(new Set(bios.map((b) => b.order))).toEqual(new Set([2]));
    const reply = await call('PATCH', '/api/biographies/reorder/', [
      { id: bios[2].id, order: 0 },
      { id: bios[1].id, order: 1 },
      { id: bios[0].id, order: 2 },
    ]);
    expect(reply.status).toBe(200);
    const all = (await call('GET', '/api/biographies/?all=true')).body.results as { id: number }[];
    const positions = bios.map((b) => all.findIndex((x) => x.id === b.id));
    expect(positions[2]).toBeLessThan(positions[1]);
    expect(positions[1]).toBeLessThan(positions[0]);
  });

  it('writes positions when the view is the whole list (requirements §3)', async () => {
    const all = (await call('GET', '/api/sections/?all=true')).body.results as { id: number }[];
    const reversed = [...all].reverse();
    const reply = await call(
      'PATCH',
      '/api/sections/reorder/',
      reversed.map(({ id }, order) => ({ id, order })),
    );
    expect(reply.body).toEqual(reversed.map(({ id }, order) => ({ id, order })));
  });

  it('takes at most 1000 items', async () => {
    const payload = Array.from({ length: REORDER_MAX_ITEMS + 1 }, (_, i) => ({ id: i + 1, order: i }));
    const reply = await call('PATCH', '/api/sections/reorder/', payload);
    expect(reply).toMatchObject({ status: 400, body: { detail: messages.reorderTooMany } });
    const huge = await call('PATCH', '/api/sections/reorder/', [{ id: 2 ** 40, order: 0 }]);
    expect(huge).toMatchObject({ status: 400, body: { detail: messages.reorderInvalid } });
  });
});

describe('biography photo', () => {
  it('is removed by sending photo as an empty field, and kept when it is not sent', async () => {
    const created = await send(
      'POST',
      '/api/biographies/',
      { name: 'Con foto', position: 'P', biography: 'B' },
      { photo: { bytes: jpeg } },
    );
    expect(created.body.photo).toMatch(/^\/media\//);
    expect((await send('PATCH', `/api/biographies/${created.body.id}/`, { position: 'Q' })).body.photo).toBe(created.body.photo);
    const cleared = await send('PATCH', `/api/biographies/${created.body.id}/`, { photo: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.photo).toBeNull();
  });
});
