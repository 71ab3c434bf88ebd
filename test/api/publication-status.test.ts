import { todayIso } from '@/server/clock';
import { formData, startSignedIn, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';
import { daysFromToday } from '../helpers/site-days';

/**
 * The admin list's status filter (GET /api/publications/?status=) and the
 * shown status each answer carries: computed by the server with the rule the
 * public site applies, so that 'published' is exactly what visitors see today.
 */

let server: TestServer;
let token: string;
let jpeg: Buffer;
let visible: number;
let hidden: number;

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  visible = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body.id;
  hidden = (await server.request('POST', '/api/sections/', { token, json: { title: 'Archivo interno', is_active: false } })).body.id;
});
afterAll(async () => server.close());

async function publication(title: string, fields: { status: string; publish_date?: string; section?: number }) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      {
        title,
        section_id: String(fields.section ?? visible),
        status: fields.status,
        ...(fields.publish_date && { publish_date: fields.publish_date }),
      },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
  return reply.body.id as number;
}

/** The titles of a filtered list, in its order, after checking that its count agrees. */
async function titles(query: string, target: TestServer = server, bearer: string = token): Promise<string[]> {
  const reply = await target.request('GET', `/api/publications/?omit=layout&${query}`, { token: bearer });
  expect(reply.status).toBe(200);
  const names = (reply.body.results as { title: string }[]).map((item) => item.title);
  expect(reply.body.count).toBe(names.length);
  return names.sort();
}

describe('status filter', () => {
  beforeAll(async () => {
    await publication('Borrador fechado mañana', { status: 'draft', publish_date: daysFromToday(1) });
    await publication('Archivada', { status: 'archived', publish_date: daysFromToday(-30) });
    await publication('Publicada ayer', { status: 'published', publish_date: daysFromToday(-1) });
    await publication('Publicada hoy', { status: 'published', publish_date: todayIso() });
    await publication('Programada mañana', { status: 'published', publish_date: daysFromToday(1) });
    // The form asks a published publication for a date; older rows and imports may lack one.
    const undated = await publication('Sin fecha', { status: 'published', publish_date: daysFromToday(-2) });
    await server.services.db.updateTable('publications').set({ publish_date: null }).where('id', '=', undated).execute();
    await publication('Oculta publicada', { status: 'published', publish_date: daysFromToday(-1), section: hidden });
    await publication('Oculta programada', { status: 'published', publish_date: daysFromToday(3), section: hidden });
  });

  it("answers each shown status, 'published' being exactly what the public sees today", async () => {
    expect(await titles('status=draft')).toEqual(['Borrador fechado mañana']);
    expect(await titles('status=archived')).toEqual(['Archivada']);
    expect(await titles('status=scheduled')).toEqual(['Oculta programada', 'Programada mañana']);
    expect(await titles('status=published')).toEqual(['Publicada ayer', 'Publicada hoy']);
    const seen = await server.request('GET', '/api/public/publications/?page_size=100');
    expect((seen.body.results as { title: string }[]).map((item) => item.title).sort()).toEqual(['Publicada ayer', 'Publicada hoy']);
    expect(await titles('status=')).toHaveLength(8);
  });

  it('combines with the section and the search, and pages the filtered rows', async () => {
    expect(await titles(`status=scheduled&section=${hidden}`)).toEqual(['Oculta programada']);
    expect(await titles(`status=published&section=${hidden}`)).toEqual([]);
    expect(await titles('status=published&search=AYER')).toEqual(['Publicada ayer']);
    const first = await server.request('GET', '/api/publications/?omit=layout&status=scheduled&page_size=1', { token });
    expect(first.body.count).toBe(2);
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).toContain('status=scheduled');
  });

  it('carries the shown status in every item and in the detail', async () => {
    const list = await server.request('GET', '/api/publications/?omit=layout&page_size=100', { token });
    const states = Object.fromEntries(
      (list.body.results as { title: string; public_state: unknown }[]).map((p) => [p.title, p.public_state]),
    );
    expect(states['Programada mañana']).toEqual({
      status: 'scheduled',
      scheduled_for: daysFromToday(1),
      section_hidden: false,
      undated: false,
      is_public: false,
    });
    expect(states['Sin fecha']).toMatchObject({ status: 'published', undated: true, is_public: false });
    expect(states['Oculta publicada']).toMatchObject({ status: 'published', section_hidden: true, is_public: false });
    expect(states['Publicada hoy']).toMatchObject({ status: 'published', is_public: true });
    expect(states['Borrador fechado mañana']).toMatchObject({ status: 'draft', scheduled_for: null });

    const id = (list.body.results as { id: number; title: string }[]).find((p) => p.title === 'Programada mañana')!.id;
    const detail = await server.request('GET', `/api/publications/${id}/`, { token });
    expect(detail.body.public_state).toMatchObject({ status: 'scheduled', scheduled_for: daysFromToday(1) });
    expect(detail.body.status).toBe('published');
  });

  it('refuses a status it does not know, in Spanish', async () => {
    const reply = await server.request('GET', '/api/publications/?status=public', { token });
    expect(reply.status).toBe(400);
    expect(reply.body.status[0]).toMatch(/^Elija uno de estos estados/);
  });
});

describe("at the site's midnight", () => {
  // 23:59:30 on 15 January 2030 in Madrid (UTC+1 in winter) is 22:59:30 UTC; 00:00:05
  // on the 16th in Madrid is still the 15th in UTC.
  const BEFORE_MIDNIGHT = Date.UTC(2030, 0, 15, 22, 59, 30);
  const AFTER_MIDNIGHT = Date.UTC(2030, 0, 15, 23, 0, 5);

  afterEach(() => jest.useRealTimers());

  it("a publication dated tomorrow becomes 'Publicado' with no write, as the public site shows it", async () => {
    fakeDateOnly(BEFORE_MIDNIGHT);
    // A token issued at the faked time, so that its expiry is read on the same clock.
    const bearer = (await server.request('POST', '/api/token/', { json: TEST_ADMIN })).body.access as string;
    const section = (await server.request('POST', '/api/sections/', { token: bearer, json: { title: 'Medianoche' } })).body.id as number;
    const created = await server.request('POST', '/api/publications/', {
      token: bearer,
      form: formData(
        { title: 'Crónica de mañana', section_id: String(section), status: 'published', publish_date: '2030-01-16' },
        { featured_image: { bytes: jpeg } },
      ),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const version = created.body.version as number;

    expect(await titles(`section=${section}&status=scheduled`, server, bearer)).toEqual(['Crónica de mañana']);
    expect(await titles(`section=${section}&status=published`, server, bearer)).toEqual([]);
    expect((await server.request('GET', `/api/publications/${id}/`, { token: bearer })).body.public_state.status).toBe('scheduled');

    fakeDateOnly(AFTER_MIDNIGHT);
    expect(await titles(`section=${section}&status=scheduled`, server, bearer)).toEqual([]);
    expect(await titles(`section=${section}&status=published`, server, bearer)).toEqual(['Crónica de mañana']);
    const detail = await server.request('GET', `/api/publications/${id}/`, { token: bearer });
    expect(detail.body.public_state).toMatchObject({ status: 'published', is_public: true });
    // Nothing was written: the same version, and the public site agrees.
    expect(detail.body.version).toBe(version);
    expect((await server.request('GET', `/api/public/publication/${id}/`)).status).toBe(200);
  });
});
