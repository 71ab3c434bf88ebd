import { FACULTY_SEGMENT } from '@/domain/catalogue';
import { expect, test } from './support/fixtures';

// A lazy page's code named in the HTML the server sends, so that it downloads beside the main script
// instead of after it has run: its stylesheets linked (the page is drawn before any script runs), its
// scripts preloaded (docs/decisions/185). The names must be the files the page then loads.

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloaded = (html: string) =>
  Array.from(head(html).matchAll(/<link rel="(?:preload|stylesheet)" href="(\/assets\/[^"]+)"(?: as="script")? \/>/g), (m) => m[1]);

test('each kind of public page preloads the code its page loads, each file fetched once', async ({ page, request }) => {
  await page.goto('/noticias');
  const publication = (await page.locator('.card__link').first().getAttribute('href'))!;
  // The home page draws the latest news with the list pages' code (site-list).
  const addresses = ['/', '/noticias', publication, '/buscar?q=emociones', `/${FACULTY_SEGMENT}`];

  for (const address of addresses) {
    const named = preloaded(await (await request.get(address)).text());
    expect(named, address).toContainEqual(expect.stringMatching(/^\/assets\/site-[a-z]+\.[0-9a-f]{8}\.js$/));

    const fetched: string[] = [];
    const listen = (req: { url(): string }) => {
      const { pathname } = new URL(req.url());
      if (/^\/assets\/.+\.(js|css)$/.test(pathname) && !/^\/assets\/main\./.test(pathname)) fetched.push(pathname);
    };
    page.on('request', listen);
    await page.goto(address);
    await expect(page.locator('main h1')).toBeVisible();
    page.off('request', listen);
    // The design tokens, the main stylesheet's first rule, apply (a line the build puts before the main
    // script must not reach the stylesheet, where it would break that rule).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--font-sans')), address).toContain(
      'system-ui',
    );
    // Everything the page loaded beyond the main files was named in its HTML, and fetched once.
    expect([...fetched].sort(), address).toEqual([...named].sort());
  }
});

// The page's first API answer comes inside its HTML (docs/decisions/069): the first render draws the
// page from it, with no 'Cargando…' and no request; what the visitor does next asks the API as before.
test('a list, a publication and a search draw from the answer in their HTML, and ask the API only for what comes next', async ({
  page,
}) => {
  const asked: string[] = [];
  const images: string[] = [];
  page.on('request', (req) => {
    const { pathname, search } = new URL(req.url());
    if (pathname.startsWith('/api/public/')) asked.push(`${pathname}${search}`);
    if (pathname.startsWith('/media/')) images.push(pathname);
  });
  // Anything painted before the page is whole: the loading line must never be among it.
  const sawLoading = () => page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading === true);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Cargando')) (window as unknown as { sawLoading?: boolean }).sawLoading = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });

  await page.goto('/noticias');
  await expect(page.locator('.card').first()).toBeVisible();
  expect(await sawLoading()).toBe(false);
  const publication = (await page.locator('.card__link').first().getAttribute('href'))!;
  expect(asked.filter((address) => address.startsWith('/api/public/publications/'))).toEqual([]);
  // The first card's image, named in the HTML with the card's srcset and sizes, is the variant the card shows, fetched once.
  const firstImage = page.locator('.card img').first();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc !== '')).toBe(true);
  const shown = new URL(await firstImage.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(images.filter((image) => image === shown)).toEqual([shown]);

  // Another list, within the app: asked for.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Revista' }).click();
  await expect(page.locator('main h1')).toHaveText('Revista');
  expect(asked).toContainEqual(expect.stringMatching(/^\/api\/public\/publications\/\?section_slug=revista&/));

  await page.goto(publication);
  await expect(page.locator('main h1')).toBeVisible();
  expect(await sawLoading()).toBe(false);
  expect(asked.filter((address) => address.startsWith('/api/public/publication/'))).toEqual([]);

  await page.goto('/buscar?q=emociones');
  await expect(page.getByText(/\d+ resultados? para «emociones»/)).toBeVisible();
  expect(await sawLoading()).toBe(false);
  expect(asked.filter((address) => address.startsWith('/api/public/search/'))).toEqual([]);
});
