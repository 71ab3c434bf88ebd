import { JSDOM } from 'jsdom';
import { SITE_NAME } from '@/domain/catalogue';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';
import { type DrawnPage, fetchDrawnPage, textOf } from '../helpers/drawn-page';
import { daysFromToday } from '../helpers/site-days';

/**
 * What visitors see of the events (docs/decisions/197), as the server draws it before any script
 * runs: the home page's 'Próximo evento', a list grouped into 'Próximos', 'Anteriores' and 'Otras
 * publicaciones', the event box of a publication's page with its Event in the structured data,
 * and the calendar in the footer. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
jest.setTimeout(60_000);

/** PUBLIC_URL: the structured data's addresses start with it. */
const ORIGIN = 'https://master.example.org';

let server: TestServer;
let token: string;
let imageUrl: string;
const sections: Record<string, number> = {};
/** The publications made below, by title: their id and their event as the public API answers it. */
const made: Record<string, { id: number; event: Record<string, unknown> | null }> = {};

async function publish(section: string, title: string, event?: Record<string, unknown>) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    json: {
      title,
      section_id: sections[section],
      status: 'published',
      publish_date: daysFromToday(-60),
      featured_image: imageUrl,
      layout: [{ id: 'r1', cells: [{ id: 'c1', type: 'text', columnSpan: 2, content: `<p>Todo sobre ${title}.</p>` }] }],
      ...(event && { event }),
    },
  });
  expect(reply.status).toBe(201);
  made[title] = { id: reply.body.id, event: reply.body.event };
}

const page = (address: string) => fetchDrawnPage(`${server.url}${address}`);

/** The home page's 'Próximo evento', or null. */
const nextEventOf = (home: DrawnPage) => home.root.querySelector('section[aria-labelledby="next-event-title"]');

/** The page data the home page carries for the app that takes it over. */
const pageDataOf = (drawn: DrawnPage) =>
  JSON.parse(new JSDOM(drawn.html).window.document.getElementById('datos-de-la-pagina')?.textContent ?? 'null') as {
    reads: { read: { kind: string }; answer: { results: { title: string }[] } }[];
  };

/** The JSON-LD nodes a page carries, each script parsed on its own. */
const structuredDataOf = (drawn: DrawnPage) =>
  [...drawn.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn({ publicUrl: ORIGIN }));
  imageUrl = (await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) })).body.url;
  for (const [key, title, order] of [
    ['noticias', 'Noticias', 'date'],
    ['congresos', 'Congresos', 'event'],
  ] as const) {
    const reply = await server.request('POST', '/api/sections/', { token, json: { title, list_order: order } });
    expect(reply.status).toBe(201);
    sections[key] = reply.body.id;
  }
  await publish('noticias', 'Jornada de acogida');
  await publish('congresos', 'Crónica del curso');
  await publish('congresos', 'Jornada del año pasado', { start: daysFromToday(-40), end: daysFromToday(-39), all_day: true });
});
afterAll(async () => server?.close());

