import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '@/server/db/database';
import { migrations } from '@/server/db/migrate';
import { freshDatabase, startApiServer, startSignedIn, type TestServer } from '../helpers/api-server';

/**
 * 'Buscar por nombre' in the admin biography list (GET /api/biographies/?search=):
 * any case, with or without accents, as the publication title search, and for
 * the names a site had before the search key was stored.
 */

// On PostgreSQL each server starts on a new database, created and migrated: seconds on a busy machine.
jest.setTimeout(30_000);

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await startSignedIn());
});
afterAll(async () => server.close());

async function newBiography(name: string) {
  const reply = await server.request('POST', '/api/biographies/', { token, json: { name, position: 'Docente', biography: 'Texto.' } });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number };
}

/** The names a search finds, in the list's order; the count must agree. */
async function search(term: string, where: { target: TestServer; token: string } = { target: server, token }) {
  const reply = await where.target.request('GET', `/api/biographies/?${new URLSearchParams({ search: term, all: 'true' })}`, {
    token: where.token,
  });
  expect(reply.status).toBe(200);
  const names = (reply.body.results as { name: string }[]).map((item) => item.name);
  expect(reply.body.count).toBe(names.length);
  return names;
}

describe('searching names', () => {
  beforeAll(async () => {
    for (const name of ['José Martínez', 'MARÍA JOSÉ Núñez', 'Ana 50% López', 'Íñigo Peña']) await newBiography(name);
  });

  it('finds a part of the name in any case, with or without its accents', async () => {
    const both = ['José Martínez', 'MARÍA JOSÉ Núñez'];
    expect(await search('jose')).toEqual(both);
    expect(await search('JOSÉ')).toEqual(both);
    expect(await search('Jose\u0301')).toEqual(both);
    expect(await search('nunez')).toEqual(['MARÍA JOSÉ Núñez']);
    expect(await search('inigo pena')).toEqual(['Íñigo Peña']);
    expect(await search('josé pérez')).toEqual([]);
  });

  it("takes LIKE's wildcards literally, and an empty search lists every biography", async () => {
    expect(await search('50%')).toEqual(['Ana 50% López']);
    expect(await search('_')).toEqual([]);
    expect(await search('  ')).toHaveLength(4);
  });

  it('pages what it finds, with the count of all of it', async () => {
    const reply = await server.request('GET', `/api/biographies/?${new URLSearchParams({ search: 'JOSE', page_size: '1', page: '2' })}`, {
      token,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ count: 2, next: null });
    expect(reply.body.results.map((item: { name: string }) => item.name)).toEqual(['MARÍA JOSÉ Núñez']);
  });

  it('finds a renamed biography by its new name only, and one back from the trash', async () => {
    const created = await newBiography('Pilar Gómez');
    const renamed = await server.request('PATCH', `/api/biographies/${created.id}/`, {
      token,
      json: { name: 'Pilar Ibáñez', version: created.version },
    });
    expect(renamed.status).toBe(200);
    expect(await search('gomez')).toEqual([]);
    expect(await search('ibanez')).toEqual(['Pilar Ibáñez']);

    expect((await server.request('DELETE', `/api/biographies/${created.id}/`, { token })).status).toBe(204);
    expect(await search('ibanez')).toEqual([]);
    const entries = await server.request('GET', '/api/trash/?all=true', { token });
    const entry = (entries.body.results as { id: number; kind: string; item_id: number }[]).find(
      (e) => e.kind === 'biography' && e.item_id === created.id,
    );
    expect((await server.request('POST', `/api/trash/${entry!.id}/restore/`, { token })).status).toBe(200);
    expect(await search('IBÁÑEZ')).toEqual(['Pilar Ibáñez']);
  });
});

describe('names written before the search key was stored', () => {
  it('are found once the server has migrated the database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-biography-search-'));
    const database = await freshDatabase();
    let upgraded: TestServer | undefined;
    try {
      // The schema before 2026-11-24-009, and rows written into it.
      const db = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        const { error } = await migrator.migrateTo('2026-11-23-008-publication-search-key');
        expect(error).toBeUndefined();
        const now = new Date().toISOString();
        for (const [order, name] of ['Rocío Durán', 'TOMÁS Ortega'].entries()) {
          await db
            .insertInto('biographies')
            .values({
              name,
              position: 'Docente',
              biography: 'Texto.',
              email: '',
              linkedin: '',
              photo: null,
              is_active: 1,
              order,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      } finally {
        await db.destroy();
      }
      upgraded = await startApiServer({}, { dataDir, databaseUrl: database.databaseUrl });
      const where = { target: upgraded, token: await upgraded.adminToken() };
      expect(await search('rocio duran', where)).toEqual(['Rocío Durán']);
      expect(await search('tomas', where)).toEqual(['TOMÁS Ortega']);
    } finally {
      await upgraded?.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
