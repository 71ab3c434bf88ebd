import { messages } from '@/domain/messages';
import { todayIso } from '@/server/clock';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';
import { daysFromToday } from '../helpers/site-days';

let server: TestServer;
let token: string;
let jpeg: Buffer;
const ids: Record<string, number> = {};

async function publication(key: string, sectionId: number, extra: Record<string, string> = {}) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title: key, section_id: String(sectionId), status: 'published', publish_date: daysFromToday(-1), ...extra },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  ids[key] = reply.body.id;
}

async function biography(name: string, isActive: boolean) {
  const reply = await server.request('POST', '/api/biographies/', {
    token,
    form: formData({ name, position: 'Docente', biography: 'Bio', is_active: String(isActive) }),
  });
  expect(reply.status).toBe(201);
}

beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
  jpeg = await makeImage();
  const news = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body;
  const hidden = (await server.request('POST', '/api/sections/', { token, json: { title: 'Oculta', is_active: false } })).body;
  // A new section lists by date, newest first: 'hoy' (today) before 'visible' (yesterday), though 'visible' was created last.
  await publication('hoy', news.id, { publish_date: todayIso() });
  await publication('visible', news.id);
  await publication('borrador', news.id, { status: 'draft' });
  await publication('archivada', news.id, { status: 'archived' });
  await publication('futura', news.id, { publish_date: daysFromToday(30) });
  await publication('en-seccion-oculta', hidden.id);
  for (const [name, active] of [
    ['Ana', true],
    ['Bea', false],
    ['Carla', true],
  ] as const)
    await biography(name, active);
});
afterAll(async () => server.close());

const titles = (body: { results: { title?: string; name?: string }[] }) => body.results.map((r) => r.title ?? r.name);

describe('GET /api/public/publications/', () => {
  it('shows only published publications dated today or earlier in visible sections, without auth', async () => {
    const reply = await server.request('GET', '/api/public/publications/?section_slug=noticias');
    expect(reply.status).toBe(200);
    expect(titles(reply.body)).toEqual(['hoy', 'visible']);
    expect(reply.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(reply.body.results[1]).toEqual({
      id: ids.visible,
      title: 'visible',
      section_title: 'Noticias',
      section_slug: 'noticias',
      status: 'published',
      featured_image: expect.stringMatching(/^\/media\/images\//),
      // Uploaded with the publication, so in the library (decision 192), at its default focal point.
      featured_image_focus: { x: 0.5, y: 0.5 },
      is_featured: false,
      publish_date: daysFromToday(-1),
      event: null,
      event_upcoming: null,
      layout: [],
      order: -1,
    });
    expect(titles((await server.request('GET', '/api/public/publications/')).body)).toEqual(['hoy', 'visible']);
    expect((await server.request('GET', '/api/public/publications/?section_slug=oculta')).body.count).toBe(0);
    expect((await server.request('GET', '/api/public/publications/?section_slug=no-existe')).body).toMatchObject({ count: 0, results: [] });
  });

  it('pages with page and page_size', async () => {
    const first = await server.request('GET', '/api/public/publications/?section_slug=noticias&page_size=1');
    expect(first.body).toMatchObject({ count: 2, previous: null });
    expect(first.body.next).toBe(`${server.url}/api/public/publications/?section_slug=noticias&page_size=1&page=2`);
    const second = await server.request('GET', '/api/public/publications/?section_slug=noticias&page_size=1&page=2');
    expect(titles(second.body)).toEqual(['visible']);
    expect((await server.request('GET', '/api/public/publications/?page=3&page_size=1')).status).toBe(404);
  });
});

describe('GET /api/public/publication/{id}/', () => {
  it('answers a public publication', async () => {
    const reply = await server.request('GET', `/api/public/publication/${ids.visible}/`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: ids.visible, section_title: 'Noticias', section_slug: 'noticias' });
  });

  it.each(['borrador', 'archivada', 'futura', 'en-seccion-oculta'])('answers 404 for %s, even to an admin', async (key) => {
    for (const auth of [{}, { token }]) {
      const reply = await server.request('GET', `/api/public/publication/${ids[key]}/`, auth);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ detail: messages.publicationNotFound });
    }
  });
});

describe('GET /api/public/biographies/', () => {
  it('answers the active biographies, whatever an anonymous caller sends', async () => {
    for (const query of ['', '?page_size=100&include_inactive=true']) {
      const reply = await server.request('GET', `/api/public/biographies/${query}`);
      expect(reply.status).toBe(200);
      expect(titles(reply.body)).toEqual(['Ana', 'Carla']);
    }
  });

  it('ignores include_inactive with a garbage token', async () => {
    const reply = await server.request('GET', '/api/public/biographies/?include_inactive=true', { token: 'basura' });
    expect(reply.status).toBe(200);
    expect(titles(reply.body)).toEqual(['Ana', 'Carla']);
  });

  it('includes inactive ones for a signed-in admin who asks', async () => {
    const reply = await server.request('GET', '/api/public/biographies/?page_size=100&include_inactive=true', { token });
    expect(titles(reply.body)).toEqual(['Ana', 'Bea', 'Carla']);
    // ...and an admin who does not ask sees the public list.
    expect(titles((await server.request('GET', '/api/public/biographies/', { token })).body)).toEqual(['Ana', 'Carla']);
  });

  it('pages 100 at a time by default', async () => {
    const reply = await server.request('GET', '/api/public/biographies/?page_size=1&page=2');
    expect(reply.body).toMatchObject({ count: 2, next: null });
    expect(titles(reply.body)).toEqual(['Carla']);
  });
});

describe('the public cache', () => {
  it('shows an admin write at once on the instance that made it', async () => {
    const path = '/api/public/publications/?section_slug=noticias';
    await server.request('GET', path); // cached now
    await server.request('PATCH', `/api/publications/${ids.borrador}/`, { token, form: formData({ status: 'published' }) });
    expect(titles((await server.request('GET', path)).body)).toContain('borrador');
    await server.request('PATCH', `/api/publications/${ids.borrador}/`, { token, form: formData({ status: 'draft' }) });
    expect(titles((await server.request('GET', path)).body)).not.toContain('borrador');
    expect((await server.request('GET', `/api/public/publication/${ids.borrador}/`)).status).toBe(404);
  });

  it('shows a write made through another instance sharing the database within the check interval', async () => {
    const other = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
    try {
      const path = '/api/public/biographies/';
      expect(titles((await server.request('GET', path)).body)).toEqual(['Ana', 'Carla']);
      const otherToken = await other.adminToken();
      const created = await other.request('POST', '/api/biographies/', {
        token: otherToken,
        form: formData({ name: 'Dora', position: 'Docente', biography: 'Bio', order: '9' }),
      });
      expect(created.status).toBe(201);
      // The server's clock moved on by the check interval, rather than waiting it out: the cache
      // checked last at the latest now, so its next answer must come from a new check.
      fakeDateOnly(Date.now() + server.config.cacheCheckIntervalMs);
      expect(titles((await server.request('GET', path)).body)).toEqual(['Ana', 'Carla', 'Dora']);
    } finally {
      jest.useRealTimers();
      await other.close();
    }
  });
});
