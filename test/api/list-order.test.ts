import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateTo } from '@/server/backup/schema';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { cardTitles, fetchDrawnPage } from '../helpers/drawn-page';
import { freshDatabase, startSignedIn, type RequestOptions, type TestServer } from '../helpers/api-server';

/**
 * The order of a section's public list, 'Orden de la lista' (docs/decisions/196): by date,
 * featured first; by hand, featured first; or as events. Runs on SQLite, and on PostgreSQL
 * when DATABASE_URL is set.
 */

let server: TestServer;
let token: string;
let imageUrl: string;

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'portada.jpg');
  imageUrl = (await server.request('POST', '/api/upload-image/', { token, form })).body.url;
});
afterAll(async () => server.close());

const call = (method: string, pathName: string, options: RequestOptions = {}) => server.request(method, pathName, { token, ...options });

/** A section with four public publications: two of them featured, their dates and drag order crossed. */
async function sectionWithFour(title: string, listOrder?: string) {
  const created = await call('POST', '/api/sections/', { json: { title, ...(listOrder && { list_order: listOrder }) } });
  expect(created.status).toBe(201);
  const section = created.body as { id: number; slug: string; list_order: string };
  // Created oldest date first, so the dragged order (each new one on top) is the reverse of the ids.
  for (const [name, date, featured] of [
    ['Marzo', '2026-03-10', false],
    ['Enero destacada', '2026-01-10', true],
    ['Octubre', '2026-10-10', false],
    ['Mayo destacada', '2026-05-10', true],
  ] as const) {
    const reply = await call('POST', '/api/publications/', {
      json: {
        title: name,
        section_id: section.id,
        status: 'published',
        publish_date: date,
        is_featured: featured,
        featured_image: imageUrl,
      },
    });
    expect(reply.status).toBe(201);
  }
  return section;
}

const publicTitles = async (slug: string) =>
  ((await server.request('GET', `/api/public/publications/?section_slug=${slug}`)).body.results as { title: string }[]).map(
    (one) => one.title,
  );

describe("a section's 'Orden de la lista'", () => {
  it('is by date for a new section: featured first, then newest first, on the API and the page the server draws', async () => {
    const section = await sectionWithFour('Por fecha');
    expect(section.list_order).toBe('date');
    const expected = ['Mayo destacada', 'Enero destacada', 'Octubre', 'Marzo'];
    expect(await publicTitles(section.slug)).toEqual(expected);
    const page = await fetchDrawnPage(`${server.url}/${section.slug}`);
    expect(cardTitles(page, 'Publicaciones de Por fecha')).toEqual(expected);
  });

  it("is the dragged order by hand, featured first; 'event' leaves 'Destacado' aside; the choice is kept by an edit that does not send it", async () => {
    const section = await sectionWithFour('A mano', 'manual');
    expect(section.list_order).toBe('manual');
    expect(await publicTitles(section.slug)).toEqual(['Mayo destacada', 'Enero destacada', 'Octubre', 'Marzo']);
    const publications = (await call('GET', `/api/publications/?section=${section.id}&page_size=10`)).body.results as {
      id: number;
      title: string;
    }[];
    const id = (title: string) => publications.find((one) => one.title === title)?.id;
    const reordered = await call('PATCH', '/api/publications/reorder/', {
      json: ['Marzo', 'Enero destacada', 'Octubre', 'Mayo destacada'].map((title, order) => ({ id: id(title), order })),
    });
    expect(reordered.status).toBe(200);
    expect(await publicTitles(section.slug)).toEqual(['Enero destacada', 'Mayo destacada', 'Marzo', 'Octubre']);

    const renamed = await call('PATCH', `/api/sections/${section.id}/`, { json: { title: 'A mano, renombrada' } });
    expect(renamed.body.list_order).toBe('manual');
    const events = await call('PATCH', `/api/sections/${section.id}/`, { json: { list_order: 'event' } });
    expect(events.status).toBe(200);
    expect(events.body.list_order).toBe('event');
    // No publication has an event yet: all of them are 'the rest', newest first, featured or not.
    expect(await publicTitles(section.slug)).toEqual(['Octubre', 'Mayo destacada', 'Marzo', 'Enero destacada']);
    // Historial says what changed.
    const revisions = (await call('GET', `/api/sections/${section.id}/revisions/`)).body;
    const changes = JSON.stringify(Array.isArray(revisions) ? revisions : revisions.results);
    expect(changes).toContain('Orden de la lista: Manual, como en el panel → Eventos, próximos primero');
  });

  it('refuses an order it does not know, changing nothing', async () => {
    const created = await call('POST', '/api/sections/', { json: { title: 'Orden raro', list_order: 'alfabetico' } });
    expect(created.status).toBe(400);
    expect(Object.keys(created.body)).toEqual(['list_order']);
    const listed = (await call('GET', '/api/sections/')).body as { title: string }[];
    expect(
      (Array.isArray(listed) ? listed : (listed as unknown as { results: { title: string }[] }).results).map((one) => one.title),
    ).not.toContain('Orden raro');
  });
});

it('migration 024 orders the presentation by hand, the congresses as events and every other section by date', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-list-order-'));
  const database = await freshDatabase();
  const db = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
  const at = new Date().toISOString();
  try {
    await migrateTo(db, '2026-12-05-023-media-adoption');
    for (const [order, slug] of ['presentacion-del-magister', 'congresos', 'noticias', 'talleres'].entries()) {
      await db.insertInto('sections').values({ title: slug, slug, is_active: 1, order, created_at: at, updated_at: at }).execute();
    }
    await migrateToLatest(db);
    const rows = await db.selectFrom('sections').select(['slug', 'list_order']).orderBy('order').execute();
    expect(rows).toEqual([
      { slug: 'presentacion-del-magister', list_order: 'manual' },
      { slug: 'congresos', list_order: 'event' },
      { slug: 'noticias', list_order: 'date' },
      { slug: 'talleres', list_order: 'date' },
    ]);
  } finally {
    await db.destroy();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
