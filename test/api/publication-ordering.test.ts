import { startSignedIn, formData, type TestServer } from '../helpers/api-server';
import { daysFromToday } from '../helpers/site-days';

/**
 * The admin list sorted by a column (GET /api/publications/?ordering=, docs/decisions/200):
 * DRF's values, ties broken by the id, the same order on SQLite and PostgreSQL, with the
 * filters and the pages; an unknown value refused in Spanish.
 */

// On PostgreSQL each server starts on a new database, created and migrated: seconds on a busy machine.
jest.setTimeout(30_000);

let server: TestServer;
let token: string;
let shown: number;
let hidden: number;
let imageUrl: string;

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  shown = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body.id;
  hidden = (await server.request('POST', '/api/sections/', { token, json: { title: 'Archivo interno', is_active: false } })).body.id;
  imageUrl = (await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) })).body.url;

  // Created in this sequence, so their ids ascend in it (ties are broken by the id).
  const rows: [string, string, string | null, number, boolean?][] = [
    ['Zoo', 'published', '2025-01-10', shown, true],
    ['¿Qué es la educación emocional?', 'draft', '2025-03-01', shown],
    ['Árbol de problemas', 'archived', '2024-12-01', shown],
    ['Éxito escolar', 'published', daysFromToday(10), shown],
    ['exito escolar', 'published', '2025-03-01', hidden],
    ['Ñandú', 'draft', '2025-02-01', hidden, true],
    ['Niño', 'published', '2025-04-01', shown],
    ['2026 en cifras', 'archived', '2025-03-01', hidden],
    ['«Convivencia»', 'published', '2025-01-10', hidden],
    ['zapatos', 'draft', '2025-05-05', shown],
  ];
  for (const [title, status, publish_date, section_id, withEvent] of rows) {
    const reply = await server.request('POST', '/api/publications/', {
      token,
      json: {
        title,
        status,
        publish_date,
        section_id,
        featured_image: imageUrl,
        ...(withEvent && { event: { start: '2026-06-01T10:00' } }),
      },
    });
    expect([title, reply.status]).toEqual([title, 201]);
    // The form asks for a date; older rows and imports may lack one ('No publicado').
    if (title === 'Niño')
      await server.services.db.updateTable('publications').set({ publish_date: null }).where('id', '=', reply.body.id).execute();
  }
});
afterAll(async () => server.close());

/** The titles of a list in the order answered, after checking that its count agrees. */
async function titles(query: string): Promise<string[]> {
  const reply = await server.request('GET', `/api/publications/?omit=layout&page_size=100&${query}`, { token });
  expect([query, reply.status]).toEqual([query, 200]);
  const names = (reply.body.results as { title: string }[]).map((item) => item.title);
  expect(reply.body.count).toBe(names.length);
  return names;
}

const MANUAL = [
  'zapatos',
  '«Convivencia»',
  '2026 en cifras',
  'Niño',
  'Ñandú',
  'exito escolar',
  'Éxito escolar',
  'Árbol de problemas',
  '¿Qué es la educación emocional?',
  'Zoo',
];

