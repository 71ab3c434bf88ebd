import { formData, startApiServer, startSignedIn, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import {
  cardsOf,
  cardTitles,
  type DrawnPage,
  fetchDrawnPage,
  headingOf,
  navigation,
  NOT_FOUND_HEADING,
  PUBLICATION_NOT_FOUND_HEADING,
  textOf,
} from '../helpers/drawn-page';
import { fakeDateOnly } from '../helpers/fake-date';

/**
 * Every public page arrives drawn by the server (plugins/spa.ts, client/site/server-render.tsx):
 * what a visitor reads is in the HTML's #root before any script runs. Kept pages (the home page,
 * the lists, a publication, the faculty) come from the public cache with an ETag, are the same
 * page whatever tracking tags the address carries, and are forgotten at every content write, at
 * the site's midnight, and on another instance within its check interval; a private preview's
 * page is drawn for each request and never kept.
 *
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
jest.setTimeout(60_000);

let server: TestServer;
let token: string;
let imageUrl: string;

/** The publications and teachers made below, by title and name; the sections, by slug. */
const ids: Record<string, number> = {};
const sections: Record<string, number> = {};

/** The publication's first text cell, as its author wrote it. */
const FIRST_CELL = '<p>Primera celda: la <strong>convivencia</strong> empieza por escuchar.</p>';
const FIRST_CELL_TEXT = 'Primera celda: la convivencia empieza por escuchar.';

const textCell = (id: string, content: string) => ({ id, type: 'text', columnSpan: 2, content });

async function newSection(title: string): Promise<{ id: number; slug: string }> {
  const reply = await server.request('POST', '/api/sections/', { token, json: { title } });
  expect(reply.status).toBe(201);
  sections[reply.body.slug] = reply.body.id;
  return reply.body;
}

async function publish(sectionSlug: string, title: string, fields: Record<string, unknown> = {}, bearer = token): Promise<number> {
  const reply = await server.request('POST', '/api/publications/', {
    token: bearer,
    json: {
      title,
      section_id: sections[sectionSlug],
      status: 'published',
      publish_date: '2024-01-10',
      featured_image: imageUrl,
      layout: [],
      ...fields,
    },
  });
  expect(reply.status).toBe(201);
  ids[title] = reply.body.id;
  return reply.body.id;
}

async function newBiography(name: string, position: string, biography: string): Promise<number> {
  const reply = await server.request('POST', '/api/biographies/', { token, form: formData({ name, position, biography }) });
  expect(reply.status).toBe(201);
  ids[name] = reply.body.id;
  return reply.body.id;
}

/** A public page of this test's server (or another's), as a browser asks for it. */
const page = (address: string, headers: Record<string, string> = {}, base = server.url) => fetchDrawnPage(`${base}${address}`, headers);

/** The latest news the home page draws below the fold. */
const latestNewsTitles = (shown: DrawnPage) =>
  [...shown.root.querySelectorAll('section[aria-labelledby="news-title"] li h3')].map((heading) => textOf(heading));

/**
 * `shown` is the page `kept`, byte for byte; what a reader sees of each is compared first, so
 * that a failure says what differs rather than printing two whole pages.
 */
function expectSamePage(address: string, shown: DrawnPage, kept: DrawnPage) {
  const seen = (drawn: DrawnPage) => ({
    address,
    status: drawn.status,
    heading: headingOf(drawn),
    navigation: navigation(drawn),
    etag: drawn.headers.get('etag'),
  });
  expect(seen(shown)).toEqual(seen(kept));
  expect({ address, sameBytes: shown.html === kept.html }).toEqual({ address, sameBytes: true });
}

/** The titles the public API lists for one page of a section, in its order. */
async function apiTitles(sectionSlug: string, pageNumber = 1): Promise<string[]> {
  const reply = await server.request('GET', `/api/public/publications/?section_slug=${sectionSlug}&page=${pageNumber}&page_size=12`);
  expect(reply.status).toBe(200);
  return (reply.body.results as { title: string }[]).map((publication) => publication.title);
}

beforeAll(async () => {
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  const uploaded = await server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: jpeg } }) });
  expect(uploaded.status).toBe(201);
  imageUrl = uploaded.body.url;

  // The five lists the site always has, by the slugs their list pages read, and one an administrator added.
  for (const [title, slug] of [
    ['Presentación del Magíster', 'presentacion-del-magister'],
    ['Revista', 'revista'],
    ['Congresos', 'congresos'],
    ['Media', 'media'],
    ['Noticias', 'noticias'],
    ['Talleres', 'talleres'],
  ]) {
    expect((await newSection(title)).slug).toBe(slug);
  }
  await publish('presentacion-del-magister', 'Plan de estudios del curso 2024-2025');
  await publish('revista', 'Revista de convivencia, número 7');
  await publish('revista', 'Revista de convivencia, número 8');
  await publish('congresos', 'Congreso de educación emocional en Sevilla');
  await publish('media', 'Vídeo: la asamblea de clase');
  await publish('talleres', 'Taller de mediación escolar');
  await publish('talleres', 'Taller de escucha activa');
  // Thirteen news, so that the list has a second page; each new one goes to the top of its list.
  for (let n = 1; n <= 12; n++) await publish('noticias', `Noticia número ${n}`, { publish_date: `2024-02-${String(n).padStart(2, '0')}` });
  await publish('noticias', 'Convivencia en el aula', {
    publish_date: '2024-03-05',
    layout: [{ id: 'r1', cells: [textCell('c1', FIRST_CELL)] }],
  });
  // Not public: a draft.
  await publish('noticias', 'Borrador sin publicar', { status: 'draft' });
  await newBiography('Ana Martínez Ruiz', 'Coordinadora del máster', 'Maestra e investigadora en convivencia escolar.');
  await newBiography('Carlos Pérez Gil', 'Profesor de psicología', 'Especialista en regulación emocional.');
});
afterAll(async () => server?.close());

