import { JSDOM } from 'jsdom';
import { SITE_NAME } from '@/domain/catalogue';
import { messages } from '@/domain/messages';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';
import { daysFromToday } from '../helpers/site-days';

// Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
jest.setTimeout(60_000);

let server: TestServer;
let token: string;
let jpeg: Buffer;
const sections: Record<string, number> = {};

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

async function publish(title: string, section: string, fields: Record<string, string> = {}) {
  const layout = JSON.stringify([
    { id: 'r', cells: [{ id: 'c', type: 'text', columnSpan: 4, content: `<p>Resumen de <em>${title}</em> &amp; más</p>` }] },
  ]);
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title, section_id: String(sections[section]), status: 'published', publish_date: daysFromToday(-1), layout, ...fields },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; featured_image: string };
}

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  for (const [key, title, active] of [
    ['noticias', 'Noticias', true],
    ['revista', 'Revista', true],
    ['talleres', 'Talleres', true],
    ['oculta', 'Oculta', false],
  ] as const) {
    const reply = await server.request('POST', '/api/sections/', { token, json: { title, is_active: active } });
    expect(reply.status).toBe(201);
    sections[key] = reply.body.id;
  }
  for (let i = 1; i <= 22; i++) await publish(`Noticia ${i}`, 'noticias', { publish_date: daysFromToday(-30 + i) });
  await publish('Artículo', 'revista', { publish_date: daysFromToday(-2) });
  await publish('Taller', 'talleres');
  await publish('Escondida', 'oculta');
  await publish('Futura', 'noticias', { publish_date: daysFromToday(10) });
  await publish('Borrador', 'noticias', { status: 'draft' });
});
afterAll(async () => server.close());

/**
 * The parts of an Atom 1.0 document these tests read. jsdom's XML parser refuses a document
 * that is not well-formed, and the root must be Atom's `feed`.
 */
function parseAtomFeed(xml: string) {
  const root = new JSDOM(xml, { contentType: 'application/xml' }).window.document.documentElement;
  expect([root.namespaceURI, root.localName]).toEqual(['http://www.w3.org/2005/Atom', 'feed']);
  const children = (parent: Element, name: string) => [...parent.children].filter((child) => child.localName === name);
  const text = (parent: Element, name: string) => children(parent, name)[0]?.textContent ?? undefined;
  const links = (parent: Element) =>
    children(parent, 'link').map((link) => ({ rel: link.getAttribute('rel') ?? undefined, href: link.getAttribute('href') ?? undefined }));
  return {
    id: text(root, 'id'),
    title: text(root, 'title'),
    updated: text(root, 'updated'),
    authors: children(root, 'author').map((author) => ({ name: text(author, 'name') })),
    links: links(root),
    entries: children(root, 'entry').map((entry) => ({
      id: text(entry, 'id'),
      title: text(entry, 'title'),
      published: text(entry, 'published'),
      updated: text(entry, 'updated'),
      summary: text(entry, 'summary'),
      links: links(entry),
    })),
  };
}

const atom = async (path: string) => {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  return { xml, feed: parseAtomFeed(xml) };
};

