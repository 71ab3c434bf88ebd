import http from 'node:http';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';
import { daysFromToday } from '../helpers/site-days';

// Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
jest.setTimeout(60_000);

let server: TestServer;
let token: string;
let jpeg: Buffer;
const ids: Record<string, number> = {};

/** GET with the path sent exactly as written (fetch would resolve '..' and escapes first). */
const rawGet = (path: string) =>
  new Promise<{ status: number; text: string; location?: string }>((resolve, reject) => {
    const { port } = new URL(server.url);
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, location: res.headers.location }));
      })
      .on('error', reject);
  });

async function publish(key: string, sectionId: number, fields: Record<string, string> = {}) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title: key, section_id: String(sectionId), status: 'published', publish_date: daysFromToday(-1), ...fields },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  ids[key] = reply.body.id;
}

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  const section = async (title: string, is_active = true) =>
    (await server.request('POST', '/api/sections/', { token, json: { title, is_active } })).body.id as number;
  const noticias = await section('Noticias');
  const talleres = await section('Talleres');
  ids.tallerSection = talleres;
  const oculta = await section('Oculta', false);
  for (let i = 0; i < 13; i++) await publish(`noticia-${i}`, noticias);
  await publish('taller', talleres);
  await publish('borrador', noticias, { status: 'draft' });
  await publish('futura', noticias, { publish_date: daysFromToday(5) });
  await publish('escondida', oculta);
});
afterAll(async () => server.close());

describe('what the server answers for each kind of address', () => {
  it.each([
    ['/', 200],
    ['/noticias', 200],
    ['/noticias/', 200],
    ['/noticias?pagina=2', 200],
    ['/revista', 200],
    ['/cuerpo-docente', 200],
    ['/buscar?q=emociones', 200],
    ['/talleres', 200],
    ['/admin', 200],
    ['/admin/lo-que-sea', 200],
    ['/login', 200],
    ['/no-existe', 404],
    ['/giese', 404],
    ['/noticias/999999', 404],
    ['/noticias?pagina=3', 404],
    ['/noticias?pagina=999', 404],
    ['/noticias?pagina=dos', 404],
    ['/revista?pagina=2', 404],
    ['/oculta', 404],
    ['/seccion-inexistente', 404],
    ['/media/..%2f..%2fsecret_key', 404],
    ['/a/b/c', 404],
    ['/feeds/nada.xml', 404],
  ])('%s answers %d', async (path, status) => {
    const response = await rawGet(path);
    expect(response.status).toBe(status);
    // Drawn by the server either way, the site's frame around the page or the 404 page.
    expect(response.text).toMatch(/<div id="?root"?>/);
    // (React writes the preload of a high-priority image first.)
    if (!/^\/(admin|login)/.test(path)) expect(response.text).toMatch(/<div id="root">(<link [^>]*>)*<div class="site">/);
    // A publication's address (any two segments: the route's) says so in its own words (requirements §8), any other the 404 page.
    if (status === 404 && /^\/[^/]+\/[^/?]+$/.test(path)) expect(response.text).toContain('>No se encontró la publicación</h1>');
    // A list's page past its last says so with a way to the first page.
    else if (status === 404 && /\?pagina=/.test(path))
      expect(response.text).toMatch(/Esta página de (<!-- -->)?[^<]+(<!-- -->)? no existe\./);
    else if (status === 404) expect(response.text).toContain('<h1 class="not-found__title">Página no encontrada</h1>');
  });

  it('answers 404 for a publication that exists but is not public', async () => {
    for (const key of ['borrador', 'futura', 'escondida']) {
      const response = await rawGet(`/noticias/${ids[key]}`);
      expect(response.status).toBe(404);
    }
    expect((await rawGet(`/oculta/${ids.escondida}`)).status).toBe(404);
  });

  it('answers a public publication, and sends one reached under another section to its own address', async () => {
    expect((await rawGet(`/noticias/${ids['noticia-0']}`)).status).toBe(200);
    const moved = await rawGet(`/revista/${ids['noticia-0']}`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`/noticias/${ids['noticia-0']}`);
  });

  it("sends browsers' own /favicon.ico to the site's icon", async () => {
    const response = await rawGet('/favicon.ico');
    expect(response.status).toBe(301);
    expect(response.location).toBe('/favicon.svg');
  });

  it('gives a 404 page the not-found title, noindex, and no canonical address', async () => {
    const { text } = await rawGet('/no-existe');
    expect(text).toContain('<title>Página no encontrada · ');
    expect(text).toContain('<meta name="robots" content="noindex" />');
    expect(text).not.toContain('rel="canonical"');
    expect(text).not.toContain('og:url');
  });

  it('gives a page that exists its canonical address, without query junk', async () => {
    const { text } = await rawGet('/noticias?pagina=2&utm_source=x');
    expect(text).toContain(`<link rel="canonical" href="${server.url}/noticias?pagina=2" />`);
  });

  it('keeps search result pages out of search engines', async () => {
    const { text } = await rawGet('/buscar?q=emociones');
    expect(text).toContain('<meta name="robots" content="noindex" />');
    expect(text).toContain('<title>Resultados de búsqueda · ');
  });
});

