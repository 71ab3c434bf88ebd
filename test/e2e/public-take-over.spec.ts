import { E2E_ADMIN } from '../../playwright.config';
import { png } from './admin-helpers';
import type { Locator } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { fetchedAddresses, hold, kept, openServed, sameDocument, takenOver, watchRequests } from './support/take-over';

// Every kind of public page arrives drawn by the server with its data in #datos-de-la-pagina, and the
// app takes it over (hydrateRoot, src/client/main.tsx): it keeps the server's DOM (the heading on screen
// is the element the server sent; nothing taken out or put in), asks the API for none of the answers the
// page carries, and is then the single-page app it was: links navigate without loading a document,
// 'Cargando...' while a list or a publication arrives, answers kept in the cache for the way back.
// Any console error or uncaught exception fails a test (support/fixtures.ts browserProblems), React's
// reports of a page it could not take over among them; the development build, which also reports
// attributes that differ, is held to the same in development/public-take-over.spec.ts.

const HOME_HEADING = 'Máster en Educación Emocional y Convivencia Escolar';
/** Below it the header shows 'Menú' in place of the navigation (site-header.css). */
const DESKTOP_FROM = 1024;

interface Navigation {
  /** The link to follow once the page is the app's. */
  link: (page: Page, width: number) => Promise<Locator>;
  /** The API answer the new page waits for: held until 'Cargando...' is on screen, or, for a list's other page, until the list is marked busy. */
  holds?: RegExp;
  /** What the held answer shows meanwhile. */
  meanwhile?: 'loading' | 'busy';
  url: RegExp;
  /** The new page's heading: a text, or the link's own text (a card's title). */
  heading: string | 'the link';
}

interface PublicPage {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  status?: 404;
  heading: string | RegExp;
  /** The kinds of answers the page's data carries (PageRead). */
  reads: string[];
  then: Navigation;
}

const at = (path: string) => () => Promise.resolve(path);

/** A link of the main navigation: behind 'Menú' on a narrow screen. */
async function navLink(page: Page, width: number, name: string) {
  if (width < DESKTOP_FROM) {
    const menu = page.getByRole('button', { name: 'Menú' });
    await takenOver(menu);
    await menu.click();
  }
  return page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name, exact: true });
}

const PUBLICATION = /^\/api\/public\/publication\/\d+\/$/;
const listOf = (slug: string, page = 1) => new RegExp(`^/api/public/publications/\\?section_slug=${slug}&page=${page}&page_size=12$`);

/** The address of a published news item of the demo. */
async function aNewsItem(request: APIRequestContext): Promise<string> {
  const reply = await request.get('/api/public/publications/?section_slug=noticias');
  expect(reply.ok()).toBe(true);
  const { results } = (await reply.json()) as { results: { id: number }[] };
  expect(results.length).toBeGreaterThan(0);
  return `/noticias/${results[0].id}`;
}

/**
 * Makes sure Noticias has a second page (the demo has four news): published news, dated before the
 * demo's so that the home page's latest news stay the same. Made once per site; kept (no test of this
 * file counts the news).
 */
async function secondNewsPage(request: APIRequestContext): Promise<string> {
  const count = async () =>
    ((await (await request.get('/api/public/publications/?section_slug=noticias&page_size=1')).json()) as { count: number }).count;
  const missing = 13 - (await count());
  if (missing > 0) {
    const token = await request.post('/api/token/', { data: E2E_ADMIN });
    expect(token.ok()).toBe(true);
    const headers = { Authorization: `Bearer ${((await token.json()) as { access: string }).access}`, Accept: 'application/json' };
    const sections = (await (await request.get('/api/sections/?page_size=1000&all=true', { headers })).json()) as
      { results: { id: number; slug: string }[] } | { id: number; slug: string }[];
    const news = (Array.isArray(sections) ? sections : sections.results).find((section) => section.slug === 'noticias')!;
    const image = await png(400, 250);
    for (let i = 1; i <= missing; i += 1) {
      const created = await request.post('/api/publications/', {
        headers,
        multipart: {
          title: `Noticia de archivo ${i}`,
          section_id: String(news.id),
          status: 'published',
          publish_date: '2020-01-15',
          featured_image: { name: 'archivo.png', mimeType: 'image/png', buffer: image },
        },
      });
      expect(created.status()).toBe(201);
    }
  }
  expect(await count()).toBeGreaterThan(12);
  return '/noticias?pagina=2';
}

