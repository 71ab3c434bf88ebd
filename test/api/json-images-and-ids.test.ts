import { messages } from '@/domain/messages';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';

/**
 * JSON saves name their image by the address POST /api/upload-image/
 * answered (a JSON body cannot carry a file), and only an image uploaded to
 * this site is accepted; path ids are whole numbers from 1 to 2147483647,
 * and anything else is the resource's own 404.
 */

let server: TestServer;
let token: string;
let section: { id: number };
let uploaded: string;

beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
  section = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias en JSON' } })).body;
  const upload = await server.request('POST', '/api/upload-image/', {
    token,
    form: formData({}, { image: { bytes: await makeImage('jpeg') } }),
  });
  expect(upload.status).toBe(201);
  uploaded = upload.body.url;
});
afterAll(async () => server.close());

const call = (method: string, path: string, json?: unknown) => server.request(method, path, { token, json });
const publication = (extra: Record<string, unknown> = {}) => ({
  title: 'Creada en JSON',
  section_id: section.id,
  status: 'draft',
  publish_date: '2026-01-15',
  ...extra,
});

describe('JSON creation with an uploaded image', () => {
  it('creates a publication whose featured image is the address the upload answered', async () => {
    const created = await call('POST', '/api/publications/', publication({ featured_image: uploaded }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Creada en JSON', featured_image: uploaded, version: 1 });
    expect((await server.request('GET', uploaded)).status).toBe(200);
    // The same address again on an edit keeps it; the record is as GET answers it.
    const edited = await call('PATCH', `/api/publications/${created.body.id}/`, { title: 'Editada en JSON', featured_image: uploaded });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Editada en JSON', featured_image: uploaded, version: 2 });
  });

  it('still requires the featured image in JSON', async () => {
    const reply = await call('POST', '/api/publications/', publication());
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ featured_image: [messages.featuredImageRequired] });
  });

  it('refuses an outside URL, an address that names no upload, a variant and a path outside the uploads', async () => {
    const count = async () => (await call('GET', `/api/publications/?section=${section.id}&omit=layout`)).body.count;
    const before = await count();
    const missing = uploaded.replace(/[0-9a-f]{8}-/, '00000000-');
    const variant = uploaded.replace(/\.jpg$/, '-480.webp');
    for (const address of [
      'https://otro.sitio/media/images/x.jpg',
      `https://otro.sitio${uploaded}`,
      missing,
      variant,
      '/media/hero.mp4',
      '/etc/passwd',
      'x',
    ]) {
      const reply = await call('POST', '/api/publications/', publication({ featured_image: address }));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ featured_image: [messages.imageNotUploaded] });
    }
    expect(await count()).toBe(before);
  });

  it('gives a biography the uploaded photo, keeps it when not sent, and removes it with null', async () => {
    const created = await call('POST', '/api/biographies/', { name: 'Ana', position: 'Docente', biography: 'Texto', photo: uploaded });
    expect(created.status).toBe(201);
    expect(created.body.photo).toBe(uploaded);
    const kept = await call('PATCH', `/api/biographies/${created.body.id}/`, { position: 'Directora' });
    expect(kept.body).toMatchObject({ position: 'Directora', photo: uploaded });
    const refused = await call('PATCH', `/api/biographies/${created.body.id}/`, { photo: 'https://otro.sitio/foto.jpg' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ photo: [messages.imageNotUploaded] });
    const removed = await call('PATCH', `/api/biographies/${created.body.id}/`, { photo: null });
    expect(removed.status).toBe(200);
    expect(removed.body.photo).toBeNull();
  });
});

describe('path ids', () => {
  it('answers an id past 32 bits, zero or text with the resource’s own 404, before any database sees it', async () => {
    const cases: [string, string][] = [
      ['/api/publications/', messages.publicationNotFound],
      ['/api/biographies/', messages.biographyNotFound],
      ['/api/sections/', messages.sectionNotFoundDetail],
    ];
    for (const [base, detail] of cases) {
      for (const id of ['2147483648', '99999999999999999999', '0', 'abc']) {
        for (const method of ['GET', 'PATCH', 'DELETE']) {
          const reply = await call(method, `${base}${id}/`, method === 'PATCH' ? {} : undefined);
          expect([method, base, id, reply.status, reply.body]).toEqual([method, base, id, 404, { detail }]);
        }
      }
      // The largest id is a valid address for no record: the same 404.
      expect((await call('GET', `${base}2147483647/`)).body).toEqual({ detail });
    }
    expect((await call('POST', '/api/trash/2147483648/restore/')).body).toEqual({ detail: messages.trashEntryNotFound });
    expect((await server.request('GET', '/api/public/publication/2147483648/')).body).toEqual({ detail: messages.publicationNotFound });
  });

  it('names the revision in a revision address and the item in the item’s', async () => {
    const created = await call('POST', '/api/sections/', { title: 'Con historial' });
    expect((await call('GET', `/api/sections/${created.body.id}/revisions/2147483648/`)).body).toEqual({
      detail: messages.revisionNotFound,
    });
    expect((await call('GET', `/api/sections/2147483648/revisions/1/`)).body).toEqual({ detail: messages.sectionNotFoundDetail });
  });
});

describe('multipart bodies and their schema', () => {
  it('turns multipart text into the declared types and refuses what fits none, as in JSON', async () => {
    const created = await server.request('POST', '/api/sections/', {
      token,
      form: formData({ title: 'Multiparte', is_active: 'false', order: '7' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Multiparte', is_active: false, order: 7 });
    const refused = await server.request('PATCH', `/api/sections/${created.body.id}/`, {
      token,
      form: formData({ is_active: 'quizá', order: 'siete' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ is_active: [messages.invalidBoolean], order: [messages.invalidInteger] });
  });
});
