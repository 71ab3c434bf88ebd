import { FACULTY_SEGMENT } from '@/domain/catalogue';
import { expect, test } from './support/fixtures';

// A lazy page's code, and the API answer it reads first, named in the HTML the server sends
// (`<link rel=preload>`), so that they download beside the main script instead of after it has run:
// the names must be what the page then loads, and the browser must reuse them rather than fetch again.

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloaded = (html: string) =>
  Array.from(head(html).matchAll(/<link rel="preload" href="([^"]+)" as="(script|style)" \/>/g), (m) => m[1]);
const preloadedData = (html: string) =>
  Array.from(head(html).matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g), (m) =>
    m[1].replace(/&amp;/g, '&'),
  );

test('each kind of public page preloads the code its page loads and the answer it reads, each fetched once', async ({ page, request }) => {
  await page.goto('/noticias');
  const publication = (await page.locator('.card__link').first().getAttribute('href'))!;
  const addresses = ['/noticias', publication, '/buscar?q=emociones', `/${FACULTY_SEGMENT}`];

  for (const address of addresses) {
    const html = await (await request.get(address)).text();
    const named = preloaded(html);
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
    // Everything the page loaded beyond the main files was named in its HTML, and fetched once.
    expect([...fetched].sort(), address).toEqual([...named].sort());
    // The one API answer the page read was the preloaded one, fetched once (by the preload).
    const read = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.pathname.startsWith('/api/'))
        .map((url) => url.pathname + url.search),
    );
    expect(read, address).toEqual(preloadedData(html));
  }

  // The home page's code is the main script's, and it reads nothing at first: it names nothing.
  const home = await (await request.get('/')).text();
  expect([...preloaded(home), ...preloadedData(home)]).toEqual([]);
});
