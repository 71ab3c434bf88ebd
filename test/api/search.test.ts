import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@/domain/messages';
import { Detail } from '@/domain/schemas/common';
import { FACULTY_SEARCH_LIMIT, searchTexts } from '@/domain/site-search';
import { buildApp } from '@/server/app';
import { todayIso } from '@/server/clock';
import { loadConfig } from '@/server/config';
import { migrateToLatest } from '@/server/db/migrate';
import { badRequest } from '@/server/http/api-error';
import { fakeClientBuild, formData, freshDatabase, startSignedIn, TEST_SECRET, type TestServer } from '../helpers/api-server';
import { daysFromToday } from '../helpers/site-days';

// Runs on SQLite, and on PostgreSQL when DATABASE_URL is set: the same queries must find the same publications in the same order.
jest.setTimeout(60_000);

let server: TestServer;
let token: string;
let jpeg: Buffer;
const sections: Record<string, number> = {};
const ids: Record<string, number> = {};

const textLayout = (...texts: string[]) =>
  JSON.stringify([{ id: 'r1', cells: texts.map((content, i) => ({ id: `c${i}`, type: 'text', columnSpan: 1, content })) }]);

async function publish(key: string, section: string, title: string, fields: Record<string, string> = {}) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      {
        title,
        section_id: String(sections[section]),
        status: 'published',
        publish_date: daysFromToday(-10),
        layout: '[]',
        ...fields,
      },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect([reply.status, reply.body]).toEqual([201, expect.objectContaining({ title })]);
  ids[key] = reply.body.id;
  return reply.body;
}

const search = (q: string, extra = '') => server.request('GET', `/api/public/search/?q=${encodeURIComponent(q)}${extra}`);
const found = async (q: string) => {
  const reply = await search(q);
  expect(reply.status).toBe(200);
  return (reply.body.results as { id: number }[]).map((hit) => Object.entries(ids).find(([, id]) => id === hit.id)?.[0] ?? hit.id);
};

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  for (const [key, title, active] of [
    ['noticias', 'Noticias', true],
    ['revista', 'Revista de Convivencia', true],
    ['oculta', 'Oculta', false],
  ] as const) {
    const reply = await server.request('POST', '/api/sections/', { token, json: { title, is_active: active } });
    expect(reply.status).toBe(201);
    sections[key] = reply.body.id;
  }
  await publish('regulacion', 'revista', 'Regulación emocional en el aula', {
    layout: textLayout('<p>Un artículo sobre la <strong>emoción</strong> y su regulación en la escuela.</p>'),
    publish_date: daysFromToday(-5),
  });
  await publish('jornada', 'noticias', 'Jornada de puertas abiertas', {
    layout: textLayout('<p>Hablaremos de emociones y de educación.</p>'),
    publish_date: daysFromToday(-1),
  });
  await publish('educacion', 'noticias', 'EDUCACIÓN en familia', { publish_date: daysFromToday(-3) });
  await publish('borrador', 'noticias', 'Emociones en borrador', { status: 'draft' });
  await publish('archivada', 'noticias', 'Emociones archivadas', { status: 'archived' });
  await publish('futura', 'noticias', 'Emociones del mañana', { publish_date: daysFromToday(30) });
  await publish('oculta', 'oculta', 'Emociones escondidas');
});
afterAll(async () => server.close());

