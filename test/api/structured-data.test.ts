import { JSDOM } from 'jsdom';
import { SITE_NAME } from '@/domain/catalogue';
import { siteTimeZone } from '@/server/clock';
import { midnightIn } from '@/server/seo/feeds';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';
import { yesterday } from '../helpers/site-days';

// Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
jest.setTimeout(60_000);

/** PUBLIC_URL: every address in the structured data starts with it, never with the address the request came to. */
const ORIGIN = 'https://master.example.org';

let server: TestServer;
let token: string;
let jpeg: Buffer;
const sections: Record<string, number> = {};
/** The publications as the admin API answers them after the last write. */
const saved: Record<
  string,
  { id: number; title: string; featured_image: string | null; publish_date: string; created_at: string; updated_at: string }
> = {};

async function publish(key: string, title: string, section: string) {
  const reply = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title, section_id: String(sections[section]), status: 'published', publish_date: yesterday() },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  saved[key] = reply.body;
}

const reread = async (key: string) => {
  const reply = await server.request('GET', `/api/publications/${saved[key].id}/`, { token });
  expect(reply.status).toBe(200);
  saved[key] = reply.body;
};

async function biography(fields: Record<string, string>, photo?: Buffer) {
  const reply = await server.request('POST', '/api/biographies/', {
    token,
    form: formData({ position: 'Docente', biography: 'Biografía.', ...fields }, photo ? { photo: { bytes: photo } } : {}),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; name: string; photo: string | null };
}

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn({ publicUrl: ORIGIN }));
  for (const [key, title] of [
    ['noticias', 'Noticias'],
    ['congresos', 'Congresos'],
    ['talleres', 'Talleres'],
  ] as const) {
    const reply = await server.request('POST', '/api/sections/', { token, json: { title, is_active: true } });
    expect(reply.status).toBe(201);
    sections[key] = reply.body.id;
  }
  await publish('news', 'Jornada de convivencia', 'noticias');
  // Its last edit, after which the page is first asked for.
  const edit = await server.request('PATCH', `/api/publications/${saved.news.id}/`, {
    token,
    json: { title: 'Jornada de convivencia escolar' },
  });
  expect(edit.status).toBe(200);
  await reread('news');
  await publish('congress', 'Congreso de educación emocional', 'congresos');
  // A row without a featured image (one saved before the image was required): the API never makes one.
  await server.services.writeContent((trx) =>
    trx.updateTable('publications').set({ featured_image: null }).where('id', '=', saved.congress.id).execute(),
  );
  await reread('congress');
  await publish('script', '</script><script>alert(1)</script><!--', 'talleres');

  await biography(
    { name: 'Carmen Ruiz', position: 'Profesora titular', email: 'carmen@example.org', linkedin: 'https://carmen.example.org' },
    jpeg,
  );
  await biography({ name: 'Luis Gómez', position: 'Investigador' });
  await biography({ name: 'Ana Oculta', is_active: 'false', email: 'ana@example.org' });
});
afterAll(async () => server.close());

type Node = Record<string, unknown>;

/** The page's HTML and the JSON-LD nodes it carries, each script parsed on its own. */
async function pageOf(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  const html = await response.text();
  const nodes = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]) as Node);
  return { status: response.status, html, nodes };
}

/**
 * The breadcrumb the page draws (client/site/breadcrumb.tsx), each crumb's text and absolute
 * address; the last, the current page, has no link: its address is the page's canonical one.
 */
function visibleBreadcrumb(html: string) {
  const { document } = new JSDOM(html).window;
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  return [...document.querySelectorAll('nav.breadcrumb li')].map((li) => {
    const href = li.querySelector('a')?.getAttribute('href');
    return { name: li.textContent, item: href ? `${ORIGIN}${href}` : canonical };
  });
}

/** The BreadcrumbList's crumbs, in order. */
const breadcrumbOf = (nodes: Node[]) =>
  (nodes.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement as { name: string; item: string }[]).map(({ name, item }) => ({
    name,
    item,
  }));

const site = { '@type': 'Organization', name: SITE_NAME, url: `${ORIGIN}/` };

