import { messages } from '@/domain/messages';
import { createOrResetAccount } from '@/server/auth/ensure-admin';
import { formData, makeImage, startSignedIn, type RequestOptions, type TestServer } from '../helpers/api-server';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { fetchDrawnPage, textOf } from '../helpers/drawn-page';
import { purgeFromLibrary } from '../helpers/library';
import { officeMembers, pdf, zip } from '../helpers/crafted-documents';

/**
 * The media library ('Medios', docs/decisions/192-the-media-library.md): an
 * upload lands in the library, found again by search and kind, described,
 * its focal point set, its uses listed, deleted only knowingly when in use,
 * and kept through the purges of what used it.
 */

let server: TestServer;
let token: string;
let jpeg: Buffer;
let editorToken: string;

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  await createOrResetAccount(server.services.db, 'editora.medios', 'una-clave-de-editora-larga', 'editor');
  editorToken = (
    await server.request('POST', '/api/token/', { json: { username: 'editora.medios', password: 'una-clave-de-editora-larga' } })
  ).body.access as string;
});
afterAll(async () => server.close());

const call = (method: string, path: string, options: RequestOptions = {}) => server.request(method, path, { token, ...options });

interface Item {
  id: number;
  kind: string;
  title: string;
  file_name: string;
  url: string;
  version: number;
  focal_x: number;
  focal_y: number;
}

async function upload(fileName: string, fields: Record<string, string> = {}, bytes = jpeg) {
  const reply = await call('POST', '/api/media/', { form: formData(fields, { file: { bytes, name: fileName } }) });
  expect(reply.status).toBe(201);
  return reply.body as Item;
}

async function newSection(title: string) {
  const reply = await call('POST', '/api/sections/', { json: { title } });
  expect(reply.status).toBe(201);
  return reply.body as { id: number };
}