describe('the events the public pages show', () => {
  it('draws no next event on the home page while none is to come, yet carries the answer it asked for', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(nextEventOf(home)).toBeNull();
    expect(home.text).not.toContain('Próximo evento');
    expect(home.text).toContain('Últimas noticias');
    expect(pageDataOf(home).reads.find(({ read }) => read.kind === 'events')?.answer.results).toEqual([]);
  });

  it('draws the soonest event to come above the latest news, in the page and in its data', async () => {
    await publish('congresos', 'Congreso internacional', {
      start: `${daysFromToday(20)}T09:30`,
      end: `${daysFromToday(20)}T18:00`,
      location: 'Facultad de Educación, Aula Magna',
      registration_url: 'https://inscripciones.example.org/congreso',
    });
    await publish('congresos', 'Seminario en línea', {
      start: `${daysFromToday(5)}T17:00`,
      online_url: 'https://directo.example.org/seminario',
    });
    const home = await page('/');
    const next = nextEventOf(home);
    expect(textOf(next?.querySelector('h2'))).toBe('Próximo evento');
    expect([...(next?.querySelectorAll('h3') ?? [])].map((heading) => textOf(heading))).toEqual(['Seminario en línea']);
    expect(next?.querySelector('a')?.getAttribute('href')).toBe(`/congresos/${made['Seminario en línea'].id}`);
    expect(textOf(next?.querySelector('.card__event'))).toMatch(/, 17:00 · En línea$/);
    // Above the latest news.
    const news = home.root.querySelector('section[aria-labelledby="news-title"]');
    expect(next!.compareDocumentPosition(news!) & 4).toBeTruthy();
    // The app takes it over from the answer in the page, without asking for it.
    expect(pageDataOf(home).reads.map(({ read }) => read)).toEqual([
      { kind: 'events', pageSize: 1 },
      { kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: 3 },
    ]);
    expect(pageDataOf(home).reads[0].answer.results.map(({ title }) => title)).toEqual(['Seminario en línea']);
  });

  it("groups a list's cards under 'Próximos', 'Anteriores' and 'Otras publicaciones', each card saying when", async () => {
    const list = await page('/congresos');
    expect(list.status).toBe(200);
    const groups = [...list.root.querySelectorAll('main h2')].map((heading) => {
      const cards = list.root.querySelector(`ul[aria-labelledby="${heading.id}"]`);
      return [textOf(heading), [...(cards?.querySelectorAll(':scope > li h3') ?? [])].map((title) => textOf(title))];
    });
    expect(groups).toEqual([
      ['Próximos', ['Seminario en línea', 'Congreso internacional']],
      ['Anteriores', ['Jornada del año pasado']],
      ['Otras publicaciones', ['Crónica del curso']],
    ]);
    const congress = [...list.root.querySelectorAll('li')].find((item) => item.textContent?.includes('Congreso internacional'));
    expect(textOf(congress?.querySelector('.card__event'))).toMatch(/, 9:30 a 18:00 · Facultad de Educación, Aula Magna$/);
    // A list by date keeps its order and draws no such headings, even when one of its news announces an event.
    await publish('noticias', 'Charla con familias', { start: `${daysFromToday(10)}T18:00`, location: 'Salón de actos' });
    const news = await page('/noticias');
    expect([...news.root.querySelectorAll('main h2')].map((heading) => textOf(heading))).toEqual([
      'Charla con familias',
      'Jornada de acogida',
    ]);
    expect(textOf(news.root.querySelector('.card__event'))).toMatch(/, 18:00 · Salón de actos$/);
    const answer = (await server.request('GET', '/api/public/publications/?section_slug=noticias')).body;
    expect(answer.list_order).toBe('date');
    await server.request('DELETE', `/api/publications/${made['Charla con familias'].id}/`, { token });
  });

  it("draws the event box under the title: when, where, 'Inscribirse', 'Añadir al calendario'", async () => {
    const { id } = made['Congreso internacional'];
    const detail = await page(`/congresos/${id}`);
    const box = detail.root.querySelector('section[aria-labelledby="evento-titulo"]');
    expect(textOf(box?.querySelector('#evento-titulo'))).toBe('Evento');
    const facts = [...(box?.querySelectorAll('dl > div') ?? [])].map((pair) => [
      textOf(pair.querySelector('dt')),
      textOf(pair.querySelector('dd')),
    ]);
    expect(facts).toEqual([
      ['Cuándo', expect.stringMatching(/ de \d{4}, 9:30 a 18:00$/)],
      ['Dónde', 'Facultad de Educación, Aula Magna'],
    ]);
    const links = [...(box?.querySelectorAll('a') ?? [])].map((link) => ({
      text: textOf(link),
      href: link.getAttribute('href'),
      download: link.hasAttribute('download'),
      rel: link.getAttribute('rel'),
    }));
    expect(links).toEqual([
      {
        text: 'Inscribirse (se abre en una pestaña nueva)',
        href: 'https://inscripciones.example.org/congreso',
        download: false,
        rel: 'noopener',
      },
      { text: 'Añadir al calendario', href: `/congresos/${id}/evento.ics`, download: true, rel: null },
    ]);
    // That address is the event's calendar file.
    const file = await fetch(`${server.url}/congresos/${id}/evento.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    await file.arrayBuffer();
  });

  it("says a past event was held, and no longer offers 'Inscribirse'", async () => {
    const detail = await page(`/congresos/${made['Jornada del año pasado'].id}`);
    const box = detail.root.querySelector('section[aria-labelledby="evento-titulo"]');
    expect(textOf(box)).toContain('Este evento ya se celebró.');
    expect([...(box?.querySelectorAll('a') ?? [])].map((link) => textOf(link))).toEqual(['Añadir al calendario']);
    expect(
      (await page(`/congresos/${made['Crónica del curso'].id}`)).root.querySelector('section[aria-labelledby="evento-titulo"]'),
    ).toBeNull();
  });

  it('describes the event in the structured data beside the article: its times as the API answers them, where, and who organises it', async () => {
    const { id, event } = made['Congreso internacional'];
    const nodes = structuredDataOf(await page(`/congresos/${id}`));
    expect(nodes.map((node) => node['@type'])).toEqual(['Article', 'BreadcrumbList', 'Event']);
    const [articleNode, , eventNode] = nodes;
    expect(event?.start).toMatch(/T09:30:00[+-]\d{2}:\d{2}$/);
    expect(eventNode).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Congreso internacional',
      description: 'Todo sobre Congreso internacional.',
      startDate: event?.start,
      endDate: event?.end,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Facultad de Educación, Aula Magna', address: 'Facultad de Educación, Aula Magna' },
      url: `${ORIGIN}/congresos/${id}`,
      image: articleNode.image,
      organizer: articleNode.publisher,
    });
    expect(articleNode.publisher).toEqual({ '@type': 'Organization', name: SITE_NAME, url: `${ORIGIN}/` });

    const online = structuredDataOf(await page(`/congresos/${made['Seminario en línea'].id}`)).find((node) => node['@type'] === 'Event');
    expect(online).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://directo.example.org/seminario' },
    });
    expect(online).not.toHaveProperty('endDate');
    const days = structuredDataOf(await page(`/congresos/${made['Jornada del año pasado'].id}`)).find((node) => node['@type'] === 'Event');
    expect(days).toMatchObject({ startDate: daysFromToday(-40), endDate: daysFromToday(-39) });
    expect(days).not.toHaveProperty('location');
    const none = structuredDataOf(await page(`/congresos/${made['Crónica del curso'].id}`));
    expect(none.map((node) => node['@type'])).toEqual(['Article', 'BreadcrumbList']);
  });

  it("offers the site's calendar in every page's footer, beside the feed", async () => {
    for (const address of ['/', '/congresos', `/congresos/${made['Crónica del curso'].id}`]) {
      const link = (await page(address)).root.querySelector('footer a[href="/calendario.ics"]');
      expect({ address, text: textOf(link), type: link?.getAttribute('type') }).toEqual({
        address,
        text: 'Calendario de eventos (iCal)',
        type: 'text/calendar',
      });
    }
  });
});
