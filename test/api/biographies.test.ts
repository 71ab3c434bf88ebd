import { BIOGRAPHY_MAX_LENGTH, NEW_BIOGRAPHY_DEFAULT_ORDER } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
});
afterAll(async () => server.close());

const person = (extra: Record<string, string> = {}) => ({
  name: 'Carmen Ruiz',
  position: 'Directora del máster',
  biography: 'Doctora en Psicología de la Educación.',
  email: 'carmen@example.org',
  linkedin: 'https://example.org/carmen',
  ...extra,
});
const post = (fields: Record<string, string>, files: Parameters<typeof formData>[1] = {}) =>
  server.request('POST', '/api/biographies/', { token, form: formData(fields, files) });

describe('biographies', () => {
  it('creates with a photo; active and order 2 by default', async () => {
    const reply = await post(person(), { photo: { bytes: await makeImage('webp'), name: 'carmen.webp', type: 'image/webp' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ ...person(), is_active: true, order: NEW_BIOGRAPHY_DEFAULT_ORDER });
    expect(reply.body.photo).toMatch(/^\/media\/images\/[\w-]+\.webp$/);
    const photo = await fetch(`${server.url}${reply.body.photo}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('creates without a photo, with is_active and order as multipart text', async () => {
    const reply = await post(person({ is_active: 'false', order: '5', email: '', linkedin: '' }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ is_active: false, order: 5, photo: null, email: '', linkedin: '' });
  });

  it('refuses missing fields, a biography over 3000 characters, a bad email and a bad web address', async () => {
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: [messages.required], position: [messages.required], biography: [messages.required] });

    const long = await post(person({ biography: 'a'.repeat(BIOGRAPHY_MAX_LENGTH + 1) }));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ biography: [messages.biographyTooLong] });
    const bad = await post(person({ email: 'no-es-correo', linkedin: 'javascript:alert(1)' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ email: [messages.invalidEmail], linkedin: [messages.invalidUrl] });
    // Multipart text is held to the body's schema as JSON is: what is no value of its field's type is refused there.
    const mistyped = await post(person({ is_active: 'tal vez', order: 'x' }));
    expect(mistyped.status).toBe(400);
    expect(mistyped.body).toEqual({ is_active: [messages.invalidBoolean], order: [messages.invalidInteger] });
    expect((await post(person({ biography: 'a'.repeat(BIOGRAPHY_MAX_LENGTH) }))).status).toBe(201);
  });

  it('refuses a photo that is not an image', async () => {
    const reply = await post(person(), { photo: { bytes: Buffer.from('GIF89a pero no'), name: 'x.gif', type: 'image/gif' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ photo: [messages.notAnImage] });
  });

  it('PATCH changes what it receives and keeps the photo without a new file', async () => {
    const created = (await post(person(), { photo: { bytes: await makeImage('png'), name: 'p.png', type: 'image/png' } })).body;
    const reply = await server.request('PATCH', `/api/biographies/${created.id}/`, {
      token,
      form: formData({ position: 'Coordinadora', is_active: 'false' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'Carmen Ruiz', position: 'Coordinadora', is_active: false, photo: created.photo });
    const blank = await server.request('PATCH', `/api/biographies/${created.id}/`, { token, form: formData({ name: ' ' }) });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ name: [messages.required] });
    expect((await server.request('GET', `/api/biographies/${created.id}/`, { token })).body.position).toBe('Coordinadora');
  });

  it('lists every biography, inactive ones included, sorted by order then id', async () => {
    const reply = await server.request('GET', '/api/biographies/?page_size=1000&all=true', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(reply.body.results.length);
    expect(reply.body.results.some((b: { is_active: boolean }) => !b.is_active)).toBe(true);
    const keys = reply.body.results.map((b: { order: number; id: number }) => [b.order, b.id]);
    expect(keys).toEqual([...keys].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
  });

  it('reorders, refusing unknown ids without changes', async () => {
    const ids = (await server.request('GET', '/api/biographies/?all=true', { token })).body.results.map((b: { id: number }) => b.id);
    const ok = await server.request('PATCH', '/api/biographies/reorder/', {
      token,
      json: ids.map((id: number, order: number) => ({ id, order })),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.map((b: { order: number }) => b.order)).toEqual(ids.map((_: number, i: number) => i));
    const bad = await server.request('PATCH', '/api/biographies/reorder/', {
      token,
      json: [
        { id: ids[0], order: 9 },
        { id: 99999, order: 0 },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await server.request('GET', `/api/biographies/${ids[0]}/`, { token })).body.order).toBe(0);
  });

  it('deletes and answers 404 for unknown ids', async () => {
    const created = (await post(person())).body;
    expect((await server.request('DELETE', `/api/biographies/${created.id}/`, { token })).status).toBe(204);
    const missing = await server.request('GET', `/api/biographies/${created.id}/`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: messages.biographyNotFound });
  });
});
