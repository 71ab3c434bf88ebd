import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '@/server/db/database';
import { migrations } from '@/server/db/migrate';
import { formData, freshDatabase, startApiServer, startSignedIn, type TestServer } from '../helpers/api-server';

/**
 * The admin list's title search (GET /api/publications/?search=): any case,
 * with or without accents, for every way a title is written, and for the
 * titles a site had before the search key was stored.
 */

// On PostgreSQL each server starts on a new database, created and migrated: seconds on a busy machine.
jest.setTimeout(30_000);

let server: TestServer;
let token: string;
let jpeg: Buffer;
let sectionId: number;

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  const section = await server.request('POST', '/api/sections/', { token, json: { title: 'Búsquedas' } });
  expect(section.status).toBe(201);
  sectionId = section.body.id;
});
afterAll(async () => server.close());

async function newPublication(title: string) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData({ title, section_id: String(sectionId), publish_date: '2025-05-01' }, { featured_image: { bytes: jpeg } }),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number };
}

/** The titles a search finds in one section, in the list's order; the count must agree. */
async function search(
  term: string,
  where: { target: TestServer; token: string; section: number } = { target: server, token, section: sectionId },
) {
  const query = new URLSearchParams({ search: term, section: String(where.section), omit: 'layout' });
  const reply = await where.target.request('GET', `/api/publications/?${query}`, { token: where.token });
  expect(reply.status).toBe(200);
  const titles = (reply.body.results as { title: string }[]).map((item) => item.title);
  expect(reply.body.count).toBe(titles.length);
  return titles;
}

describe('searching titles', () => {
  beforeAll(async () => {
    // Each new one goes on top: the list's order is the reverse of this one.
    for (const title of ['Educación Emocional', 'EDUCACIÓN en casa', 'Niñez y convivencia', 'Premio 50% TFM', 'Otra cosa'])
      await newPublication(title);
  });

  it('finds a part of the title in any case, with or without its accents', async () => {
    const both = ['EDUCACIÓN en casa', 'Educación Emocional'];
    expect(await search('educacion')).toEqual(both);
    expect(await search('EDUCACIÓN')).toEqual(both);
    expect(await search('Educacio\u0301n')).toEqual(both);
    expect(await search('ninez')).toEqual(['Niñez y convivencia']);
    expect(await search('NIÑEZ Y')).toEqual(['Niñez y convivencia']);
    expect(await search('educación física')).toEqual([]);
  });

  it("takes LIKE's wildcards and the escape character literally", async () => {
    expect(await search('50%')).toEqual(['Premio 50% TFM']);
    expect(await search('%')).toEqual(['Premio 50% TFM']);
    expect(await search('_')).toEqual([]);
    expect(await search('\\')).toEqual([]);
  });

  it('pages what it finds, with the count of all of it', async () => {
    const query = new URLSearchParams({ search: 'EDUCACION', section: String(sectionId), page_size: '1', page: '2' });
    const reply = await server.request('GET', `/api/publications/?${query}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ count: 2, next: null });
    expect(reply.body.results.map((item: { title: string }) => item.title)).toEqual(['Educación Emocional']);
  });

  it('finds a renamed publication by its new title only', async () => {
    const created = await newPublication('Jornada de tutorías');
    const renamed = await server.request('PATCH', `/api/publications/${created.id}/`, {
      token,
      json: { title: 'Congreso de Orientación', version: created.version },
    });
    expect(renamed.status).toBe(200);
    expect(await search('tutorias')).toEqual([]);
    expect(await search('orientacion')).toEqual(['Congreso de Orientación']);
  });

  it('finds a publication again once it is back from the trash', async () => {
    const created = await newPublication('Taller de mediación');
    expect((await server.request('DELETE', `/api/publications/${created.id}/`, { token })).status).toBe(204);
    expect(await search('mediacion')).toEqual([]);
    const entries = await server.request('GET', '/api/trash/?all=true', { token });
    const entry = (entries.body.results as { id: number; kind: string; item_id: number }[]).find(
      (e) => e.kind === 'publication' && e.item_id === created.id,
    );
    expect((await server.request('POST', `/api/trash/${entry!.id}/restore/`, { token })).status).toBe(200);
    expect(await search('MEDIACIÓN')).toEqual(['Taller de mediación']);
  });
});

describe('titles written before the search key was stored', () => {
  it('are found once the server has migrated the database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-search-'));
    const database = await freshDatabase();
    let upgraded: TestServer | undefined;
    let oldSection = 0;
    try {
      // The schema before 2026-11-23-008, and rows written into it.
      const db = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        const { error } = await migrator.migrateTo('2026-11-23-007-revisions-and-activity');
        expect(error).toBeUndefined();
        const now = new Date().toISOString();
        const section = await db
          .insertInto('sections')
          .values({ title: 'Antigua', slug: 'antigua', is_active: 1, order: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [order, title] of ['Convivencia Escolar', 'Semana de la EDUCACIÓN'].entries()) {
          // As that schema took them: without a search key.
          await db
            .insertInto('publications')
            .values({
              title,
              section_id: section.id,
              status: 'draft',
              is_featured: 0,
              layout: '[]',
              order,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        oldSection = section.id;
      } finally {
        await db.destroy();
      }
      upgraded = await startApiServer({}, { dataDir, databaseUrl: database.databaseUrl });
      const where = { target: upgraded, token: await upgraded.adminToken(), section: oldSection };
      expect(await search('educacion', where)).toEqual(['Semana de la EDUCACIÓN']);
      expect(await search('CONVIVENCIA', where)).toEqual(['Convivencia Escolar']);
    } finally {
      await upgraded?.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