describe('what a visitor reads is in the page the server drew', () => {
  it('the home page: its sections, the latest news with their dates, and the added section in the navigation', async () => {
    const shown = await page('/');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Educar las emociones para convivir mejor');
    expect(shown.text).toContain('Explora el máster');
    expect(shown.text).toContain('Últimas noticias');
    expect(latestNewsTitles(shown)).toEqual((await apiTitles('noticias')).slice(0, 3));
    expect(latestNewsTitles(shown)[0]).toBe('Convivencia en el aula');
    expect(shown.text).toContain('5 de marzo de 2024');
    // The added section takes its place after the five.
    expect(navigation(shown)).toEqual([
      'Inicio',
      'Presentación magíster',
      'Cuerpo docente',
      'Revista',
      'Congresos',
      'Media',
      'Noticias',
      'Talleres',
      'GIESE',
    ]);
  });

  it.each([
    ['/presentacion-magister', 'Presentación del Máster', 'presentacion-del-magister', 'Plan de estudios del curso 2024-2025'],
    ['/revista', 'Revista', 'revista', 'Revista de convivencia, número 8'],
    ['/congresos', 'Congresos', 'congresos', 'Congreso de educación emocional en Sevilla'],
    ['/media', 'Media', 'media', 'Vídeo: la asamblea de clase'],
    ['/noticias', 'Noticias', 'noticias', 'Convivencia en el aula'],
    ['/talleres', 'Talleres', 'talleres', 'Taller de escucha activa'],
  ])('the list %s: its title and its public publications, in the API’s order', async (address, title, slug, first) => {
    const shown = await page(address);
    expect(shown.status).toBe(200);
    expect(headingOf(shown)).toBe(title);
    const titles = cardTitles(shown, `Publicaciones de ${title}`);
    expect(titles[0]).toBe(first);
    expect(titles).toEqual(await apiTitles(slug));
    expect(titles).not.toContain('Borrador sin publicar');
  });

  it("a list's cards: the title, the date as the site writes it, and the start of the first text cell", async () => {
    const [card] = cardsOf(await page('/noticias'), 'Publicaciones de Noticias');
    expect(card.title).toBe('Convivencia en el aula');
    expect(card.text).toContain('5 de marzo de 2024');
    // Its own period gives way to the cut's (decision 198).
    expect(card.text).toContain(`${FIRST_CELL_TEXT.replace(/\.+$/, '')}...`);
  });

  it('a later page of a list (?pagina=2), of one of the five and of an added section', async () => {
    const second = await page('/noticias?pagina=2');
    expect(second.status).toBe(200);
    expect(cardTitles(second, 'Publicaciones de Noticias')).toEqual(await apiTitles('noticias', 2));
    expect(cardTitles(second, 'Publicaciones de Noticias')).toEqual(['Noticia número 1']);
    expect(second.text).toContain('1 de febrero de 2024');
    const added = await page('/talleres?pagina=1');
    expect(added.status).toBe(200);
    expect(cardTitles(added, 'Publicaciones de Talleres')).toEqual(['Taller de escucha activa', 'Taller de mediación escolar']);
    // Past the last page: 404, and the list says so with a way to its first page.
    const past = await page('/talleres?pagina=2');
    expect(past.status).toBe(404);
    expect(headingOf(past)).toBe('Talleres');
    expect(past.text).toContain('Esta página de Talleres no existe.');
  });

  it('a publication: its title, date, section and first text cell as written', async () => {
    const shown = await page(`/noticias/${ids['Convivencia en el aula']}`);
    expect(shown.status).toBe(200);
    expect(headingOf(shown)).toBe('Convivencia en el aula');
    expect(textOf(shown.root.querySelector('time'))).toBe('5 de marzo de 2024');
    expect(textOf(shown.root.querySelector('nav[aria-label="Ruta de navegación"]'))).toContain('Noticias');
    expect(shown.text).toContain(FIRST_CELL_TEXT);
    expect(shown.root.innerHTML).toContain('<strong>convivencia</strong>');
    // An added section's publication, at its own address.
    const added = await page(`/talleres/${ids['Taller de mediación escolar']}`);
    expect(added.status).toBe(200);
    expect(headingOf(added)).toBe('Taller de mediación escolar');
  });

  it("the faculty: how many, and each teacher's name, position and biography", async () => {
    const shown = await page('/cuerpo-docente');
    expect(shown.status).toBe(200);
    expect(headingOf(shown)).toBe('Cuerpo Docente');
    expect(shown.text).toContain('Mostrando 2 docentes');
    const names = [...shown.root.querySelectorAll('ul[aria-label="Docentes"] h2')].map(textOf);
    expect(names).toEqual(['Ana Martínez Ruiz', 'Carlos Pérez Gil']);
    expect(shown.text).toContain('Coordinadora del máster');
    expect(shown.text).toContain('Maestra e investigadora en convivencia escolar.');
  });

  it('a search, and a later page of its results', async () => {
    const first = await page('/buscar?q=mediación');
    expect(first.status).toBe(200);
    expect(first.text).toContain('1 resultado para «mediación»');
    expect(cardTitles(first, 'Resultados de búsqueda')).toEqual(['Taller de mediación escolar']);

    const api = await server.request('GET', '/api/public/search/?q=noticia&page=2');
    expect(api.status).toBe(200);
    expect(api.body.count).toBeGreaterThan(12);
    const second = await page('/buscar?q=noticia&pagina=2');
    expect(second.status).toBe(200);
    expect(second.text).toContain(`${api.body.count} resultados para «noticia»`);
    const titles = cardTitles(second, 'Resultados de búsqueda');
    expect(titles).toEqual((api.body.results as { title: string }[]).map((hit) => hit.title));
    expect(titles.length).toBeGreaterThan(0);
  });

  it('the 404 page, with status 404, for an address that names nothing; a publication that is not public says so', async () => {
    const unknown = await page('/no-existe');
    expect(unknown.status).toBe(404);
    expect(headingOf(unknown)).toBe(NOT_FOUND_HEADING);
    expect(unknown.text).toContain('La página que buscas no existe o se ha movido.');
    for (const address of [`/noticias/${ids['Borrador sin publicar']}`, '/noticias/999999']) {
      const shown = await page(address);
      expect({ address, status: shown.status, heading: headingOf(shown) }).toEqual({
        address,
        status: 404,
        heading: PUBLICATION_NOT_FOUND_HEADING,
      });
    }
  });
});