describe('uploading into the library', () => {
  it('keeps an image with its facts, titled by its file name, and lists it first', async () => {
    const item = await upload('Cartel del congreso.jpg');
    expect(item).toMatchObject({
      kind: 'image',
      title: 'Cartel del congreso',
      file_name: 'Cartel del congreso.jpg',
      content_type: 'image/jpeg',
      alt: '',
      focal_x: 0.5,
      focal_y: 0.5,
      created_by: 'admin',
      version: 1,
    });
    expect((item as unknown as { width: number }).width).toBeGreaterThan(0);
    expect(item.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    expect((await server.request('GET', item.url)).status).toBe(200);
    const first = (await call('GET', '/api/media/')).body.results[0] as Item;
    expect(first.id).toBe(item.id);
  });

  it('refuses what is neither an image nor a document, in Spanish, and keeps nothing', async () => {
    const before = (await call('GET', '/api/media/')).body.count as number;
    const refused = [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      zip([{ name: 'notas.txt', content: 'hola' }]),
    ];
    for (const bytes of refused) {
      const reply = await call('POST', '/api/media/', {
        form: formData({}, { file: { bytes, name: 'programa.pdf', type: 'application/pdf' } }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ file: [messages.mediaTypeNotAllowed] });
    }
    expect((await call('GET', '/api/media/')).body.count).toBe(before);
  });

  it('asks for the file', async () => {
    const reply = await call('POST', '/api/media/', { form: formData({ title: 'Sin archivo' }) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ file: [messages.required] });
  });
});

describe('uploads through the other fields', () => {
  const itemsAt = async (url: string) =>
    ((await call('GET', '/api/media/?page_size=100')).body.results as Item[]).filter((one) => one.url === url);

  it("land in the library once, titled by their file name: a featured image, a repeated save's, a cell's image and a photo", async () => {
    const section = await newSection('Subidas a la biblioteca');
    const form = () =>
      formData(
        { title: 'Con portada subida', section_id: String(section.id), publish_date: '2025-05-01' },
        { featured_image: { bytes: jpeg, name: 'Portada de otoño.jpg' } },
      );
    const created = await call('POST', '/api/publications/', { form: form(), headers: { 'Idempotency-Key': 'a'.repeat(32) } });
    expect(created.status).toBe(201);
    expect(await itemsAt(created.body.featured_image)).toEqual([
      expect.objectContaining({ kind: 'image', title: 'Portada de otoño', file_name: 'Portada de otoño.jpg', created_by: 'admin' }),
    ]);
    // The same request again is the same save: no second item.
    const repeated = await call('POST', '/api/publications/', { form: form(), headers: { 'Idempotency-Key': 'a'.repeat(32) } });
    expect(repeated.body.id).toBe(created.body.id);
    expect(await itemsAt(created.body.featured_image)).toHaveLength(1);

    const cell = await call('POST', '/api/upload-image/', { form: formData({}, { image: { bytes: jpeg, name: 'Aula de música.jpg' } }) });
    expect(cell.status).toBe(201);
    expect(await itemsAt(cell.body.url)).toEqual([expect.objectContaining({ title: 'Aula de música' })]);

    const biography = await call('POST', '/api/biographies/', {
      form: formData({ name: 'Docente Subida', position: 'Tutor', biography: 'Texto.' }, { photo: { bytes: jpeg, name: 'retrato.jpg' } }),
    });
    expect(biography.status).toBe(201);
    expect(await itemsAt(biography.body.photo)).toEqual([expect.objectContaining({ title: 'retrato', created_by: 'admin' })]);
    // An image chosen from the library stays one item.
    const chosen = await call('PATCH', `/api/biographies/${biography.body.id}/`, {
      json: { photo: cell.body.url, version: biography.body.version },
    });
    expect(chosen.status).toBe(200);
    expect(await itemsAt(cell.body.url)).toHaveLength(1);
  });
});

describe('documents', () => {
  it('keeps a PDF by its content and serves it inert: its type, inline, sandboxed, at an address no one can guess', async () => {
    const item = await upload('Plan de estudios 2026.pdf', {}, pdf());
    expect(item).toMatchObject({ kind: 'document', title: 'Plan de estudios 2026', content_type: 'application/pdf', width: null });
    expect(item.url).toMatch(/^\/media\/documentos\/[0-9a-f]{32}\/plan-de-estudios-2026\.pdf$/);
    const served = await server.request('GET', item.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="plan-de-estudios-2026\.pdf"/);
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await server.request('GET', item.url.replace(/[0-9a-f]{32}/, '0'.repeat(32)))).status).toBe(404);
  });

  it('has a Word file downloaded, not shown, and finds documents by kind', async () => {
    const item = await upload('convocatoria.docx', { title: 'Convocatoria de ponencias' }, zip(officeMembers('docx')));
    expect(item).toMatchObject({
      kind: 'document',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect((await server.request('GET', item.url)).headers.get('content-disposition')).toMatch(/^attachment; /);
    const documents = (await call('GET', '/api/media/?kind=document')).body.results as Item[];
    expect(documents.map((one) => one.id)).toContain(item.id);
    expect(documents.every((one) => one.kind === 'document')).toBe(true);
  });

  it('lets a document go with its purge', async () => {
    const item = await upload('borrador.pdf', {}, pdf());
    expect((await call('DELETE', `/api/media/${item.id}/`)).status).toBe(204);
    const entry = ((await call('GET', '/api/trash/?page_size=100')).body.results as { id: number; kind: string; item_id: number }[]).find(
      (one) => one.kind === 'media' && one.item_id === item.id,
    );
    expect((await call('DELETE', `/api/trash/${entry?.id}/`)).status).toBe(204);
    expect((await server.request('GET', item.url)).status).toBe(404);
  });
});

describe("a 'Documento' cell", () => {
  const documentCell = (content: string, extra: Record<string, unknown> = {}) => [
    { id: 'r1', cells: [{ id: 'c1', type: 'document', content, columnSpan: 2, ...extra }] },
  ];
  const publish = (section_id: number, title: string, layout: unknown) =>
    call('POST', '/api/publications/', {
      json: { title, section_id, status: 'published', publish_date: '2025-05-01', featured_image: imageUrl, layout },
    });
  let imageUrl: string;
  let sectionId: number;
  beforeAll(async () => {
    imageUrl = (await upload('portada-documentos.jpg')).url;
    sectionId = (await newSection('Documentos del máster')).id;
  });

  it("keeps the library's size and kind whatever was sent, the item's title unless its own, and shows a download card", async () => {
    const item = await upload('Calendario académico.pdf', {}, pdf());
    const created = await publish(sectionId, 'Calendario del curso', documentCell(item.url, { size: 1, format: 'docx', mediaId: 999999 }));
    expect(created.status).toBe(201);
    const cell = created.body.layout[0].cells[0];
    expect(cell).toEqual({
      id: 'c1',
      type: 'document',
      content: item.url,
      columnSpan: 2,
      mediaId: item.id,
      title: 'Calendario académico',
      size: pdf().length,
      format: 'pdf',
    });
    const renamed = await call('PATCH', `/api/publications/${created.body.id}/`, {
      json: { layout: documentCell(item.url, { title: 'Calendario 2026-2027' }), version: created.body.version },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.layout[0].cells[0]).toMatchObject({ title: 'Calendario 2026-2027', mediaId: item.id, format: 'pdf' });

    // On the public page, drawn by the server: the card, and its link to the file.
    const shown = (await server.request('GET', `/api/public/publication/${created.body.id}/`)).body;
    expect(shown.layout[0].cells[0]).toMatchObject({ type: 'document', content: item.url, title: 'Calendario 2026-2027' });
    const page = await fetchDrawnPage(`${server.url}/documentos-del-master/${created.body.id}`);
    const link = page.root.querySelector(`a[href="${item.url}"]`);
    expect(textOf(link)).toBe('Descargar');
    expect(link?.getAttribute('aria-label')).toMatch(/^Descargar: Calendario 2026-2027 \(PDF · [\d,]+ B\)$/);
    expect(page.text).toContain('Calendario 2026-2027');
    // The library knows where it is used.
    expect((await call('GET', `/api/media/${item.id}/`)).body.usage).toEqual([
      { kind: 'publication', id: created.body.id, title: 'Calendario del curso', where: 'Diseño' },
    ]);
  });

  it('refuses an address that is no document of the library, on its cell, and stores nothing', async () => {
    const image = await upload('no-es-documento.jpg');
    const gone = await upload('retirado.pdf', {}, pdf());
    expect((await call('DELETE', `/api/media/${gone.id}/`)).status).toBe(204);
    for (const address of [
      'https://otro.es/plan.pdf',
      image.url,
      gone.url,
      '/media/documentos/0123456789abcdef0123456789abcdef/nada.pdf',
    ]) {
      const refused = await publish(sectionId, `Documento ajeno ${address}`, documentCell(address));
      expect({ address, status: refused.status, layout: refused.body.layout }).toEqual({
        address,
        status: 400,
        layout: [`Fila 1, celda 1: ${messages.documentNotInLibrary}`],
      });
    }
    const titles = (
      (await call('GET', `/api/publications/?section_id=${sectionId}&page_size=100`)).body.results as { title: string }[]
    ).map((one) => one.title);
    expect(titles.some((title) => title.startsWith('Documento ajeno'))).toBe(false);
  });
});

describe('an image named by its library id', () => {
  let sectionId: number;
  beforeAll(async () => {
    sectionId = (await newSection('Imágenes por id')).id;
  });
  const create = (fields: Record<string, unknown>) =>
    call('POST', '/api/publications/', { json: { section_id: sectionId, status: 'draft', publish_date: '2025-05-01', ...fields } });

  it("satisfies a featured image and a photo, by JSON or multipart, and an image cell carries the item's id", async () => {
    const item = await upload('Patio por id.jpg');
    const created = await create({
      title: 'Destacada por id',
      featured_image_id: item.id,
      layout: [{ id: 'r1', cells: [{ id: 'c1', type: 'image', content: item.url, alt: 'Patio', mediaId: 999999 }] }],
    });
    expect(created.status).toBe(201);
    expect(created.body.featured_image).toBe(item.url);
    expect(created.body.layout[0].cells[0]).toMatchObject({ type: 'image', content: item.url, mediaId: item.id });

    const other = await upload('Otra portada por id.jpg');
    const edited = await call('PATCH', `/api/publications/${created.body.id}/`, {
      form: formData({ featured_image_id: String(other.id), version: String(created.body.version) }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.featured_image).toBe(other.url);
    expect((await call('GET', `/api/media/${other.id}/`)).body.usage).toEqual([
      { kind: 'publication', id: created.body.id, title: 'Destacada por id', where: 'Imagen destacada' },
    ]);

    const biography = await call('POST', '/api/biographies/', {
      json: { name: 'Docente por id', position: 'Tutor', biography: 'Texto.', photo_id: item.id },
    });
    expect(biography.status).toBe(201);
    expect(biography.body.photo).toBe(item.url);
    // Nothing new in the library: the same item is used three times.
    expect((await call('GET', `/api/media/?search=${encodeURIComponent('por id')}`)).body.count).toBe(2);
  });

  it("refuses a document's id, an unknown one and one sent beside a file, on the id's field, and stores nothing", async () => {
    const normativa = await upload('Normativa por id.pdf', {}, pdf());
    for (const [featured_image_id, message] of [
      [normativa.id, messages.imageNotInLibrary],
      [2147483647, messages.imageNotInLibrary],
    ] as const) {
      const refused = await create({ title: `Rechazada ${featured_image_id}`, featured_image_id });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { featured_image_id: [message] } });
    }
    const both = await call('POST', '/api/publications/', {
      form: formData(
        { title: 'Con las dos', section_id: String(sectionId), publish_date: '2025-05-01', featured_image_id: String(normativa.id) },
        { featured_image: { bytes: jpeg, name: 'otra.jpg' } },
      ),
    });
    expect({ status: both.status, body: both.body }).toEqual({ status: 400, body: { featured_image_id: [messages.imageFromOneSource] } });
    const photo = await call('POST', '/api/biographies/', {
      json: { name: 'Docente sin foto', position: 'Tutor', biography: 'Texto.', photo_id: normativa.id },
    });
    expect({ status: photo.status, body: photo.body }).toEqual({ status: 400, body: { photo_id: [messages.imageNotInLibrary] } });
    const titles = (
      (await call('GET', `/api/publications/?section_id=${sectionId}&page_size=100`)).body.results as { title: string }[]
    ).map((one) => one.title);
    expect(titles).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(Rechazada|Con las dos)/)]));
  });
});

