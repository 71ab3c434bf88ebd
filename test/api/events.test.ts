import ICAL from 'ical.js';
import { messages } from '@/domain/messages';
import { formData, startSignedIn, type RequestOptions, type TestServer } from '../helpers/api-server';
import { fakeDateOnly } from '../helpers/fake-date';
import { daysFromToday } from '../helpers/site-days';

/**
 * A publication's event (docs/decisions/197): its times in the site's zone (Europe/Madrid in
 * the tests) whatever the clocks do, its rules, and the lists that read it. Runs on SQLite,
 * and on PostgreSQL when DATABASE_URL is set.
 */

let server: TestServer;
let token: string;
let imageUrl: string;

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  imageUrl = (await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) })).body.url;
});
afterAll(async () => server.close());

const call = (method: string, pathName: string, options: RequestOptions = {}) => server.request(method, pathName, { token, ...options });

let sectionId: number;
let sectionSlug: string;
beforeAll(async () => {
  const created = await call('POST', '/api/sections/', { json: { title: 'Jornadas', list_order: 'event' } });
  expect(created.status).toBe(201);
  ({ id: sectionId, slug: sectionSlug } = created.body);
});

const publicationBody = (title: string, event: unknown, extra: Record<string, unknown> = {}) => ({
  title,
  section_id: sectionId,
  status: 'published',
  publish_date: daysFromToday(-30),
  featured_image: imageUrl,
  ...(event !== undefined && { event }),
  ...extra,
});

async function create(title: string, event: unknown, extra: Record<string, unknown> = {}) {
  const reply = await call('POST', '/api/publications/', { json: publicationBody(title, event, extra) });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; version: number; event: Record<string, unknown> | null };
}

const countAll = async () => (await call('GET', '/api/publications/?omit=layout&page_size=1')).body.count as number;

const timed = (start: string, extra: Record<string, unknown> = {}) => ({ start, ...extra });

