import { todayIso } from '@/server/clock';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';

// A public page's HTML names the API answer its app reads first (`<link rel=preload as=fetch>`), so
// the browser fetches it beside the scripts. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
jest.setTimeout(60_000);

let server: TestServer;
let publicationId: number;

const page = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  const html = await response.text();
  return { status: response.status, head: html.slice(0, html.indexOf('</head>')) };
};

/** The addresses a page's head preloads as data, as the browser reads the attribute. */
const preloadedData = (head: string) =>
  Array.from(head.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g), (m) =>
    m[1].replace(/&amp;/g, '&'),
  );

beforeAll(async () => {
  let token: string;
  let jpeg: Buffer;
  ({ server, token, jpeg } = await startSignedIn());
  const section = await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias', is_active: true } });
  expect(section.status).toBe(201);
  const layout = JSON.stringify([
    { id: 'r', cells: [{ id: 'c', type: 'text', columnSpan: 4, content: '<p>Regulación emocional en el aula</p>' }] },
  ]);
  const created = await server.request('POST', '/api/publications/', {
    token,
    form: formData(
      { title: 'Educación emocional', section_id: String(section.body.id), status: 'published', publish_date: todayIso(), layout },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(created.status).toBe(201);
  publicationId = created.body.id;
});
afterAll(async () => server.close());

it.each([
  ['a list', () => '/noticias', () => '/api/public/publications/?section_slug=noticias&page=1&page_size=12', 'Educación emocional'],
  ['a publication', () => `/noticias/${publicationId}`, () => `/api/public/publication/${publicationId}/`, 'Educación emocional'],
  ['the faculty', () => '/cuerpo-docente', () => '/api/public/biographies/?page_size=100&include_inactive=true', '"results":[]'],
  // The query as the page searches it: spaces collapsed, encoded as a browser encodes a form.
  ['a search', () => '/buscar?q=Educaci%C3%B3n%20%20emocional', () => '/api/public/search/?q=Educaci%C3%B3n+emocional', '"count":1'],
])('%s names the answer its app reads first, and that answer is there', async (_kind, address, expected, holds) => {
  const { status, head } = await page(address());
  expect(status).toBe(200);
  expect(preloadedData(head)).toEqual([expected()]);
  const answer = await fetch(`${server.url}${expected()}`);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain(holds);
});

it('the search page of the second page of results names that page', async () => {
  expect(preloadedData((await page('/buscar?q=emocional&pagina=2')).head)).toEqual(['/api/public/search/?q=emocional&page=2']);
});

it.each([
  ['the home page, whose code reads nothing at first', '/'],
  ['a search too short to run', '/buscar?q=a'],
  ['a search page that is no number', '/buscar?q=emocional&pagina=dos'],
  ['an address that names nothing', '/no-existe'],
  ['a list page past its last', '/noticias?pagina=9'],
])('%s names no answer', async (_kind, address) => {
  expect(preloadedData((await page(address)).head)).toEqual([]);
});