describe('the public cache', () => {
  it('gives a kept page an ETag, and a 304 to a browser that holds it', async () => {
    const first = await page('/congresos');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${server.url}/congresos`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  /**
   * A change the cache is not told of: the added section's title, written into the database
   * behind the API's back (no content write). Every page names it in its navigation, and a page
   * drawn now reads it from the database, past the API answers the cache keeps; a page the cache
   * keeps still shows the title it was drawn with.
   */
  const renameBehindTheApi = (title: string) =>
    server.services.db.updateTable('sections').set({ title }).where('id', '=', sections.talleres).execute();
  /** The API's own write, which the cache hears of. */
  const renameThroughTheApi = async (title: string) =>
    expect((await server.request('PATCH', `/api/sections/${sections.talleres}/`, { token, json: { title } })).status).toBe(200);

  it('answers a page asked for again with the page it drew, not a page drawn again', async () => {
    const first = await page('/revista');
    expect(navigation(first)).toContain('Talleres');
    await renameBehindTheApi('Talleres a espaldas de la API');
    try {
      // A page drawn now shows the change...
      expect(navigation(await page('/buscar?q=revista'))).toContain('Talleres a espaldas de la API');
      // ...the page asked for again does not: it is the one kept, byte for byte.
      expectSamePage('/revista', await page('/revista'), first);
      // A write through the API forgets it: the page is drawn again.
      await renameThroughTheApi('Talleres a la vista');
      expect(navigation(await page('/revista'))).toContain('Talleres a la vista');
    } finally {
      await renameThroughTheApi('Talleres');
    }
  });

  it('answers an address with tracking tags with the very page it keeps for the address without them', async () => {
    const publication = `/noticias/${ids['Convivencia en el aula']}`;
    /** Each kept page, and addresses of it with parameters the page does not read, none asked for before. */
    const junk: [string, string[]][] = [
      ['/noticias', ['/noticias?utm_source=boletin&utm_medium=email&fbclid=abc', '/noticias?gclid=xyz']],
      ['/noticias?pagina=2', ['/noticias?utm_source=boletin&pagina=2', '/noticias?pagina=2&pagina_vista=1']],
      [publication, [`${publication}?utm_campaign=marzo`, `${publication}?pagina=3`]],
      ['/', ['/?utm_source=x', '/?pagina=2']],
      ['/cuerpo-docente', ['/cuerpo-docente?ref=portada', '/cuerpo-docente?pagina=2']],
    ];
    const kept = new Map<string, DrawnPage>();
    for (const [clean] of junk) kept.set(clean, await page(clean));
    // A change the cache is not told of: a page drawn now would show it.
    await renameBehindTheApi('Talleres con etiquetas');
    try {
      for (const [clean, tagged] of junk) {
        for (const address of tagged) {
          // The page kept for the address without them, byte for byte: no copy was drawn for these.
          expectSamePage(address, await page(address), kept.get(clean)!);
        }
      }
    } finally {
      await renameThroughTheApi('Talleres');
    }
  });
});

/**
 * The servers' clock stands still while a test runs: no version check of the cache falls due
 * (CACHE_CHECK_INTERVAL_MS), so a page that shows a write shows it because the write itself made
 * the cache forget, at once, and not because a second had passed.
 */
const standStill = () => {
  beforeEach(() => fakeDateOnly(Date.now()));
  afterEach(() => jest.useRealTimers());
};

describe('a content write reaches the served pages at once', () => {
  standStill();

  it('a save: the publication, its list and the home page show the new title; the old ETag no longer matches', async () => {
    const id = ids['Convivencia en el aula'];
    const before = { detail: await page(`/noticias/${id}`), list: await page('/noticias'), home: await page('/') };
    const saved = await server.request('PATCH', `/api/publications/${id}/`, {
      token,
      form: formData({ title: 'Convivencia en el aula, revisada' }),
    });
    expect(saved.status).toBe(200);
    const detail = await page(`/noticias/${id}`);
    expect(headingOf(detail)).toBe('Convivencia en el aula, revisada');
    expect(detail.title).toContain('Convivencia en el aula, revisada');
    expect(cardTitles(await page('/noticias'), 'Publicaciones de Noticias')[0]).toBe('Convivencia en el aula, revisada');
    expect(latestNewsTitles(await page('/'))[0]).toBe('Convivencia en el aula, revisada');
    for (const [address, held] of [
      [`/noticias/${id}`, before.detail],
      ['/noticias', before.list],
      ['/', before.home],
    ] as const) {
      const revalidated = await fetch(`${server.url}${address}`, { headers: { 'If-None-Match': held.headers.get('etag')! } });
      expect({ address, status: revalidated.status }).toEqual({ address, status: 200 });
      expect(await revalidated.text()).toContain('Convivencia en el aula, revisada');
    }
  });

  it("a trash: the publication's page says it is not found, and its list loses it and its second page", async () => {
    const id = ids['Noticia número 12'];
    expect((await page(`/noticias/${id}`)).status).toBe(200);
    expect(cardTitles(await page('/noticias'), 'Publicaciones de Noticias')).toContain('Noticia número 12');
    expect((await page('/noticias?pagina=2')).status).toBe(200);
    expect((await server.request('DELETE', `/api/publications/${id}/`, { token })).status).toBe(204);
    const gone = await page(`/noticias/${id}`);
    expect(gone.status).toBe(404);
    expect(headingOf(gone)).toBe(PUBLICATION_NOT_FOUND_HEADING);
    expect(cardTitles(await page('/noticias'), 'Publicaciones de Noticias')).not.toContain('Noticia número 12');
    // Twelve are left: one page.
    expect((await page('/noticias?pagina=2')).status).toBe(404);
    expect(latestNewsTitles(await page('/'))).not.toContain('Noticia número 12');
  });

  it('a reorder: a list in manual order shows the new order', async () => {
    const [eighth, seventh] = [ids['Revista de convivencia, número 8'], ids['Revista de convivencia, número 7']];
    const manual = await server.request('PATCH', `/api/sections/${sections.revista}/`, { token, json: { list_order: 'manual' } });
    expect(manual.status).toBe(200);
    expect(cardTitles(await page('/revista'), 'Publicaciones de Revista')).toEqual([
      'Revista de convivencia, número 8',
      'Revista de convivencia, número 7',
    ]);
    const reordered = await server.request('PATCH', '/api/publications/reorder/', {
      token,
      json: [
        { id: seventh, order: 0 },
        { id: eighth, order: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    expect(cardTitles(await page('/revista'), 'Publicaciones de Revista')).toEqual([
      'Revista de convivencia, número 7',
      'Revista de convivencia, número 8',
    ]);
  });

  it('a section change: a new title in the navigation and on its list; once hidden, its pages are the 404 page', async () => {
    const address = `/talleres/${ids['Taller de escucha activa']}`;
    for (const kept of ['/', '/talleres', address]) expect((await page(kept)).status).toBe(200);
    const renamed = await server.request('PATCH', `/api/sections/${sections.talleres}/`, { token, json: { title: 'Talleres de verano' } });
    expect(renamed.status).toBe(200);
    expect(navigation(await page('/'))).toContain('Talleres de verano');
    const list = await page('/talleres');
    expect(headingOf(list)).toBe('Talleres de verano');
    expect(cardTitles(list, 'Publicaciones de Talleres de verano')).toHaveLength(2);
    expect(textOf((await page(address)).root.querySelector('nav[aria-label="Ruta de navegación"]'))).toContain('Talleres de verano');

    const hidden = await server.request('PATCH', `/api/sections/${sections.talleres}/`, { token, json: { is_active: false } });
    expect(hidden.status).toBe(200);
    const home = navigation(await page('/'));
    expect(home).not.toContain('Talleres de verano');
    expect(home).toContain('Noticias');
    for (const [gone, heading] of [
      ['/talleres', NOT_FOUND_HEADING],
      [address, PUBLICATION_NOT_FOUND_HEADING],
    ]) {
      const shown = await page(gone);
      expect({ gone, status: shown.status, heading: headingOf(shown) }).toEqual({ gone, status: 404, heading });
    }
    expect((await server.request('PATCH', `/api/sections/${sections.talleres}/`, { token, json: { is_active: true } })).status).toBe(200);
    expect((await page('/talleres')).status).toBe(200);
  });

  it("a biography change: the faculty page shows the teacher's new name and position", async () => {
    const before = await page('/cuerpo-docente');
    expect(before.text).toContain('Carlos Pérez Gil');
    const saved = await server.request('PATCH', `/api/biographies/${ids['Carlos Pérez Gil']}/`, {
      token,
      form: formData({ name: 'Carlos Pérez Gil de la Torre', position: 'Catedrático de psicología' }),
    });
    expect(saved.status).toBe(200);
    const after = await page('/cuerpo-docente');
    expect([...after.root.querySelectorAll('ul[aria-label="Docentes"] h2')].map(textOf)).toEqual([
      'Ana Martínez Ruiz',
      'Carlos Pérez Gil de la Torre',
    ]);
    expect(after.text).toContain('Catedrático de psicología');
    expect(after.text).not.toContain('Profesor de psicología');
  });
});

describe('a private preview link', () => {
  standStill();

  async function makeLink(bearer: string) {
    const draft = await server.request('POST', '/api/publications/', {
      token: bearer,
      json: {
        title: 'Borrador compartido con el claustro',
        section_id: sections.noticias,
        status: 'draft',
        publish_date: '2024-04-01',
        featured_image: imageUrl,
        layout: [{ id: 'r1', cells: [textCell('c1', '<p>Texto aún sin publicar.</p>')] }],
      },
    });
    expect(draft.status).toBe(201);
    const link = await server.request('POST', `/api/publications/${draft.body.id}/preview-links/`, { token: bearer, json: {} });
    expect(link.status).toBe(201);
    return { id: link.body.id as number, url: link.body.url as string };
  }

  it('answers a page drawn for each request and kept by no cache; revoked, the 404 page at once', async () => {
    const link = await makeLink(token);
    for (let visit = 0; visit < 2; visit++) {
      const shown = await page(link.url);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(shown.headers.get('etag')).toBeNull();
      expect(shown.title).toContain('Borrador compartido con el claustro');
      // Drawn in the site's frame; the publication itself is asked for by the page's script, so that a
      // bot fetching the address (a chat app's link preview) opens nothing (seo/seo-routes.ts).
      expect(navigation(shown)).toContain('Noticias');
      expect(shown.text).toContain('Cargando la vista previa...');
    }
    expect((await server.request('DELETE', `/api/preview-links/${link.id}/`, { token })).status).toBe(204);
    const revoked = await page(link.url);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
    expect(headingOf(revoked)).toBe(NOT_FOUND_HEADING);
    expect(revoked.title).not.toContain('Borrador compartido con el claustro');
  });
});

describe('another instance on the same database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
  });
  afterAll(async () => other?.close());
  afterEach(() => jest.useRealTimers());

  it('shows a save made through this one in the page it keeps, once its check interval has passed, and not before', async () => {
    const interval = other.config.cacheCheckIntervalMs;
    const id = ids['Plan de estudios del curso 2024-2025'];
    const address = `/presentacion-del-magister/${id}`;
    // On a clock the test moves: one interval ahead of any check the other instance made on the real one.
    const start = Date.now() + interval;
    fakeDateOnly(start);
    const kept = await page(address, {}, other.url);
    expect(headingOf(kept)).toBe('Plan de estudios del curso 2024-2025');
    expect(cardTitles(await page('/presentacion-magister', {}, other.url), 'Publicaciones de Presentación del Máster')).toEqual([
      'Plan de estudios del curso 2024-2025',
    ]);

    const saved = await server.request('PATCH', `/api/publications/${id}/`, {
      token,
      form: formData({ title: 'Plan de estudios renovado' }),
    });
    expect(saved.status).toBe(200);
    expect(headingOf(await page(address))).toBe('Plan de estudios renovado');
    // The other instance still answers what it keeps until its interval has passed...
    fakeDateOnly(start + interval - 1);
    expectSamePage(address, await page(address, {}, other.url), kept);
    // ...and then the page drawn again.
    fakeDateOnly(start + interval);
    expect(headingOf(await page(address, {}, other.url))).toBe('Plan de estudios renovado');
    expect(cardTitles(await page('/presentacion-magister', {}, other.url), 'Publicaciones de Presentación del Máster')).toEqual([
      'Plan de estudios renovado',
    ]);
  });

  it('answers 404 for a link revoked through this one at once', async () => {
    // On a clock that stands still: no check of the other's cache falls due.
    fakeDateOnly(Date.now());
    const link = await server.request('POST', `/api/publications/${ids['Borrador sin publicar']}/preview-links/`, { token, json: {} });
    expect(link.status).toBe(201);
    const url = link.body.url as string;
    const shown = await page(url, {}, other.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect((await server.request('DELETE', `/api/preview-links/${link.body.id}/`, { token })).status).toBe(204);
    const revoked = await page(url, {}, other.url);
    expect(revoked.status).toBe(404);
    expect(headingOf(revoked)).toBe(NOT_FOUND_HEADING);
  });
});

// Last in the file: the server's cache has then checked on a clock in 2030, and would wait for the real one to catch up.
describe("at the site's midnight", () => {
  // 23:59:30 on 15 January 2030 in Madrid (UTC+1 in winter) is 22:59:30 UTC; 00:00:05 on the 16th in Madrid is still the 15th in UTC.
  const BEFORE_MIDNIGHT = Date.UTC(2030, 0, 15, 22, 59, 30);
  const AFTER_MIDNIGHT = Date.UTC(2030, 0, 15, 23, 0, 5);

  afterEach(() => jest.useRealTimers());

  it('a publication dated tomorrow appears on the kept pages, with no write', async () => {
    fakeDateOnly(BEFORE_MIDNIGHT);
    // A token issued at the faked time, so that its expiry is read on the same clock.
    const bearer = (await server.request('POST', '/api/token/', { json: TEST_ADMIN })).body.access as string;
    const id = await publish('noticias', 'Crónica del día siguiente', { publish_date: '2030-01-16' }, bearer);
    // Drawn and kept before midnight, without it.
    const list = await page('/noticias');
    expect(cardTitles(list, 'Publicaciones de Noticias')).not.toContain('Crónica del día siguiente');
    expect(latestNewsTitles(await page('/'))).not.toContain('Crónica del día siguiente');
    expect((await page(`/noticias/${id}`)).status).toBe(404);

    fakeDateOnly(AFTER_MIDNIGHT);
    const [first] = cardsOf(await page('/noticias'), 'Publicaciones de Noticias');
    expect(first.title).toBe('Crónica del día siguiente');
    expect(first.text).toContain('16 de enero de 2030');
    expect(latestNewsTitles(await page('/'))[0]).toBe('Crónica del día siguiente');
    const detail = await page(`/noticias/${id}`);
    expect(detail.status).toBe(200);
    expect(headingOf(detail)).toBe('Crónica del día siguiente');
  });
});