describe('the focal point on the public site', () => {
  it('goes with a featured image chosen from the library to every public answer and page, and follows its change at once', async () => {
    const item = await upload('Retrato del claustro.jpg');
    const section = await newSection('Focal en público');
    const created = await call('POST', '/api/publications/', {
      json: { title: 'Con punto focal', section_id: section.id, status: 'published', publish_date: '2025-05-01', featured_image: item.url },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const detail = () => server.request('GET', `/api/public/publication/${id}/`);
    const inList = async () =>
      ((await server.request('GET', '/api/public/publications/?section_slug=focal-en-publico')).body.results as { id: number }[]).find(
        (one) => one.id === id,
      );
    // The library's default: the centre.
    expect((await detail()).body.featured_image_focus).toEqual({ x: 0.5, y: 0.5 });

    const moved = await call('PATCH', `/api/media/${item.id}/`, { json: { focal_x: 0.2, focal_y: 0.85, version: item.version } });
    expect(moved.status).toBe(200);
    expect((await detail()).body.featured_image_focus).toEqual({ x: 0.2, y: 0.85 });
    expect(await inList()).toMatchObject({ featured_image_focus: { x: 0.2, y: 0.85 } });
    // The crops the browser makes keep the point in view: the list's card and the publication's banner, drawn by the server.
    const list = await fetchDrawnPage(`${server.url}/focal-en-publico`);
    expect(list.root.querySelector(`.card img[src="${item.url}"]`)?.getAttribute('style')).toContain('object-position:20% 85%');
    const page = await fetchDrawnPage(`${server.url}/focal-en-publico/${id}`);
    expect(page.root.querySelector(`.detail__banner img[src="${item.url}"]`)?.getAttribute('style')).toContain('object-position:20% 85%');

    // An image the library no longer holds has none: the browser's centre.
    await purgeFromLibrary(server, token, item.url);
    expect((await detail()).body.featured_image_focus).toBeNull();
  });

  it('is kept in view by the crops the server makes: the shared image and the structured data, made once, for the point held now', async () => {
    const item = await upload('Claustro para compartir.jpg', {}, await makeImage('jpeg', 1600, 1000));
    const section = await newSection('Focal compartido');
    const created = await call('POST', '/api/publications/', {
      json: { title: 'Para compartir', section_id: section.id, status: 'published', publish_date: '2025-05-01', featured_image: item.url },
    });
    expect(created.status).toBe(201);
    expect((await call('PATCH', `/api/media/${item.id}/`, { json: { focal_x: 0.3, focal_y: 0.6, version: item.version } })).status).toBe(
      200,
    );
    const shared = async () => {
      const { html } = await fetchDrawnPage(`${server.url}/focal-compartido/${created.body.id}`);
      const document = new JSDOM(html).window.document;
      const article = [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((script) => JSON.parse(script.textContent ?? '{}') as { '@type': string; image?: string })
        .find((node) => node['@type'] === 'Article');
      return { og: document.querySelector('meta[property="og:image"]')?.getAttribute('content'), ld: article?.image };
    };
    const stem = item.url.replace(/\.jpg$/, '');
    const first = await shared();
    expect(first.og).toMatch(new RegExp(`${stem}-share-30-60\\.jpg$`));
    expect(first.ld).toBe(new URL(`${stem}-share-30-60.jpg`, server.url).toString());

    const crop = await fetch(`${server.url}${stem}-share-30-60.jpg`);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    expect(crop.headers.get('cache-control')).toContain('immutable');
    expect(await sharp(Buffer.from(await crop.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
    // Another point than the one held: nothing is made.
    expect((await server.request('GET', `${stem}-share-31-60.jpg`)).status).toBe(404);

    // A new point is a new address; the page says it at once.
    const moved = await call('PATCH', `/api/media/${item.id}/`, { json: { focal_x: 0.7, focal_y: 0.2, version: item.version + 1 } });
    expect(moved.status).toBe(200);
    expect((await shared()).og).toMatch(new RegExp(`${stem}-share-70-20\\.jpg$`));
    expect((await server.request('GET', `${stem}-share-30-60.jpg`)).status).toBe(404);
    // An image the library no longer holds is shared whole, as the browser's crops fall back to the centre.
    await purgeFromLibrary(server, token, item.url);
    expect((await shared()).og?.endsWith(item.url)).toBe(true);
  });

  it("goes with a biography's photo chosen from the library to the faculty page", async () => {
    const item = await upload('Foto de la docente.jpg');
    const created = await call('POST', '/api/biographies/', {
      json: { name: 'Docente Enfocada', position: 'Tutora', biography: 'Texto.', photo: item.url },
    });
    expect(created.status).toBe(201);
    expect((await call('PATCH', `/api/media/${item.id}/`, { json: { focal_x: 0.5, focal_y: 0.1, version: item.version } })).status).toBe(
      200,
    );
    const listed = ((await server.request('GET', '/api/public/biographies/?page_size=100')).body.results as { id: number }[]).find(
      (one) => one.id === created.body.id,
    );
    expect(listed).toMatchObject({ photo: item.url, photo_focus: { x: 0.5, y: 0.1 } });
    const faculty = await fetchDrawnPage(`${server.url}/cuerpo-docente`);
    expect(faculty.root.querySelector(`.bio-card img[src="${item.url}"]`)?.getAttribute('style')).toContain('object-position:50% 10%');
  });
});

describe("'Reemplazar archivo'", () => {
  it('puts a new file at a new address and moves every live use to it, without new versions of what uses it', async () => {
    const item = await upload('cartel-viejo.jpg');
    const section = await newSection('Reemplazos');
    const layout = [
      {
        id: 'r1',
        cells: [
          { id: 'c1', type: 'image', content: item.url, alt: 'Cartel', columnSpan: 2 },
          { id: 'c2', type: 'text', content: `<p>Texto <img src="${item.url}" alt="cartel"></p>`, columnSpan: 2 },
        ],
      },
    ];
    const publication = (
      await call('POST', '/api/publications/', {
        json: {
          title: 'Usa el cartel',
          section_id: section.id,
          status: 'published',
          publish_date: '2025-05-01',
          featured_image: item.url,
          layout,
        },
      })
    ).body;
    const biography = (
      await call('POST', '/api/biographies/', { json: { name: 'Con cartel', position: 'P', biography: 'B', photo: item.url } })
    ).body;
    const revisionsBefore = (await call('GET', `/api/publications/${publication.id}/revisions/`)).body.count;

    const replaced = await call('POST', `/api/media/${item.id}/replace/`, {
      form: formData({ version: String(item.version) }, { file: { bytes: await makeImage('png', 90, 60), name: 'cartel-nuevo.png' } }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: item.id,
      kind: 'image',
      file_name: 'cartel-nuevo.png',
      width: 90,
      height: 60,
      version: item.version + 1,
    });
    const moved = replaced.body.url as string;
    expect(moved).not.toBe(item.url);
    expect((await server.request('GET', moved)).status).toBe(200);

    const after = (await call('GET', `/api/publications/${publication.id}/`)).body;
    expect(after.featured_image).toBe(moved);
    expect(after.layout[0].cells[0]).toMatchObject({ content: moved, alt: 'Cartel' });
    expect(after.layout[0].cells[1].content).toContain(`src="${moved}"`);
    expect(JSON.stringify(after)).not.toContain(item.url);
    expect(after.version).toBe(publication.version);
    expect((await call('GET', `/api/publications/${publication.id}/revisions/`)).body.count).toBe(revisionsBefore);
    expect((await call('GET', `/api/biographies/${biography.id}/`)).body).toMatchObject({ photo: moved, version: biography.version });
    expect((await server.request('GET', `/api/public/publication/${publication.id}/`)).body.featured_image).toBe(moved);
    // The old file stays while the publication's first revision names it.
    expect((await server.request('GET', item.url)).status).toBe(200);
    const history = (await call('GET', `/api/media/${item.id}/revisions/`)).body.results as { summary?: string }[];
    expect(JSON.stringify(history)).toContain('Archivo reemplazado');
  });

  it('moves a document cell to the new file with its size and kind, and refuses a file of the other kind or a stale version', async () => {
    const item = await upload('reglamento.pdf', {}, pdf());
    const section = await newSection('Reemplazo de documentos');
    const publication = (
      await call('POST', '/api/publications/', {
        json: {
          title: 'Con reglamento',
          section_id: section.id,
          publish_date: '2025-05-01',
          featured_image: (await upload('portada-reglamento.jpg')).url,
          layout: [{ id: 'r1', cells: [{ id: 'd', type: 'document', content: item.url, title: 'Reglamento' }] }],
        },
      })
    ).body;
    const word = zip(officeMembers('docx'));
    const refused = await call('POST', `/api/media/${item.id}/replace/`, {
      form: formData({}, { file: { bytes: jpeg, name: 'foto.jpg' } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ file: [messages.replaceWithSameKind] });
    const stale = await call('POST', `/api/media/${item.id}/replace/`, {
      form: formData({ version: String(item.version + 5) }, { file: { bytes: word, name: 'reglamento.docx' } }),
    });
    expect(stale.status).toBe(409);
    expect((await call('GET', `/api/media/${item.id}/`)).body).toMatchObject({ url: item.url, version: item.version });

    const replaced = await call('POST', `/api/media/${item.id}/replace/`, {
      form: formData({}, { file: { bytes: word, name: 'reglamento.docx' } }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.url).toMatch(/^\/media\/documentos\/[0-9a-f]{32}\/reglamento\.docx$/);
    const cell = (await call('GET', `/api/publications/${publication.id}/`)).body.layout[0].cells[0];
    expect(cell).toMatchObject({ content: replaced.body.url, title: 'Reglamento', size: word.length, format: 'docx', mediaId: item.id });
  });
});

describe('finding an item again', () => {
  it('searches title and file name in any case and accents, and filters by kind', async () => {
    const item = await upload('foto-aula.jpg', { title: 'Sesión de tutoría' });
    const found = async (query: string) => ((await call('GET', `/api/media/?${query}`)).body.results as Item[]).map((one) => one.id);
    expect(await found('search=SESION%20DE%20TUTORIA')).toContain(item.id);
    expect(await found('search=foto-aula')).toContain(item.id);
    expect(await found('search=no-existe-nada')).toEqual([]);
    expect(await found('kind=image')).toContain(item.id);
    expect(await found('kind=document')).not.toContain(item.id);
    expect((await call('GET', '/api/media/?kind=video')).status).toBe(400);
  });
});

describe('describing an item', () => {
  it('saves title, alternative text and focal point as a new version with its Historial, and refuses a stale one', async () => {
    const item = await upload('retrato.jpg');
    const edited = await call('PATCH', `/api/media/${item.id}/`, {
      json: { title: 'Retrato de la directora', alt: 'La directora en el aula', focal_x: 0.3, focal_y: 0.25, version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Retrato de la directora',
      alt: 'La directora en el aula',
      focal_x: 0.3,
      focal_y: 0.25,
      version: 2,
    });
    const stale = await call('PATCH', `/api/media/${item.id}/`, { json: { title: 'Otra', version: 1 } });
    expect(stale.status).toBe(409);
    const history = (await call('GET', `/api/media/${item.id}/revisions/`)).body.results as { summary: string[] }[];
    expect(history[0].summary).toEqual(['Título', 'Texto alternativo', 'Punto focal']);
    expect(history).toHaveLength(2);
  });

  it('refuses a focal point outside the image and an empty title, changing nothing', async () => {
    const item = await upload('paisaje.jpg');
    const outside = await call('PATCH', `/api/media/${item.id}/`, { json: { focal_x: 1.5 } });
    expect(outside.status).toBe(400);
    const empty = await call('PATCH', `/api/media/${item.id}/`, { json: { title: '   ' } });
    expect(empty.status).toBe(400);
    expect((await call('GET', `/api/media/${item.id}/`)).body).toMatchObject({ title: 'paisaje', focal_x: 0.5, version: 1 });
  });
});

describe('where an item is used, and its delete', () => {
  it('lists the publications and biographies that use it, and refuses a silent delete while they do', async () => {
    const item = await upload('portada.jpg');
    const section = await newSection('Sección de medios');
    const publication = await call('POST', '/api/publications/', {
      json: { title: 'Con portada de la biblioteca', section_id: section.id, publish_date: '2025-05-01', featured_image: item.url },
    });
    expect(publication.status).toBe(201);
    const biography = await call('POST', '/api/biographies/', {
      json: { name: 'Docente Con Foto', position: 'Docente', biography: 'Texto.', photo: item.url },
    });
    expect(biography.status).toBe(201);

    const detail = (await call('GET', `/api/media/${item.id}/`)).body;
    expect(detail.usage_count).toBe(2);
    expect(detail.usage).toEqual([
      { kind: 'publication', id: publication.body.id, title: 'Con portada de la biblioteca', where: 'Imagen destacada' },
      { kind: 'biography', id: biography.body.id, title: 'Docente Con Foto', where: 'Foto' },
    ]);

    const refused = await call('DELETE', `/api/media/${item.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(messages.mediaInUse(2));
    expect(refused.body.usage).toHaveLength(2);
    // Only an Administrador deletes it anyway.
    expect((await call('DELETE', `/api/media/${item.id}/?force=true`, { token: editorToken })).status).toBe(403);
    expect((await call('GET', `/api/media/${item.id}/`)).status).toBe(200);
    expect((await call('DELETE', `/api/media/${item.id}/?force=true`)).status).toBe(204);
    expect((await call('GET', `/api/media/${item.id}/`)).status).toBe(404);
  });

  it('sends an unused item to the trash, from where it comes back', async () => {
    const item = await upload('sin-uso.jpg');
    expect((await call('DELETE', `/api/media/${item.id}/`, { token: editorToken })).status).toBe(204);
    const entries = (await call('GET', '/api/trash/?page_size=100')).body.results as {
      id: number;
      kind: string;
      item_id: number;
      label: string;
    }[];
    const entry = entries.find((one) => one.kind === 'media' && one.item_id === item.id);
    expect(entry).toMatchObject({ label: 'sin-uso' });
    const restored = await call('POST', `/api/trash/${entry?.id}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: item.id, title: 'sin-uso', url: item.url });
    expect((await server.request('GET', item.url)).status).toBe(200);
  });

  it('keeps its file when what used it is purged, and lets it go with its own purge', async () => {
    const item = await upload('banner.jpg');
    const section = await newSection('Sección purgada');
    const publication = await call('POST', '/api/publications/', {
      json: { title: 'Se purgará', section_id: section.id, publish_date: '2025-05-01', featured_image: item.url },
    });
    expect((await call('DELETE', `/api/publications/${publication.body.id}/`)).status).toBe(204);
    const trashed = async (kind: string, id: number) =>
      ((await call('GET', '/api/trash/?page_size=100')).body.results as { id: number; kind: string; item_id: number }[]).find(
        (one) => one.kind === kind && one.item_id === id,
      )!;
    expect((await call('DELETE', `/api/trash/${(await trashed('publication', publication.body.id)).id}/`)).status).toBe(204);
    expect((await server.request('GET', item.url)).status).toBe(200);

    expect((await call('DELETE', `/api/media/${item.id}/`)).status).toBe(204);
    expect((await call('DELETE', `/api/trash/${(await trashed('media', item.id)).id}/`)).status).toBe(204);
    expect((await server.request('GET', item.url)).status).toBe(404);
  });
});