describe('/feed.xml', () => {
  it('is valid Atom 1.0 with the latest 20 public publications of every section, newest first', async () => {
    const { xml, feed } = await atom('/feed.xml');
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(feed.id).toBe(`${server.url}/feed.xml`);
    expect(feed.title).toBe(SITE_NAME);
    expect(feed.authors?.[0]?.name).toBe(SITE_NAME);
    expect(feed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${server.url}/feed.xml` }),
        expect.objectContaining({ rel: 'alternate', href: `${server.url}/` }),
      ]),
    );
    const titles = feed.entries.map((entry) => entry.title);
    expect(titles).toHaveLength(20);
    expect(titles.slice(0, 4)).toEqual(['Taller', 'Artículo', 'Noticia 22', 'Noticia 21']);
    for (const hidden of ['Escondida', 'Futura', 'Borrador']) expect(titles).not.toContain(hidden);
    // The feed's `updated` is its newest entry's.
    const updates = feed.entries.map((entry) => Date.parse(String(entry.updated)));
    expect(Date.parse(String(feed.updated))).toBe(Math.max(...updates));
  });

  it('gives each entry a lasting absolute id and link, its dates, a plain summary and its image as an enclosure', async () => {
    const { feed } = await atom('/feed.xml');
    const entry = feed.entries.find((item) => item.title === 'Artículo')!;
    const address = entry.id;
    expect(address).toMatch(new RegExp(`^${server.url}/revista/\\d+$`));
    expect(entry.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ href: address }),
        expect.objectContaining({ rel: 'enclosure', href: expect.stringMatching(new RegExp(`^${server.url}/media/`)) }),
      ]),
    );
    // Midnight of the publication date in SITE_TIME_ZONE, with the zone's offset.
    expect(String(entry.published)).toMatch(new RegExp(`^${daysFromToday(-2)}T00:00:00[+-]\\d{2}:\\d{2}$`));
    expect(Date.parse(String(entry.updated))).toBeGreaterThanOrEqual(Date.parse(String(entry.published)));
    expect(entry.summary).toBe('Resumen de Artículo & más');
  });

  it('has an ETag that a revisit sends back for a 304, and comes compressed', async () => {
    const first = await get('/feed.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/feed.xml', { 'if-none-match': etag })).status).toBe(304);
    const zipped = await get('/feed.xml', { 'accept-encoding': 'br' });
    expect(zipped.headers.get('content-encoding')).toBe('br');
  });

  it('takes in a new publication at once', async () => {
    await publish('Recién publicada', 'noticias', { publish_date: daysFromToday(0) });
    const { feed } = await atom('/feed.xml');
    expect(feed.entries[0].title).toBe('Recién publicada');
  });
});

describe('/feeds/{list}.xml', () => {
  it('has one feed per public list, named by its address, with only that list', async () => {
    const { feed } = await atom('/feeds/revista.xml');
    expect(feed.entries.map((entry) => entry.title)).toEqual(['Artículo']);
    expect(feed.links).toEqual(expect.arrayContaining([expect.objectContaining({ rel: 'alternate', href: `${server.url}/revista` })]));
    const added = await atom('/feeds/talleres.xml');
    expect(added.feed.entries.map((entry) => entry.title)).toEqual(['Taller']);
    const empty = await atom('/feeds/presentacion-magister.xml');
    expect(empty.feed.entries ?? []).toEqual([]);
    expect(empty.feed.updated).toBeTruthy();
  });

  it('answers 404 with the site page for an unknown or hidden list', async () => {
    for (const path of ['/feeds/nada.xml', '/feeds/oculta.xml', '/feeds/presentacion-del-magister.xml', '/feeds/revista.json']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/<div id="?root"?>/);
    }
  });

  it('is announced in the head of the pages the server sends', async () => {
    const home = await (await get('/')).text();
    expect(home).toContain(`<link rel="alternate" type="application/atom+xml" title="${SITE_NAME}" href="/feed.xml" />`);
    const list = await (await get('/revista')).text();
    expect(list).toContain('href="/feeds/revista.xml"');
  });
});

describe('characters XML cannot carry', () => {
  const refused = { title: [messages.controlCharacter] };

  it('are refused in a title: U+FFFE, U+FFFF and a surrogate without its pair', async () => {
    for (const title of ['Antes\uFFFE', 'Antes\uFFFF', 'Antes\uD800', '\uDC00Después']) {
      const section = await server.request('POST', '/api/sections/', { token, json: { title } });
      expect([title, section.status, section.body]).toEqual([title, 400, refused]);
    }
    const form = await server.request('POST', '/api/publications/', {
      token,
      form: formData(
        { title: 'Antes\uFFFF', section_id: String(sections.noticias), status: 'published', publish_date: daysFromToday(-1), layout: '[]' },
        { featured_image: { bytes: jpeg } },
      ),
    });
    expect([form.status, form.body]).toEqual([400, refused]);
    // A character outside the Basic Multilingual Plane is its two surrogates together: text like any other.
    const emoji = await server.request('POST', '/api/sections/', { token, json: { title: 'Talleres 🙂' } });
    expect(emoji.status).toBe(201);
    expect((await server.request('DELETE', `/api/sections/${emoji.body.id}/`, { token })).status).toBe(204);
  });

  it('stored before the rule, break no feed or sitemap, and an edit that keeps them gets the field error', async () => {
    const section = await server.request('POST', '/api/sections/', { token, json: { title: 'Antiguas' } });
    expect(section.status).toBe(201);
    sections.antiguas = section.body.id;
    const publication = await publish('Antigua', 'antiguas');
    // As a row written before the rule holds them: in the title, its section's title and its text.
    const title = 'Anti\uFFFEgua\uFFFF';
    const layout = [{ id: 'r', cells: [{ id: 'c', type: 'text', columnSpan: 4, content: '<p>Texto\uFFFF antiguo\u0000</p>' }] }];
    const { db } = server.services;
    await db
      .updateTable('publications')
      .set({ title, layout: JSON.stringify(layout) })
      .where('id', '=', publication.id)
      .execute();
    await db.updateTable('sections').set({ title: 'Anti\uFFFFguas' }).where('id', '=', sections.antiguas).execute();
    server.services.publicCache.invalidate();

    for (const path of ['/feed.xml', '/feeds/antiguas.xml']) {
      const { feed } = await atom(path);
      expect(feed.entries.find((entry) => entry.id?.endsWith(`/${publication.id}`))).toMatchObject({
        title: 'Antigua',
        summary: 'Texto antiguo',
      });
    }
    expect((await atom('/feeds/antiguas.xml')).feed.title).toBe(`Antiguas · ${SITE_NAME}`);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(new JSDOM(sitemap, { contentType: 'application/xml' }).window.document.documentElement.localName).toBe('urlset');

    // The form sends the title back as stored: the field error, and nothing changes until it is corrected.
    const kept = await server.request('PATCH', `/api/publications/${publication.id}/`, { token, json: { title, is_featured: true } });
    expect([kept.status, kept.body]).toEqual([400, refused]);
    const keptForm = await server.request('PATCH', `/api/publications/${publication.id}/`, { token, form: formData({ title }) });
    expect([keptForm.status, keptForm.body]).toEqual([400, refused]);
    const stored = await server.request('GET', `/api/publications/${publication.id}/`, { token });
    expect([stored.body.title, stored.body.is_featured]).toEqual([title, false]);
    const corrected = await server.request('PATCH', `/api/publications/${publication.id}/`, { token, json: { title: 'Antigua' } });
    expect([corrected.status, corrected.body.title]).toEqual([200, 'Antigua']);
  });
});