describe('ordering', () => {
  it('keeps the manual order without one, or with an empty one', async () => {
    expect(await titles('')).toEqual(MANUAL);
    expect(await titles('ordering=')).toEqual(MANUAL);
  });

  it('sorts by the publication date, the undated last either way, ties by id', async () => {
    expect(await titles('ordering=publish_date')).toEqual([
      'Árbol de problemas',
      'Zoo',
      '«Convivencia»',
      'Ñandú',
      '¿Qué es la educación emocional?',
      'exito escolar',
      '2026 en cifras',
      'zapatos',
      'Éxito escolar',
      'Niño',
    ]);
    expect(await titles('ordering=-publish_date')).toEqual([
      'Éxito escolar',
      'zapatos',
      '¿Qué es la educación emocional?',
      'exito escolar',
      '2026 en cifras',
      'Ñandú',
      'Zoo',
      '«Convivencia»',
      'Árbol de problemas',
      'Niño',
    ]);
  });

  it('sorts by the title in any case and with or without accents, leading marks left out, ties by id', async () => {
    const ascending = [
      '2026 en cifras',
      'Árbol de problemas',
      '«Convivencia»',
      'Éxito escolar',
      'exito escolar',
      'Ñandú',
      'Niño',
      '¿Qué es la educación emocional?',
      'zapatos',
      'Zoo',
    ];
    expect(await titles('ordering=title')).toEqual(ascending);
    expect(await titles('ordering=-title')).toEqual([
      'Zoo',
      'zapatos',
      '¿Qué es la educación emocional?',
      'Niño',
      'Ñandú',
      // The same key: the id still ascends.
      'Éxito escolar',
      'exito escolar',
      '«Convivencia»',
      'Árbol de problemas',
      '2026 en cifras',
    ]);
  });

  it("sorts by the shown status: Borrador, Programado, Publicado (a hidden section's and the undated too), Archivado; ties by id", async () => {
    expect(await titles('ordering=status')).toEqual([
      '¿Qué es la educación emocional?',
      'Ñandú',
      'zapatos',
      'Éxito escolar',
      'Zoo',
      'exito escolar',
      'Niño',
      '«Convivencia»',
      'Árbol de problemas',
      '2026 en cifras',
    ]);
    expect(await titles('ordering=-status')).toEqual([
      'Árbol de problemas',
      '2026 en cifras',
      'Zoo',
      'exito escolar',
      'Niño',
      '«Convivencia»',
      'Éxito escolar',
      '¿Qué es la educación emocional?',
      'Ñandú',
      'zapatos',
    ]);
  });

  it('combines with the section, the status, the search and the event filters', async () => {
    expect(await titles(`ordering=title&section=${shown}`)).toEqual([
      'Árbol de problemas',
      'Éxito escolar',
      'Niño',
      '¿Qué es la educación emocional?',
      'zapatos',
      'Zoo',
    ]);
    expect(await titles('ordering=-title&status=draft')).toEqual(['zapatos', '¿Qué es la educación emocional?', 'Ñandú']);
    expect(await titles('ordering=-publish_date&search=EXITO')).toEqual(['Éxito escolar', 'exito escolar']);
    expect(await titles('ordering=-publish_date&with_event=true')).toEqual(['Ñandú', 'Zoo']);
    expect(await titles(`ordering=status&section=${hidden}&status=published`)).toEqual([]);
  });

  it('pages the sorted list: the pages put together are the whole list, and the links keep the order', async () => {
    const whole = await titles('ordering=-status');
    const pages: string[] = [];
    let next: string | null = `/api/publications/?omit=layout&page_size=3&ordering=-status`;
    while (next) {
      const reply = await server.request('GET', next.replace(/^https?:\/\/[^/]+/, ''), { token });
      expect(reply.status).toBe(200);
      expect(reply.body.count).toBe(10);
      pages.push(...(reply.body.results as { title: string }[]).map((item) => item.title));
      next = reply.body.next as string | null;
      if (next) expect(new URL(next).searchParams.get('ordering')).toBe('-status');
    }
    expect(pages).toEqual(whole);
    const second = await server.request('GET', '/api/publications/?omit=layout&page_size=4&page=2&ordering=title', { token });
    expect((second.body.results as { title: string }[]).map((item) => item.title)).toEqual([
      'exito escolar',
      'Ñandú',
      'Niño',
      '¿Qué es la educación emocional?',
    ]);
  });

  it('refuses a value it does not know, in Spanish, on the field', async () => {
    for (const value of ['fecha', 'order', 'id', '-', 'title,id', 'TITLE', '--title']) {
      const reply = await server.request('GET', `/api/publications/?ordering=${encodeURIComponent(value)}`, { token });
      expect([value, reply.status]).toEqual([value, 400]);
      expect(reply.body.ordering).toEqual(['Elija uno de estos órdenes: publish_date, -publish_date, title, -title, status, -status.']);
    }
  });
});
