import { startApiServer, type TestServer } from '../helpers/api-server';

/**
 * Sections administrators add reach visitors (DECISIONS "What the public
 * sees"): their slugs never take the site's own paths, and the pages, the
 * navigation data and the sitemap know the visible ones.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
});
afterAll(async () => server.close());

const create = async (title: string, extra: Record<string, unknown> = {}) => {
  const reply = await server.request('POST', '/api/sections/', { token, json: { title, ...extra } });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; slug: string; version: number };
};

const settingsOf = (html: string) =>
  JSON.parse(/<script id="site-settings" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe("slugs that would take the site's own paths get a suffix", () => {
  it.each([
    ['Admin', 'admin-2'],
    ['API', 'api-2'],
    ['Login', 'login-2'],
    ['Cuerpo docente', 'cuerpo-docente-2'],
    ['GIESE', 'giese-2'],
    ['Presentación magíster', 'presentacion-magister-2'],
    ['sitemap.xml', 'sitemapxml-2'],
    ['robots.txt', 'robotstxt-2'],
    ['Assets', 'assets-2'],
  ])('%s becomes %s', async (title, slug) => {
    expect((await create(title)).slug).toBe(slug);
  });

  it("media and the list paths of the five: theirs as the five's sections, a suffix for any other", async () => {
    expect((await create('Media')).slug).toBe('media');
    expect((await create('Media')).slug).toBe('media-2');
    expect((await create('Noticias')).slug).toBe('noticias');
    expect((await create('Noticias')).slug).toBe('noticias-2');
  });
});

describe('what visitors get', () => {
  it("writes the visible added sections into every page, in the admin's order, and lists them in the sitemap; hidden ones nowhere", async () => {
    const shown = await create('Talleres de verano');
    const hidden = await create('Borradores internos', { is_active: false });
    const page = await (await fetch(`${server.url}/`)).text();
    const sections: { slug: string; title: string }[] = settingsOf(page).sections;
    expect(sections).toContainEqual({ slug: shown.slug, title: 'Talleres de verano' });
    expect(sections.map((section) => section.slug)).not.toContain(hidden.slug);
    // The five travel in the bundle, not in the page.
    expect(sections.map((section) => section.slug)).not.toContain('noticias');

    const list = await (await fetch(`${server.url}/talleres-de-verano`)).text();
    expect(list).toContain('<title>Talleres de verano · ');
    expect(list).toContain('<meta property="og:title" content="Talleres de verano · ');

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${server.url}/talleres-de-verano</loc>`);
    expect(sitemap).not.toContain(`/${hidden.slug}</loc>`);

    const hide = await server.request('PATCH', `/api/sections/${shown.id}/`, { token, json: { is_active: false, version: shown.version } });
    expect(hide.status).toBe(200);
    expect(
      settingsOf(await (await fetch(`${server.url}/`)).text()).sections.map((section: { slug: string }) => section.slug),
    ).not.toContain(shown.slug);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/talleres-de-verano</loc>');
    expect(await (await fetch(`${server.url}/talleres-de-verano`)).text()).not.toContain('<title>Talleres de verano');
  });
});

describe("the sitemap's parts", () => {
  it('do not exist while every address fits in /sitemap.xml', async () => {
    const part = await fetch(`${server.url}/sitemap-1.xml`);
    expect(part.status).toBe(404);
    expect(await part.json()).toEqual({ detail: 'No encontrado.' });
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain('<urlset');
  });
});
