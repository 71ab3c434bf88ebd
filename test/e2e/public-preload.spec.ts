import { FACULTY_SEGMENT } from '@/domain/catalogue';
import { expect, test } from './support/fixtures';

// A lazy page's code named in the HTML the server sends (`<link rel=preload>`), so that it downloads
// beside the main script instead of after it has run: the names must be the files the page then loads.

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloaded = (html: string) =>
  Array.from(head(html).matchAll(/<link rel="preload" href="([^"]+)" as="(script|style)" \/>/g), (m) => m[1]);

test('each kind of public page preloads the code its page loads, each file fetched once', async ({ page, request }) => {
  await page.goto('/noticias');
  const publication = (await page.locator('.card__link').first().getAttribute('href'))!;
  const addresses = ['/noticias', publication, '/buscar?q=emociones', `/${FACULTY_SEGMENT}`];

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

  // The home page's code is the main script's: it names nothing.
  expect(preloaded(await (await request.get('/')).text())).toEqual([]);
});