const PAGES: PublicPage[] = [
  {
    name: 'the home page',
    path: at('/'),
    heading: HOME_HEADING,
    // 'Próximo evento' and 'Últimas noticias'.
    reads: ['events', 'publications'],
    then: {
      link: async (page) => page.getByRole('region', { name: 'Últimas noticias' }).locator('.card__link').first(),
      holds: PUBLICATION,
      meanwhile: 'loading',
      url: /\/noticias\/\d+$/,
      heading: 'the link',
    },
  },
  {
    name: 'a list',
    path: at('/noticias'),
    heading: 'Noticias',
    reads: ['publications'],
    then: {
      link: (page, width) => navLink(page, width, 'Revista'),
      holds: listOf('revista'),
      meanwhile: 'loading',
      url: /\/revista$/,
      heading: 'Revista',
    },
  },
  {
    name: "a list's second page",
    path: secondNewsPage,
    heading: 'Noticias',
    reads: ['publications'],
    then: {
      link: async (page) => page.getByRole('navigation', { name: 'Páginas de Noticias' }).getByRole('link', { name: 'Página 1' }),
      holds: listOf('noticias'),
      meanwhile: 'busy',
      url: /\/noticias$/,
      heading: 'Noticias',
    },
  },
  {
    name: 'another list',
    path: at('/revista'),
    heading: 'Revista',
    reads: ['publications'],
    then: {
      link: async (page) => page.locator('.card__link').first(),
      holds: PUBLICATION,
      meanwhile: 'loading',
      url: /\/revista\/\d+$/,
      heading: 'the link',
    },
  },
  {
    name: 'a publication',
    path: aNewsItem,
    heading: /\S/,
    reads: ['publication'],
    then: {
      link: async (page) => page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Noticias' }),
      holds: listOf('noticias'),
      meanwhile: 'loading',
      url: /\/noticias$/,
      heading: 'Noticias',
    },
  },
  {
    name: 'the faculty',
    path: at('/cuerpo-docente'),
    heading: 'Cuerpo Docente',
    reads: ['biographies'],
    then: {
      link: (page, width) => navLink(page, width, 'Noticias'),
      holds: listOf('noticias'),
      meanwhile: 'loading',
      url: /\/noticias$/,
      heading: 'Noticias',
    },
  },
  {
    name: 'a search',
    path: at('/buscar?q=emociones'),
    heading: 'Resultados de búsqueda',
    reads: ['search'],
    then: {
      link: async (page) => page.getByRole('list', { name: 'Resultados de búsqueda' }).locator('.card__link').first(),
      holds: PUBLICATION,
      meanwhile: 'loading',
      url: /\/[a-z-]+\/\d+$/,
      heading: 'the link',
    },
  },
  {
    name: 'the 404 page',
    path: at('/no-existe'),
    status: 404,
    heading: 'Página no encontrada',
    reads: [],
    then: {
      link: async (page) => page.getByRole('link', { name: 'Volver al inicio' }),
      url: /\/$/,
      heading: HOME_HEADING,
    },
  },
];

for (const width of [1280, 375]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const kind of PAGES) {
      test(`${kind.name}: taken over as drawn, with no request for its data, then navigated within the app`, async ({
        page,
        request,
        browserProblems,
      }) => {
        const path = await kind.path(request);
        // The document of an address that names nothing answers 404: Chromium logs that load, and nothing else may be logged.
        if (kind.status === 404) browserProblems.expectFailedLoad(404, path);
        const watch = watchRequests(page);

        const served = await openServed(page, path);
        watch.phase = 'take-over';
        expect(served.response?.status()).toBe(kind.status ?? 200);
        expect(served.heading).toMatch(kind.heading);
        expect(served.data.status).toBe(kind.status ?? 200);
        expect(served.data.reads.map(({ read }) => read.kind)).toEqual(kind.reads);

        // Taken over: the heading on screen is the server's element, and the app drew nothing of its own.
        const heading = page.locator('main h1');
        await takenOver(heading);
        const link = await kind.then.link(page, width);
        await takenOver(link);
        await expect(heading).toHaveText(served.heading);
        await expect(heading).toBeVisible();
        expect(await kept(page)).toEqual({ sameHeading: true, removed: [], added: [], sawLoading: false });
        expect(watch.api('load', 'take-over'), 'API requests while the page loaded and was taken over').toEqual([]);
        const apiFetches = async () => (await fetchedAddresses(page)).filter((address) => address.startsWith('/api/'));
        expect(await apiFetches(), 'API fetches the browser timed while the page loaded and was taken over').toEqual([]);

        // Within the app: no document, 'Cargando...' (or the list marked busy) while the answer is held, then the new page.
        watch.phase = 'navigation';
        const linkText = (await link.textContent())!.trim();
        const release = kind.then.holds ? await hold(page, kind.then.holds) : undefined;
        const fetchedBefore = (await fetchedAddresses(page)).length;
        await link.click();
        await expect(page).toHaveURL(kind.then.url);
        if (kind.then.meanwhile === 'loading') await expect(page.getByText('Cargando...')).toBeVisible();
        if (kind.then.meanwhile === 'busy') await expect(page.locator('main ul[aria-busy="true"]')).toBeVisible();
        await release?.();
        await expect(heading).toHaveText(kind.then.heading === 'the link' ? linkText : kind.then.heading);
        await expect(page.getByText('Cargando...')).toHaveCount(0);
        const held = kind.then.holds;
        if (held) {
          // The browser's own record may come a moment after the page drew what it fetched.
          const asked = async () =>
            watch.requests.some((r) => r.phase === 'navigation' && held.test(r.address)) ||
            (await fetchedAddresses(page)).slice(fetchedBefore).some((address) => held.test(address));
          await expect.poll(asked, { message: `the new page's answer asked for, among:\n${watch.api().join('\n')}` }).toBe(true);
        }

        // Back to the page the server drew: from the app's cache, with no request.
        watch.phase = 'back';
        await page.goBack();
        await expect(heading).toHaveText(served.heading);
        expect(watch.api('back'), 'API requests on the way back').toEqual([]);

        expect(watch.documents(), 'documents loaded').toEqual([path]);
        expect(await sameDocument(page)).toBe(true);
        // No answer the page's HTML carried was ever asked for.
        const asked = watch.requests.map((r) => r.address);
        expect(served.dataAddresses.filter((address) => asked.includes(address))).toEqual([]);
      });
    }
  });
}
