import { insertBiography } from '@/server/db/biographies-repository';
import { insertPublication } from '@/server/db/publications-repository';
import { insertSection } from '@/server/db/sections-repository';
import { startSignedIn, type TestServer } from '../helpers/api-server';

/**
 * A reorder of one view (a page, or the two rows that swap across a page
 * edge) never leaves two rows with one order value, inside the view or
 * outside it: older data may hold ties, and then the whole list is renumbered
 * in the same transaction, while the request carries only the view
 * (DECISIONS "Ordering and slugs", docs/decisions/141).
 */

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await startSignedIn()));
afterAll(async () => server.close());

const STAMP = '2026-01-01T00:00:00.000Z';

/** Biographies with the given order values, named by their letter; answers their ids by name. */
async function biographies(orders: Record<string, number>): Promise<Record<string, number>> {
  await server.services.db.deleteFrom('biographies').execute();
  const ids: Record<string, number> = {};
  for (const [name, order] of Object.entries(orders)) {
    const row = await insertBiography(server.services.db, {
      name,
      position: 'Docente',
      biography: '',
      email: '',
      linkedin: '',
      photo: null,
      is_active: 1,
      order,
      created_at: STAMP,
      updated_at: STAMP,
    });
    ids[name] = row.id;
  }
  return ids;
}

/** What the server holds: the table in its order (order, then id). */
const stored = (table: 'biographies' | 'publications') =>
  server.services.db.selectFrom(table).select(['id', 'order', 'updated_at']).orderBy('order').orderBy('id').execute();

/** The names as the admin list shows them (the API, every biography). */
async function shownNames(): Promise<string[]> {
  const reply = await server.request('GET', '/api/biographies/?all=true&page_size=1000', { token });
  expect(reply.status).toBe(200);
  return reply.body.results.map((b: { name: string }) => b.name);
}

const reorder = (resource: string, ids: number[]) =>
  server.request('PATCH', `/api/${resource}/reorder/`, { token, json: ids.map((id, order) => ({ id, order })) });

const distinct = (values: number[]) => new Set(values).size === values.length;

describe('a reorder of one view', () => {
  it('with ties inside the view and values next to it, leaves every value distinct and the view in its new sequence', async () => {
    // B, C and D share 1; E and F hold 2 and 3, just where bumping the view's values would land.
    const ids = await biographies({ A: 0, B: 1, C: 1, D: 1, E: 2, F: 3, G: 4 });
    const reply = await reorder('biographies', [ids.D, ids.B, ids.C]);
    expect(reply.status).toBe(200);
    expect(reply.body.map((item: { id: number }) => item.id)).toEqual([ids.D, ids.B, ids.C]);

    const rows = await stored('biographies');
    expect(distinct(rows.map((row) => row.order))).toBe(true);
    expect(await shownNames()).toEqual(['A', 'D', 'B', 'C', 'E', 'F', 'G']);
    // The answer tells the values now stored.
    const orderOf = new Map(rows.map((row) => [row.id, row.order]));
    expect(reply.body).toEqual([ids.D, ids.B, ids.C].map((id) => ({ id, order: orderOf.get(id) })));
  });

  it('when a row of the view shares its value with a row outside it, no tie is left', async () => {
    // The view is C and D (a page); D shares 5 with E, just outside it.
    const ids = await biographies({ A: 1, B: 3, C: 4, D: 5, E: 5, F: 9 });
    expect((await reorder('biographies', [ids.D, ids.C])).status).toBe(200);
    const rows = await stored('biographies');
    expect(distinct(rows.map((row) => row.order))).toBe(true);
    expect(await shownNames()).toEqual(['A', 'B', 'D', 'C', 'E', 'F']);
  });

  it('when ties lie only outside the view, they are gone too, and the rows keep their sequence', async () => {
    // New biographies take order 2 (SPEC §9): X and Y tie far from the view.
    const ids = await biographies({ A: 0, B: 1, X: 2, Y: 2, Z: 2, C: 7 });
    expect((await reorder('biographies', [ids.B, ids.A])).status).toBe(200);
    const rows = await stored('biographies');
    expect(distinct(rows.map((row) => row.order))).toBe(true);
    expect(await shownNames()).toEqual(['B', 'A', 'X', 'Y', 'Z', 'C']);
  });

  it('across a page edge, the two rows that swap change places; without ties no other row is written', async () => {
    const ids = await biographies({ A: 10, B: 20, C: 30, D: 40 });
    const before = await stored('biographies');
    // B ends one page, C starts the next: 'Bajar' on B sends the two of them.
    const reply = await reorder('biographies', [ids.C, ids.B]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: ids.C, order: 20 },
      { id: ids.B, order: 30 },
    ]);
    expect(await shownNames()).toEqual(['A', 'C', 'B', 'D']);
    const after = await stored('biographies');
    const untouched = (rows: typeof before) => rows.filter((row) => row.id === ids.A || row.id === ids.D);
    expect(untouched(after)).toEqual(untouched(before));
  });

  it('a page of a list longer than one request may carry is renumbered whole when it must be, in one go', async () => {
    const db = server.services.db;
    await db.deleteFrom('publications').execute();
    const section = await insertSection(db, {
      title: 'Noticias de prueba',
      slug: `noticias-prueba-${Date.now()}`,
      is_active: 1,
      order: 99,
      created_at: STAMP,
      updated_at: STAMP,
    });
    // 1,500 publications; every tenth pair shares a value, as older data left them.
    const ids: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 1500; index++) {
        const row = await insertPublication(trx, {
          title: `Publicación ${index + 1}`,
          section_id: section.id,
          status: 'published',
          featured_image: null,
          is_featured: 0,
          publish_date: '2026-01-01',
          layout: '[]',
          order: index % 10 === 1 ? index - 1 : index,
          created_at: STAMP,
          updated_at: STAMP,
        });
        ids.push(row.id);
      }
    });
    const sequence = (await stored('publications')).map((row) => row.id);
    // The third page of twenty, turned round.
    const page = sequence.slice(40, 60);
    const reply = await reorder('publications', [...page].reverse());
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(20);

    const after = await stored('publications');
    expect(after).toHaveLength(1500);
    expect(distinct(after.map((row) => row.order))).toBe(true);
    expect(after.map((row) => row.id)).toEqual([...sequence.slice(0, 40), ...[...page].reverse(), ...sequence.slice(60)]);
    // Rows that only took a new number in their place are not marked as edited.
    const moved = new Set(page);
    expect(after.filter((row) => !moved.has(row.id)).every((row) => row.updated_at === STAMP)).toBe(true);
  });
});