describe("a page's data, in its HTML (docs/decisions/069, 185)", () => {
  /** What the page carries in #datos-de-la-pagina, parsed; undefined when it carries none. */
  const pageDataOf = async (path: string) => {
    const { text } = await rawGet(path);
    const json = /<script id="datos-de-la-pagina" type="application\/json">(.*?)<\/script>/s.exec(text)?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as { status: number; reads: { read: unknown; answer: unknown }[] });
  };
  const apiAnswer = async (path: string) => {
    const reply = await server.request('GET', `/api${path}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('a list page, a publication, a search and the home page carry the answers the app would ask for, as the API gives them', async () => {
    expect(await pageDataOf('/noticias?pagina=2')).toEqual({
      status: 200,
      reads: [
        {
          read: { kind: 'publications', sectionSlug: 'noticias', page: 2, pageSize: 12 },
          answer: await apiAnswer('/public/publications/?section_slug=noticias&page=2&page_size=12'),
        },
      ],
    });
    expect(await pageDataOf(`/noticias/${ids['noticia-3']}`)).toEqual({
      status: 200,
      reads: [{ read: { kind: 'publication', id: ids['noticia-3'] }, answer: await apiAnswer(`/public/publication/${ids['noticia-3']}/`) }],
    });
    const search = await pageDataOf('/buscar?q=Noticia');
    expect(search?.reads).toEqual([
      { read: { kind: 'search', q: 'Noticia', page: 1 }, answer: await apiAnswer('/public/search/?q=Noticia') },
    ]);
    expect((search?.reads[0].answer as { count: number }).count).toBe(13);
    expect((await pageDataOf('/'))?.reads).toEqual([
      // The next event (none here: the list is empty), then the latest news.
      { read: { kind: 'events', pageSize: 1 }, answer: await apiAnswer('/public/events/?page_size=1') },
      {
        read: { kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: 3 },
        answer: await apiAnswer('/public/publications/?section_slug=noticias&page=1&page_size=3'),
      },
    ]);
  });

  it("a list draws its cards' images, and a publication its featured image, with their variants", async () => {
    const list = await apiAnswer('/public/publications/?section_slug=noticias&page=1&page_size=12');
    const escaped = (address: string) => address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect((await rawGet('/noticias')).text).toMatch(new RegExp(`<img [^>]*src="${escaped(list.results[0].featured_image)}"[^>]*srcSet="`));
    const publication = await apiAnswer(`/public/publication/${ids['noticia-3']}/`);
    expect((await rawGet(`/noticias/${ids['noticia-3']}`)).text).toMatch(
      new RegExp(`<img [^>]*src="${escaped(publication.featured_image)}"[^>]*srcSet="`),
    );
  });

  it('pages that read nothing, or name nothing, carry no answers; a 404 says so', async () => {
    for (const path of ['/buscar?q=a', '/buscar', '/no-existe', '/noticias?pagina=3', '/noticias/999999', `/noticias/${ids.borrador}`]) {
      const data = await pageDataOf(path);
      expect({ path, reads: data?.reads }).toEqual({ path, reads: [] });
    }
    expect((await pageDataOf('/no-existe'))?.status).toBe(404);
  });

  it('a title that closes the script element stays text inside it', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const reply = await server.request('POST', '/api/publications/', {
      token,
      form: formData(
        { title, section_id: String(ids.tallerSection), status: 'published', publish_date: daysFromToday(-1) },
        { featured_image: { bytes: jpeg } },
      ),
    });
    expect(reply.status).toBe(201);
    const { text } = await rawGet(`/talleres/${reply.body.id}`);
    expect(text).not.toContain('<script>alert(1)');
    expect((await pageDataOf(`/talleres/${reply.body.id}`))?.reads[0].answer).toMatchObject({ title });
  });
});