describe('structured data (JSON-LD) in the public pages', () => {
  it('describes the site and its programme on the home page', async () => {
    const { status, nodes } = await pageOf('/');
    expect(status).toBe(200);
    expect(nodes).toEqual([
      { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${ORIGIN}/` },
      {
        '@context': 'https://schema.org',
        '@type': 'EducationalOccupationalProgram',
        name: SITE_NAME,
        url: `${ORIGIN}/`,
        provider: site,
      },
    ]);
  });

  it('describes a news publication as a NewsArticle, modified at its last edit, with its breadcrumb', async () => {
    const { id, title, featured_image, publish_date, created_at, updated_at } = saved.news;
    const { status, nodes, html } = await pageOf(`/noticias/${id}`);
    expect(status).toBe(200);
    expect(nodes).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'Jornada de convivencia escolar',
        datePublished: midnightIn(publish_date, siteTimeZone()),
        dateModified: updated_at,
        // Cut to the networks' shape around the library's focal point (the centre by default).
        image: `${ORIGIN}${featured_image?.replace(/\.jpg$/, '-share-50-50.jpg')}`,
        publisher: site,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${ORIGIN}/` },
          { '@type': 'ListItem', position: 2, name: 'Noticias', item: `${ORIGIN}/noticias` },
          { '@type': 'ListItem', position: 3, name: title, item: `${ORIGIN}/noticias/${id}` },
        ],
      },
    ]);
    expect(Date.parse(updated_at)).toBeGreaterThan(Date.parse(created_at));
    expect(visibleBreadcrumb(html)).toEqual(breadcrumbOf(nodes));
  });

  it('describes another publication as an Article, without an image when it has none', async () => {
    const { id, title, publish_date, updated_at } = saved.congress;
    const { nodes, html } = await pageOf(`/congresos/${id}`);
    expect(visibleBreadcrumb(html)).toEqual(breadcrumbOf(nodes));
    expect(nodes).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: title,
        datePublished: midnightIn(publish_date, siteTimeZone()),
        dateModified: updated_at,
        publisher: site,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${ORIGIN}/` },
          { '@type': 'ListItem', position: 2, name: 'Congresos', item: `${ORIGIN}/congresos` },
          { '@type': 'ListItem', position: 3, name: title, item: `${ORIGIN}/congresos/${id}` },
        ],
      },
    ]);
  });

  it('keeps a title that closes the script element inside it', async () => {
    const { id, title } = saved.script;
    const { status, html, nodes } = await pageOf(`/talleres/${id}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(nodes).toHaveLength(2);
    expect(nodes[0]).toMatchObject({ '@type': 'Article', headline: title });
    expect((nodes[1].itemListElement as Node[])[2]).toEqual({
      '@type': 'ListItem',
      position: 3,
      name: title,
      item: `${ORIGIN}/talleres/${id}`,
    });
    // As the page shows it, escaped there as the JSON is here.
    expect(visibleBreadcrumb(html)).toEqual(breadcrumbOf(nodes));
  });

  it('describes each teacher the faculty page shows, and only what their biography holds', async () => {
    const shown = await server.request('GET', '/api/public/biographies/');
    const carmen = shown.body.results.find((b: { name: string }) => b.name === 'Carmen Ruiz');
    const { status, nodes } = await pageOf('/cuerpo-docente');
    expect(status).toBe(200);
    const persons: Record<string, Node> = {
      'Carmen Ruiz': {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Carmen Ruiz',
        jobTitle: 'Profesora titular',
        email: 'carmen@example.org',
        url: 'https://carmen.example.org',
        image: `${ORIGIN}${carmen.photo?.replace(/\.jpg$/, '-square-50-50.jpg')}`,
      },
      'Luis Gómez': { '@context': 'https://schema.org', '@type': 'Person', name: 'Luis Gómez', jobTitle: 'Investigador' },
    };
    // The public API's active ones, in its order; the inactive biography is not on the page.
    expect(shown.body.results.map((b: { name: string }) => b.name).sort()).toEqual(['Carmen Ruiz', 'Luis Gómez']);
    expect(nodes).toEqual(shown.body.results.map((b: { name: string }) => persons[b.name]));
  });

  it('gives pages without a subject none: a list, a search, a 404', async () => {
    for (const path of ['/noticias', '/buscar?q=jornada', '/no-existe', '/noticias/999999']) {
      expect({ path, nodes: (await pageOf(path)).nodes }).toEqual({ path, nodes: [] });
    }
  });
});