describe("a publication's event", () => {
  it('is answered with the site zone offset of its moment, in admin and public answers, and a change of the clocks never moves it', async () => {
    const winter = await create('Seminario de invierno', {
      start: '2026-03-12T09:30',
      end: '2026-03-12T13:00:00',
      location: '  Facultad de Educación, Aula Magna ',
      registration_url: 'https://inscripciones.example.org/seminario',
    });
    expect(winter.event).toEqual({
      start: '2026-03-12T09:30:00+01:00',
      end: '2026-03-12T13:00:00+01:00',
      all_day: false,
      location: 'Facultad de Educación, Aula Magna',
      online_url: null,
      registration_url: 'https://inscripciones.example.org/seminario',
    });
    // The Sunday the clocks go forward, and the one they go back: 10:00 stays 10:00.
    const spring = await create('El día del cambio de hora', timed('2026-03-29T10:00'));
    expect(spring.event?.start).toBe('2026-03-29T10:00:00+02:00');
    const autumn = await create('El otro cambio de hora', timed('2026-10-25T10:00:00+01:00'));
    expect(autumn.event?.start).toBe('2026-10-25T10:00:00+01:00');

    const detail = await call('GET', `/api/publications/${spring.id}/`);
    expect(detail.body.event.start).toBe('2026-03-29T10:00:00+02:00');
    const open = await server.request('GET', `/api/public/publication/${winter.id}/`);
    expect(open.body.event).toEqual(winter.event);
    expect(typeof open.body.event_upcoming).toBe('boolean');
    const plain = await create('Sin evento', undefined);
    expect(plain.event).toBeNull();
    expect((await server.request('GET', `/api/public/publication/${plain.id}/`)).body).toMatchObject({ event: null, event_upcoming: null });
  });

  it('refuses a time the clocks skip, an offset the zone does not have then, and an end before the start, with Spanish field errors, saving nothing', async () => {
    const before = await countAll();
    const refused = async (event: unknown) => {
      const reply = await call('POST', '/api/publications/', { json: publicationBody('No se guarda', event) });
      expect(reply.status).toBe(400);
      return reply.body as Record<string, string[]>;
    };
    expect((await refused(timed('2026-03-29T02:30')))['event.start']).toEqual([messages.eventTimeSkipped]);
    expect((await refused(timed('2026-07-01T10:00:00+01:00')))['event.start']).toEqual([messages.eventWrongOffset('+02:00')]);
    expect((await refused(timed('2026-07-01T10:00:00Z')))['event.start']).toEqual([messages.eventWrongOffset('+02:00')]);
    // The hour repeated in autumn has both offsets.
    expect((await refused(timed('2026-10-25T02:30:00-05:00')))['event.start']).toEqual([messages.eventWrongOffset('+02:00 o +01:00')]);
    expect((await refused(timed('2026-05-04T10:00', { end: '2026-05-04T09:59' })))['event.end']).toEqual([
      'La fecha de fin no puede ser anterior al inicio',
    ]);
    expect((await refused({ start: '2026-05-06', end: '2026-05-04', all_day: true }))['event.end']).toEqual([messages.eventEndBeforeStart]);
    expect((await refused({ start: '2026-05-04T10:00', all_day: true }))['event.start']).toEqual([messages.invalidDate]);
    expect((await refused(timed('2026-02-30T10:00')))['event.start']).toEqual([messages.eventInvalidDateTime]);
    expect((await refused({ end: '2026-05-04T10:00' }))['event.start']).toEqual([messages.eventStartRequired]);
    expect((await refused({ start: ' ' }))['event.start']).toEqual([messages.eventStartRequired]);
    expect((await refused(timed('2026-05-04T10:00', { online_url: 'javascript:alert(1)' })))['event.online_url']).toEqual([
      messages.invalidUrl,
    ]);
    expect((await refused(timed('2026-05-04T10:00', { location: 'x'.repeat(201) })))['event.location']).toEqual([messages.tooLong(200)]);
    expect(await countAll()).toBe(before);
  });

  it('lasts whole days with dates only, its end the last day', async () => {
    const congress = await create('Congreso de tres días', {
      start: '2026-05-04',
      end: '2026-05-06',
      all_day: true,
      online_url: 'https://emision.example.org',
    });
    expect(congress.event).toMatchObject({
      start: '2026-05-04',
      end: '2026-05-06',
      all_day: true,
      location: null,
      online_url: 'https://emision.example.org',
    });
  });

  it('travels in multipart as JSON text; an edit without it keeps it, null removes it, and Historial and a restore keep it', async () => {
    const made = await server.request('POST', '/api/publications/', {
      token,
      form: formData({
        title: 'Jornada en multipart',
        section_id: String(sectionId),
        status: 'published',
        publish_date: daysFromToday(-3),
        featured_image: imageUrl,
        event: JSON.stringify({ start: '2026-06-10T17:00', location: 'Salón de actos' }),
      }),
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body.event).toMatchObject({ start: '2026-06-10T17:00:00+02:00', location: 'Salón de actos' });

    const renamed = await server.request('PATCH', `/api/publications/${id}/`, {
      token,
      form: formData({ title: 'Jornada, nuevo título' }),
    });
    expect(renamed.body.event).toEqual(made.body.event);
    const moved = await call('PATCH', `/api/publications/${id}/`, {
      json: { event: { start: '2026-06-11T17:00', location: 'Salón de actos' } },
    });
    expect(moved.body.event.start).toBe('2026-06-11T17:00:00+02:00');
    const removed = await server.request('PATCH', `/api/publications/${id}/`, { token, form: formData({ event: 'null' }) });
    expect(removed.status).toBe(200);
    expect(removed.body.event).toBeNull();

    const history = (await call('GET', `/api/publications/${id}/revisions/`)).body.results as { id: number; summary: string[] }[];
    expect(history[0].summary).toContain('Evento quitado');
    expect(history[1].summary).toContain('Evento');
    const restored = await call('POST', `/api/publications/${id}/revisions/${history[1].id}/restore/`, {
      json: { version: removed.body.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.event).toEqual(moved.body.event);

    const badJson = await server.request('PATCH', `/api/publications/${id}/`, { token, form: formData({ event: '{"start":' }) });
    expect(badJson.status).toBe(400);
    expect(badJson.body.event).toEqual([messages.eventInvalid]);
    const unknownKey = await call('PATCH', `/api/publications/${id}/`, { json: { event: { start: '2026-06-11T17:00', sala: 'A' } } });
    expect(unknownKey.status).toBe(400);
  });

  it('a bulk action keeps it', async () => {
    const made = await create('Jornada en lote', timed('2026-09-17T11:00', { location: 'Aula 3' }));
    const bulk = await call('POST', '/api/publications/bulk/', {
      json: { action: 'draft', items: [{ id: made.id, version: made.version }] },
    });
    expect(bulk.status).toBe(200);
    const after = (await call('GET', `/api/publications/${made.id}/`)).body;
    expect(after.status).toBe('draft');
    expect(after.event).toEqual(made.event);
  });
});

describe("a section whose list is in the events' order", () => {
  it("shows upcoming events soonest first, then past ones latest first, then the rest newest first; the split moves at the site's midnight", async () => {
    const { id: sectionOfOwn, slug } = (await call('POST', '/api/sections/', { json: { title: 'Agenda', list_order: 'event' } })).body;
    const add = async (title: string, event: unknown, publishDate: string, featured = false) => {
      const reply = await call('POST', '/api/publications/', {
        json: { ...publicationBody(title, event, { publish_date: publishDate, is_featured: featured }), section_id: sectionOfOwn },
      });
      expect(reply.status).toBe(201);
    };
    await add('Noticia reciente', undefined, daysFromToday(-1), true);
    await add('Pasado lejano', timed(`${daysFromToday(-60)}T10:00`), daysFromToday(-90));
    await add('En dos semanas', timed(`${daysFromToday(14)}T10:00`), daysFromToday(-20));
    await add('Hoy, todo el día', { start: daysFromToday(0), all_day: true }, daysFromToday(-20));
    await add('Mañana', timed(`${daysFromToday(1)}T18:30`), daysFromToday(-20));
    await add('Ayer', timed(`${daysFromToday(-1)}T10:00`), daysFromToday(-20));
    await add('Noticia antigua', undefined, daysFromToday(-40));
    const titles = async () =>
      (
        (await server.request('GET', `/api/public/publications/?section_slug=${slug}`)).body.results as {
          title: string;
          event_upcoming: boolean | null;
        }[]
      ).map((one) => `${one.title}${one.event_upcoming === null ? '' : one.event_upcoming ? ' (próximo)' : ' (pasado)'}`);
    expect(await titles()).toEqual([
      'Hoy, todo el día (próximo)',
      'Mañana (próximo)',
      'En dos semanas (próximo)',
      'Ayer (pasado)',
      'Pasado lejano (pasado)',
      'Noticia reciente',
      'Noticia antigua',
    ]);

    // Two days later in Madrid: today's and tomorrow's are past now.
    const inTwoDays = new Date(`${daysFromToday(2)}T12:00:00Z`).getTime();
    try {
      fakeDateOnly(inTwoDays);
      expect(await titles()).toEqual([
        'En dos semanas (próximo)',
        'Mañana (pasado)',
        'Hoy, todo el día (pasado)',
        'Ayer (pasado)',
        'Pasado lejano (pasado)',
        'Noticia reciente',
        'Noticia antigua',
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("answers the site's upcoming public events, soonest first, never a draft's or a hidden section's", async () => {
    const hidden = (await call('POST', '/api/sections/', { json: { title: 'Oculta', is_active: false } })).body;
    await create('Borrador con evento', timed(`${daysFromToday(3)}T10:00`), { status: 'draft' });
    await call('POST', '/api/publications/', {
      json: { ...publicationBody('En sección oculta', timed(`${daysFromToday(2)}T10:00`)), section_id: hidden.id },
    });
    const answer = (await server.request('GET', '/api/public/events/?page_size=100')).body;
    const titles = (answer.results as { title: string }[]).map((one) => one.title);
    expect(titles).not.toContain('Borrador con evento');
    expect(titles).not.toContain('En sección oculta');
    expect(titles).not.toContain('Ayer');
    const starts = (answer.results as { event: { start: string } }[]).map((one) => one.event.start);
    expect(starts).toEqual([...starts].sort());
    expect(titles.indexOf('Hoy, todo el día')).toBeLessThan(titles.indexOf('Mañana'));
  });
});

describe('the calendar files', () => {
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
  const eventsOf = (calendar: ICAL.Component) => calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

  it('/calendario.ics holds every public event of the last twelve months and the future, in the site zone, with ETag and 304', async () => {
    const layout = [
      {
        id: 'r1',
        cells: [{ id: 'c1', type: 'text', columnSpan: 1, content: '<p>Ponencias; talleres, y <strong>mesa redonda</strong>.</p>' }],
      },
    ];
    const { id } = await create(
      'Congreso, edición de primavera',
      timed(`${Number(daysFromToday(0).slice(0, 4)) + 1}-03-29T10:00`, {
        end: `${Number(daysFromToday(0).slice(0, 4)) + 1}-03-29T14:30`,
        location: 'Aula Magna; Facultad de Educación',
        online_url: 'https://emision.example.org/directo',
        registration_url: 'https://inscripciones.example.org/congreso',
      }),
      { layout },
    );
    await create('Borrador del calendario', timed(`${daysFromToday(5)}T10:00`), { status: 'draft' });
    await create('Hace dos años', timed(`${daysFromToday(-730)}T10:00`));

    const reply = await fetch(`${server.url}/calendario.ics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await reply.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Madrid');
    const events = eventsOf(calendar);
    const titles = events.map((event) => event.summary);
    expect(titles).not.toContain('Borrador del calendario');
    expect(titles).not.toContain('Hace dos años');
    expect(titles).toContain('Ayer');
    const congress = events.find((event) => event.summary === 'Congreso, edición de primavera') as ICAL.Event;
    expect(congress.uid).toMatch(new RegExp(`^publicacion-${id}@`));
    expect(congress.location).toBe('Aula Magna; Facultad de Educación');
    expect(congress.description).toContain('Ponencias; talleres, y mesa redonda.');
    expect(congress.description).toContain('Inscripción: https://inscripciones.example.org/congreso');
    expect(String(congress.component.getFirstPropertyValue('url'))).toMatch(new RegExp(`/jornadas/${id}$`));
    expect(congress.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Madrid');
    expect(congress.component.getFirstProperty('dtstamp')).toBeTruthy();
    // The Sunday the clocks go forward: 10:00 in Madrid is 08:00 UTC.
    const start = congress.startDate.convertToZone(ICAL.Timezone.utcTimezone);
    expect([start.hour, start.minute]).toEqual([8, 0]);
    const end = congress.endDate.convertToZone(ICAL.Timezone.utcTimezone);
    expect([end.hour, end.minute]).toEqual([12, 30]);
    const wholeDays = events.find((event) => event.summary === 'Hoy, todo el día') as ICAL.Event;
    expect(wholeDays.startDate.isDate).toBe(true);
    expect(wholeDays.startDate.toString()).toBe(daysFromToday(0));
    expect(wholeDays.endDate.toString()).toBe(daysFromToday(1));

    const etag = reply.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect((await fetch(`${server.url}/calendario.ics`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it("'Añadir al calendario' downloads one public event; a publication without one, or under another address, is not found", async () => {
    const { id } = await create('Defensa de trabajos', timed(`${daysFromToday(9)}T16:00`, { location: 'Sala de grados' }));
    const reply = await fetch(`${server.url}/${sectionSlug}/${id}/evento.ics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="evento-${id}.ics"`);
    const events = eventsOf(parse(await reply.text()));
    expect(events.map((event) => event.summary)).toEqual(['Defensa de trabajos']);
    expect(events[0].location).toBe('Sala de grados');
    const again = await fetch(`${server.url}/${sectionSlug}/${id}/evento.ics`);
    expect(again.headers.get('content-disposition')).toBe(`attachment; filename="evento-${id}.ics"`);

    const plain = await create('Sin evento que añadir', undefined);
    expect((await fetch(`${server.url}/${sectionSlug}/${plain.id}/evento.ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/noticias/${id}/evento.ics`)).status).toBe(404);
    const draft = await create('Evento en borrador', timed(`${daysFromToday(9)}T16:00`), { status: 'draft' });
    expect((await fetch(`${server.url}/${sectionSlug}/${draft.id}/evento.ics`)).status).toBe(404);
  });

  it('is announced in the head of the pages the server draws', async () => {
    const html = await (await fetch(`${server.url}/${sectionSlug}`)).text();
    expect(html).toContain('<link rel="alternate" type="text/calendar" title="Calendario de eventos" href="/calendario.ics" />');
  });
});

describe('in the panel', () => {
  it("filters the admin list by 'Con evento', and the dashboard lists the next events, archived ones left out", async () => {
    const coming = await create('Próxima jornada del panel', timed(`${daysFromToday(4)}T09:00`), { status: 'draft' });
    const archived = await create('Jornada archivada', timed(`${daysFromToday(2)}T09:00`), { status: 'archived' });
    const withEvent = (await call('GET', `/api/publications/?omit=layout&page_size=1000&with_event=true`)).body.results as {
      id: number;
      event: unknown;
    }[];
    expect(withEvent.length).toBeGreaterThan(0);
    expect(withEvent.every((one) => one.event !== null)).toBe(true);
    expect(withEvent.map((one) => one.id)).toContain(coming.id);
    const all = (await call('GET', '/api/publications/?omit=layout&page_size=1000')).body.count as number;
    expect(all).toBeGreaterThan(withEvent.length);
    expect((await call('GET', '/api/publications/?with_event=quizas')).status).toBe(400);

    const dashboard = (await call('GET', '/api/dashboard/')).body;
    const upcoming = dashboard.upcoming_events as { id: number; title: string; event: { start: string } }[];
    expect(upcoming.map((one) => one.id)).not.toContain(archived.id);
    const starts = upcoming.map((one) => one.event.start);
    expect(starts).toEqual([...starts].sort());
    expect(upcoming.length).toBeLessThanOrEqual(5);
    expect(upcoming[0].event.start >= `${daysFromToday(0)}`).toBe(true);
  });
});