describe('GET /api/public/search/', () => {
  it('finds without accents or case what is written with them, and the other way round', async () => {
    // 'EDUCACIÓN en familia' holds it in its title: first, though older than the other.
    expect(await found('educacion')).toEqual(['educacion', 'jornada']);
    expect(await found('EDUCACIÓN')).toEqual(['educacion', 'jornada']);
  });

  it('finds the other forms of a word (Spanish stemming): emociones finds emoción', async () => {
    expect(await found('emociones')).toEqual(['jornada', 'regulacion']);
    expect(await found('emoción')).toEqual(['jornada', 'regulacion']);
  });

  it('searches only what the public lists show: no draft, archived, future or hidden-section publication', async () => {
    const all = await found('emociones');
    for (const hidden of ['borrador', 'archivada', 'futura', 'oculta']) expect(all).not.toContain(hidden);
  });

  it('puts title matches first, then the newest publication date', async () => {
    // 'regulación' is in the title of one and in the text of the other; by date alone the other would lead.
    await publish('regulacion-texto', 'noticias', 'Taller para familias', {
      layout: textLayout('<p>La regulación del conflicto.</p>'),
      publish_date: daysFromToday(-2),
    });
    expect(await found('regulacion')).toEqual(['regulacion', 'regulacion-texto']);
    const reply = await search('regulacion');
    expect(reply.body.results.map((hit: { title_match: boolean }) => hit.title_match)).toEqual([true, false]);
  });

  it('matches the section title, and needs every word somewhere', async () => {
    expect(await found('convivencia')).toEqual(['regulacion']);
    expect(await found('convivencia emociones')).toEqual(['regulacion']);
    expect(await found('familia')).toContain('educacion');
    expect(await found('puertas emociones')).toEqual(['jornada']);
    expect(await found('puertas regulación')).toEqual([]);
  });

  it('marks the matched words in a snippet of the original text, escaped', async () => {
    const reply = await search('emociones');
    const jornada = reply.body.results.find((hit: { id: number }) => hit.id === ids.jornada);
    expect(jornada.snippet).toBe('Hablaremos de <mark>emociones</mark> y de educación.');
    expect(jornada).toMatchObject({ title: 'Jornada de puertas abiertas', section_title: 'Noticias', section_slug: 'noticias' });
  });

  it('answers in DRF page shape, says what was searched, and is not for search engines', async () => {
    const reply = await search('  educación  ');
    expect(reply.body).toMatchObject({ count: 2, next: null, previous: null, query: 'educación', truncated: false });
    expect(reply.headers.get('x-robots-tag')).toBe('noindex');
    expect(reply.headers.get('etag')).toBeTruthy();
  });

  it('cuts a query past 100 characters or 8 words, and says so', async () => {
    const long = await search('educación uno dos tres cuatro cinco seis siete ocho nueve');
    expect(long.body).toMatchObject({ query: 'educación uno dos tres cuatro cinco seis siete', truncated: true });
    const longer = await search('e'.repeat(150));
    expect(longer.body.query).toHaveLength(100);
    expect(longer.body.truncated).toBe(true);
  });

  it('asks for at least 2 characters', async () => {
    for (const q of ['', 'a', '  b  ']) {
      const reply = await search(q);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ detail: searchTexts.tooShort });
    }
  });

  it('refuses a control character in q or in any parameter, and a repeated q, with the field error', async () => {
    for (const [query, field] of [
      ['q=emoci%00n', 'q'],
      ['q=%7F', 'q'],
      ['q=emociones&page=%01', 'page'],
      ['q=emociones&utm_source=%00', 'utm_source'],
    ]) {
      const reply = await server.request('GET', `/api/public/search/?${query}`);
      expect([query, reply.status, reply.body]).toEqual([query, 400, { [field]: [messages.controlCharacter] }]);
    }
    const repeated = await server.request('GET', '/api/public/search/?q=emociones&q=familia');
    expect([repeated.status, repeated.body]).toEqual([400, { q: [messages.invalidText] }]);
  });

  it('finds nothing for words too common to search', async () => {
    const reply = await search('de la');
    expect(reply.body).toMatchObject({ count: 0, results: [] });
  });

  it('pages twelve at a time with next and previous links; past the last page is 404', async () => {
    for (let i = 0; i < 13; i++)
      await publish(`serie-${i}`, 'noticias', `Serie ${i} de convivencia escolar`, { publish_date: daysFromToday(-20 - i) });
    const first = await search('escolar');
    expect(first.body.count).toBe(13);
    expect(first.body.results).toHaveLength(12);
    expect(first.body.next).toContain('page=2');
    const second = await search('escolar', '&page=2');
    expect(second.body.results).toHaveLength(1);
    expect(second.body.previous).toBeTruthy();
    expect((await search('escolar', '&page=3')).status).toBe(404);
  });

  it('keeps title matches first across pages: a page can end them and go on with the newest others', async () => {
    // Ten hold the word in the title, five (all newer) in the text only.
    for (let i = 0; i < 10; i++) await publish(`titulo-${i}`, 'noticias', `Tutoría ${i}`, { publish_date: daysFromToday(-40 - i) });
    for (let i = 0; i < 5; i++)
      await publish(`texto-${i}`, 'noticias', `Otra ${i}`, {
        layout: textLayout('<p>Sobre la tutoría.</p>'),
        publish_date: daysFromToday(-2 - i),
      });
    const first = await search('tutoria');
    expect(first.body.count).toBe(15);
    const keyOf = (hit: { id: number }) => Object.entries(ids).find(([, id]) => id === hit.id)?.[0];
    expect(first.body.results.map(keyOf)).toEqual([...Array.from({ length: 10 }, (_, i) => `titulo-${i}`), 'texto-0', 'texto-1']);
    expect(first.body.results.map((hit: { title_match: boolean }) => hit.title_match)).toEqual([...Array(10).fill(true), false, false]);
    const second = await search('tutoria', '&page=2');
    expect(second.body.results.map(keyOf)).toEqual(['texto-2', 'texto-3', 'texto-4']);
  });

  it('comes compressed, and a repeat with its ETag is a 304', async () => {
    const reply = await server.request('GET', '/api/public/search/?q=escolar', { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.status).toBe(200);
    const raw = await fetch(`${server.url}/api/public/search/?q=escolar`, { headers: { 'accept-encoding': 'br' } });
    expect(raw.headers.get('content-encoding')).toBe('br');
    // fetch undoes the compression itself.
    expect(((await raw.json()) as { count: number }).count).toBe(13);
    const again = await server.request('GET', '/api/public/search/?q=escolar', {
      headers: { 'if-none-match': reply.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe("the faculty ('Cuerpo docente')", () => {
  const people: Record<string, number> = {};
  const person = async (key: string, name: string, position: string, is_active = true) => {
    const reply = await server.request('POST', '/api/biographies/', {
      token,
      json: { name, position, biography: `Biografía de ${name}.`, is_active },
    });
    expect([key, reply.status]).toEqual([key, 201]);
    people[key] = reply.body.id;
  };
  /** The keys of the people an answer names, in its order, after checking each one's address. */
  const faculty = async (q: string) => {
    const reply = await search(q);
    expect(reply.status).toBe(200);
    const hits = reply.body.faculty as { id: number; name: string; position: string; url: string }[];
    for (const hit of hits) expect(hit.url).toBe(`/cuerpo-docente#docente-${hit.id}`);
    return hits.map((hit) => Object.entries(people).find(([, id]) => id === hit.id)?.[0] ?? hit.id);
  };

  beforeAll(async () => {
    await person('carlos', 'Carlos Gómez', 'Colaborador del grupo de Ruiz');
    await person('lucia', 'Lucía Fernández Núñez', 'Coordinadora del Máster');
    await person('pablo', 'Pablo Ortega', 'Profesor de Psicología Evolutiva');
    await person('ana', 'Ana Ruiz', 'Tutora de prácticas');
    await person('marta', 'Marta Fernandez', 'Investigadora en convivencia escolar', false);
  });

  it('finds an active member by name, with or without accents and in any case, with their card', async () => {
    expect(await faculty('fernandez')).toEqual(['lucia']);
    expect(await faculty('LUCIA NUÑEZ')).toEqual(['lucia']);
    const reply = await search('Fernández');
    expect(reply.body.faculty).toEqual([
      {
        id: people.lucia,
        name: 'Lucía Fernández Núñez',
        position: 'Coordinadora del Máster',
        url: `/cuerpo-docente#docente-${people.lucia}`,
      },
    ]);
    expect(reply.body.faculty_count).toBe(1);
  });

  it('finds by position, stemmed as publications are, and needs every word in the name or the position', async () => {
    expect(await faculty('psicologia')).toEqual(['pablo']);
    expect(await faculty('coordinadoras')).toEqual(['lucia']);
    expect(await faculty('lucía máster')).toEqual(['lucia']);
    expect(await faculty('pablo máster')).toEqual([]);
  });

  it('puts those found by name before those found by position', async () => {
    expect(await faculty('ruiz')).toEqual(['ana', 'carlos']);
  });

  it('never finds an inactive member, by name or by position', async () => {
    expect(await faculty('marta')).toEqual([]);
    expect(await faculty('investigadora')).toEqual([]);
  });

  it('keeps the answer of publications as it was: the faculty beside it, even when no publication matches', async () => {
    const reply = await search('ortega');
    expect(reply.body).toMatchObject({ count: 0, results: [], next: null, previous: null, query: 'ortega', truncated: false });
    expect(reply.body.faculty).toHaveLength(1);
    const both = await search('emociones');
    expect(both.body.count).toBeGreaterThan(0);
    expect(both.body).toMatchObject({ faculty: [], faculty_count: 0 });
  });

  it(`answers at most ${FACULTY_SEARCH_LIMIT} people and how many were found`, async () => {
    for (let n = 1; n <= FACULTY_SEARCH_LIMIT + 1; n += 1) await person(`asociado${n}`, `Docente ${n}`, 'Profesorado asociado');
    const reply = await search('asociado');
    expect(reply.body.faculty).toHaveLength(FACULTY_SEARCH_LIMIT);
    expect(reply.body.faculty_count).toBe(FACULTY_SEARCH_LIMIT + 1);
    expect(reply.body.faculty[0].id).toBe(people.asociado1);
  });
});

describe('the index follows every write', () => {
  it('an edit of the title or the text is found at once, and the old words no longer', async () => {
    const created = await publish('editada', 'noticias', 'Mindfulness');
    expect(await found('mindfulness')).toEqual(['editada']);
    const reply = await server.request('PATCH', `/api/publications/${created.id}/`, {
      token,
      form: formData({ title: 'Atención plena', layout: textLayout('<p>Respiración consciente</p>') }),
    });
    expect(reply.status).toBe(200);
    expect(await found('mindfulness')).toEqual([]);
    expect(await found('atencion')).toEqual(['editada']);
    expect(await found('respiracion')).toEqual(['editada']);
  });

  it('trash takes it out at once, a restore brings it back, a purge removes it for good', async () => {
    await publish('papelera', 'noticias', 'Resiliencia docente');
    expect(await found('resiliencia')).toEqual(['papelera']);
    expect((await server.request('DELETE', `/api/publications/${ids.papelera}/`, { token })).status).toBe(204);
    expect(await found('resiliencia')).toEqual([]);
    const trash = await server.request('GET', '/api/trash/?all=true', { token });
    const entry = trash.body.results.find((item: { label: string }) => item.label === 'Resiliencia docente');
    const restored = await server.request('POST', `/api/trash/${entry.id}/restore/`, { token });
    expect(restored.status).toBeLessThan(300);
    expect(await found('resiliencia')).toHaveLength(1);
    const again = await server.request('GET', '/api/publications/?all=true', { token });
    const back = again.body.results.find((item: { title: string }) => item.title === 'Resiliencia docente');
    expect((await server.request('DELETE', `/api/publications/${back.id}/`, { token })).status).toBe(204);
    const trashAgain = await server.request('GET', '/api/trash/?all=true', { token });
    const second = trashAgain.body.results.find((item: { label: string }) => item.label === 'Resiliencia docente');
    expect((await server.request('DELETE', `/api/trash/${second.id}/`, { token })).status).toBe(204);
    expect(await found('resiliencia')).toEqual([]);
  });

  it('a change of date, section or status, by one edit or a bulk action, is followed at once, order included', async () => {
    const older = await publish('seguida-antigua', 'noticias', 'Autorregulación en infantil', { publish_date: daysFromToday(-20) });
    const newer = await publish('seguida-nueva', 'noticias', 'Autorregulación en primaria', { publish_date: daysFromToday(-2) });
    expect(await found('autorregulacion')).toEqual(['seguida-nueva', 'seguida-antigua']);
    const edit = async (id: number, fields: Record<string, string>) => {
      const reply = await server.request('PATCH', `/api/publications/${id}/`, { token, form: formData(fields) });
      expect([reply.status, reply.body.detail]).toEqual([200, undefined]);
      return reply.body as { id: number; version: number };
    };
    const bulk = async (action: string, item: { id: number; version: number }, sectionId?: number) => {
      const reply = await server.request('POST', '/api/publications/bulk/', {
        token,
        json: { action, items: [{ id: item.id, version: item.version }], ...(sectionId ? { section_id: sectionId } : {}) },
      });
      expect([reply.status, reply.body.refused]).toEqual([200, []]);
      return reply.body.changed[0] as { id: number; version: number };
    };

    // Dated after the other: it leads. Dated tomorrow: not public yet.
    await edit(older.id, { publish_date: daysFromToday(-1) });
    expect(await found('autorregulacion')).toEqual(['seguida-antigua', 'seguida-nueva']);
    await edit(older.id, { publish_date: daysFromToday(1) });
    expect(await found('autorregulacion')).toEqual(['seguida-nueva']);

    // Into a hidden section and back, by an edit and by a bulk move.
    let item = await edit(newer.id, { section_id: String(sections.oculta) });
    expect(await found('autorregulacion')).toEqual([]);
    item = await bulk('move', item, sections.noticias);
    expect(await found('autorregulacion')).toEqual(['seguida-nueva']);

    // A draft, then published again, in bulk: the date it had is kept.
    item = await bulk('draft', item);
    expect(await found('autorregulacion')).toEqual([]);
    await bulk('publish', item);
    expect(await found('autorregulacion')).toEqual(['seguida-nueva']);

    // The oldest date a publication may have (the year 0000, which PostgreSQL's dates have not) comes last.
    await edit(older.id, { publish_date: '0000-06-15' });
    expect(await found('autorregulacion')).toEqual(['seguida-nueva', 'seguida-antigua']);
  });

  it('hiding a section hides its publications from the search at once', async () => {
    await publish('de-seccion', 'revista', 'Neuroeducación');
    expect(await found('neuroeducacion')).toEqual(['de-seccion']);
    const hide = await server.request('PATCH', `/api/sections/${sections.revista}/`, { token, json: { is_active: false } });
    expect(hide.status).toBe(200);
    expect(await found('neuroeducacion')).toEqual([]);
    await server.request('PATCH', `/api/sections/${sections.revista}/`, { token, json: { is_active: true } });
    expect(await found('neuroeducacion')).toEqual(['de-seccion']);
  });

  it('a scheduled publication is found from its midnight in SITE_TIME_ZONE, with no write', async () => {
    const before = process.env.SITE_TIME_ZONE;
    // Kiritimati's day starts 25 hours before Pago Pago's: a publication dated today there is tomorrow's in Pago Pago.
    process.env.SITE_TIME_ZONE = 'Pacific/Pago_Pago';
    try {
      await publish('programada', 'noticias', 'Coeducación', { publish_date: todayIso(new Date(), 'Pacific/Kiritimati') });
      expect(await found('coeducacion')).toEqual([]);
      process.env.SITE_TIME_ZONE = 'Pacific/Kiritimati';
      expect(await found('coeducacion')).toEqual(['programada']);
    } finally {
      if (before === undefined) delete process.env.SITE_TIME_ZONE;
      else process.env.SITE_TIME_ZONE = before;
    }
  });
});

describe('an answer its route does not declare', () => {
  // The search's 400 declared a detail only: its field errors failed to serialise and left as a 500 that nothing logged.
  it('is logged at error level with its route, whether the handler or the error handler wrote it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-serialisation-'));
    const database = await freshDatabase();
    const clientDir = path.join(dataDir, 'client');
    await fakeClientBuild(clientDir);
    const lines: string[] = [];
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET, CLIENT_DIR: clientDir }),
      databaseUrl: database.databaseUrl,
    };
    const { app, services } = await buildApp(config, { logStream: { write: (line: string) => void lines.push(line) } });
    // Two routes that answer what they do not declare: field errors where a detail is declared, and a 200 of another shape.
    app.get('/api/prueba/rechazo/', { schema: { response: { 400: Detail } } }, async () => {
      throw badRequest({ q: [messages.controlCharacter] });
    });
    app.get('/api/prueba/respuesta/', { schema: { response: { 200: Detail } } }, async () => ({ results: [] }));
    try {
      await migrateToLatest(services.db);
      for (const url of ['/api/prueba/rechazo/', '/api/prueba/respuesta/']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(500);
      }
      const errors = lines.map((line) => JSON.parse(line) as { level: number; route?: string }).filter((entry) => entry.level >= 50);
      expect(errors.map((entry) => entry.route)).toEqual(
        expect.arrayContaining(['GET /api/prueba/rechazo/', 'GET /api/prueba/respuesta/']),
      );
    } finally {
      await app.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
