import { messages } from '@/domain/messages';
import { formData, startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
});
afterAll(async () => server.close());

const call = (method: string, path: string, json?: unknown) => server.request(method, path, { token, json });
const create = async (title: string, extra: Record<string, unknown> = {}) => {
  const reply = await call('POST', '/api/sections/', { title, ...extra });
  expect(reply.status).toBe(201);
  return reply.body;
};

describe('sections', () => {
  it('creates a section with a slug made from its title, visible by default, at the end of the list', async () => {
    const first = await create('Presentación del Máster');
    expect(first).toMatchObject({ title: 'Presentación del Máster', slug: 'presentacion-del-master', is_active: true, order: 0 });
    expect(typeof first.id).toBe('number');
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await create('Revista', { is_active: false });
    expect(second).toMatchObject({ slug: 'revista', is_active: false, order: 1 });
  });

  it('makes slugs unique and keeps them when the title changes', async () => {
    const a = await create('Noticias');
    const b = await create('Noticias');
    expect(a.slug).toBe('noticias');
    expect(b.slug).toBe('noticias-2');
    const edited = await call('PATCH', `/api/sections/${a.id}/`, { title: 'Últimas noticias', is_active: false, order: 7 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Últimas noticias', slug: 'noticias', is_active: false, order: 7 });
    expect((await call('GET', `/api/sections/${a.id}/`)).body).toEqual(edited.body);
  });

  it('gives distinct slugs to sections created at the same moment with one title', async () => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/api/sections/', { title: 'Congresos' })));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const slugs = replies.map((r) => r.body.slug).sort();
    expect(slugs).toEqual(['congresos', 'congresos-2', 'congresos-3', 'congresos-4', 'congresos-5']);
    const orders = new Set(replies.map((r) => r.body.order));
    expect(orders.size).toBe(5);
  });

  it('lists in DRF pages sorted by order then id, honouring page, page_size and all', async () => {
    const all = await call('GET', '/api/sections/?page_size=1000&all=true');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body.results.length);
    expect(all.body.next).toBeNull();
    const orders = all.body.results.map((s: { order: number; id: number }) => [s.order, s.id]);
    expect(orders).toEqual([...orders].sort((x, y) => x[0] - y[0] || x[1] - y[1]));

    const page1 = await call('GET', '/api/sections/?page_size=2');
    expect(page1.body.results).toHaveLength(2);
    expect(page1.body.previous).toBeNull();
    expect(page1.body.next).toBe(`${server.url}/api/sections/?page_size=2&page=2`);
    const page2 = await call('GET', '/api/sections/?page_size=2&page=2');
    expect(page2.body.results[0].id).toBe(all.body.results[2].id);
    expect(page2.body.previous).toBe(`${server.url}/api/sections/?page_size=2`);
    expect((await call('GET', '/api/sections/?page=99')).status).toBe(404);
    expect((await call('GET', '/api/sections/?page=abc')).status).toBe(404);
  });

  it('refuses a missing or blank title and values of the wrong type', async () => {
    for (const body of [{}, { title: '   ' }]) {
      const reply = await call('POST', '/api/sections/', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ title: [messages.required] });
    }
    const wrongTypes = await call('POST', '/api/sections/', { title: { a: 1 }, is_active: 'quizá', order: 'primero' });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body).toEqual({
      title: [messages.invalidText],
      is_active: [messages.invalidBoolean],
      order: [messages.invalidInteger],
    });
    const blankEdit = await call('PATCH', '/api/sections/1/', { title: '' });
    expect(blankEdit.body).toEqual({ title: [messages.required] });
  });

  it('answers 400 for malformed JSON and 404 for unknown or non-numeric ids', async () => {
    const malformed = await server.request('POST', '/api/sections/', {
      token,
      raw: { body: '{"title":', contentType: 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: messages.malformedBody });
    for (const path of ['/api/sections/9999/', '/api/sections/abc/', '/api/sections/0/']) {
      const reply = await call('GET', path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ detail: messages.sectionNotFoundDetail });
    }
    expect((await call('PATCH', '/api/sections/9999/', { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', '/api/sections/9999/')).status).toBe(404);
  });

  it('deletes', async () => {
    const section = await create('Efímera');
    const reply = await call('DELETE', `/api/sections/${section.id}/`);
    expect(reply.status).toBe(204);
    expect((await call('GET', `/api/sections/${section.id}/`)).status).toBe(404);
  });

  it('accepts a multipart form as well as JSON', async () => {
    const reply = await server.request('POST', '/api/sections/', {
      token,
      form: formData({ title: 'Por formulario', is_active: 'false' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ title: 'Por formulario', is_active: false });
  });

  it('accepts addresses without the trailing slash', async () => {
    expect((await call('GET', '/api/sections')).status).toBe(200);
  });
});

describe('PATCH /api/sections/reorder/', () => {
  const orderOf = async () =>
    Object.fromEntries(
      ((await call('GET', '/api/sections/?all=true')).body.results as { id: number; order: number }[]).map((s) => [s.id, s.order]),
    );

  it('writes every order and answers the list in its new order', async () => {
    const ids = Object.keys(await orderOf()).map(Number);
    const payload = ids.map((id, index) => ({ id, order: ids.length - 1 - index }));
    const reply = await call('PATCH', '/api/sections/reorder/', payload);
    expect(reply.status).toBe(200);
    expect(reply.body.map((s: { id: number }) => s.id)).toEqual([...ids].reverse());
    expect(await orderOf()).toEqual(Object.fromEntries(payload.map((p) => [p.id, p.order])));
  });

  it('changes nothing when one id is unknown', async () => {
    const before = await orderOf();
    const [firstId] = Object.keys(before).map(Number);
    const reply = await call('PATCH', '/api/sections/reorder/', [
      { id: firstId, order: 99 },
      { id: 424242, order: 0 },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail: messages.reorderUnknownIds });
    expect(await orderOf()).toEqual(before);
  });

  it('refuses payloads that are not a list of {id, order}', async () => {
    for (const payload of [
      {},
      [],
      [{ id: 1 }],
      [{ id: 'a', order: 1 }],
      [{ id: 1, order: -1 }],
      [
        { id: 1, order: 0 },
        { id: 1, order: 1 },
      ],
    ]) {
      const reply = await call('PATCH', '/api/sections/reorder/', payload);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ detail: messages.reorderInvalid });
    }
  });
});
