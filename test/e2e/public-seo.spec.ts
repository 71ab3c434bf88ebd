import { expect, test } from './support/fixtures';

// What search engines and link previews get from the server itself (no JavaScript run).

test('a publication address is served with its own title, description and image in the HTML', async ({ page, request }) => {
  await page.goto('/noticias');
  const first = page.locator('.card__link').first();
  const title = (await first.textContent())!.trim();
  const href = (await first.getAttribute('href'))!;

  const html = await (await request.get(href)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain(`<title>${title} · Máster en Educación Emocional y Convivencia Escolar</title>`);
  expect(head).toMatch(new RegExp(`<meta property="og:title" content="${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
  const description = /<meta name="description" content="([^"]+)"/.exec(head)?.[1] ?? '';
  expect(description.length).toBeGreaterThan(30);
  expect(description).not.toMatch(/[<>]/);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(head)?.[1];
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.(jpe?g|png|webp)$/);
  expect((await request.get(image!)).status()).toBe(200);

  // The browser shows the same title once the page has run.
  await page.goto(href);
  await expect(page).toHaveTitle(`${title} · Máster en Educación Emocional y Convivencia Escolar`);
});

test('/sitemap.xml lists every page of the navigation and every public publication, and no draft', async ({ page, request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locs = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => new URL(m[1]).pathname);

  await page.goto('/');
  const navPaths = await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const path of navPaths.filter((p) => p !== '/giese')) expect(locs).toContain(path);
  expect(locs).not.toContain('/giese');

  for (const list of ['/presentacion-magister', '/revista', '/congresos', '/media', '/noticias']) {
    await page.goto(list);
    await expect(page.locator('.card').first()).toBeVisible();
    for (const href of await page.locator('.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
      expect(locs).toContain(href);
    }
  }
  expect(locs.filter((p) => /^\/[a-z-]+\/\d+$/.test(p)).length).toBeGreaterThan(5);
  expect(xml).not.toContain('/admin');
});

test('robots.txt keeps /admin out and gives the sitemap by its full address', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
