import AxeBuilder from '@axe-core/playwright';
import { adminApi } from '../helpers/e2e-admin-api';
import { png } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

// Searching the public site from its header, against the real server and its demo content.

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const results = (page: Page) => page.getByRole('list', { name: 'Resultados de búsqueda' }).locator('.card');

test('desktop: Buscar in the header opens a field; the results page lists marked snippets', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: 'Buscar' }).click();
  const field = header.getByRole('searchbox', { name: 'Buscar en el sitio' });
  await expect(field).toBeFocused();
  await field.fill('EMOCION');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=EMOCION$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados de búsqueda' })).toBeVisible();
  await expect(page.getByText(/^\d+ resultados? para «EMOCION»$/)).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  // Accents and endings differ; the words found are marked all the same.
  await expect(page.locator('.card mark').first()).toHaveText(/^emoci[oó]n(es)?$/i);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', 'noindex');
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('search-1280.png'), fullPage: true });
  // Escape closes the header's field and gives focus back to its button.
  await header.getByRole('button', { name: 'Buscar' }).click();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Buscar' })).toBeFocused();
  await expect(header.getByRole('searchbox')).toBeHidden();
});

test('phone: the menu holds the search field', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/noticias');
  await page.getByRole('button', { name: 'Menú' }).click();
  const field = page.locator('.site-nav-panel').getByRole('searchbox', { name: 'Buscar en el sitio' });
  await field.fill('convivencia escolar');
  await page.locator('.site-nav-panel').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/buscar\?q=convivencia\+escolar$/);
  await expect(page.getByText(/^\d+ resultados? para «convivencia escolar»$/)).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  // The first result's image is the phone's largest paint: fetched first, the others after.
  const images = results(page).locator('img');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.nth(1)).not.toHaveAttribute('fetchpriority', /.*/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('search-375.png'), fullPage: true });
});

test('a second page of results, through the pagination', async ({ adminPage: page }) => {
  const api = adminApi(page);
  const noticias = (await api.list<{ id: number; slug: string }>('sections')).find((section) => section.slug === 'noticias')!;
  const access = (await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string;
  const image = await png(400, 250);
  const created: number[] = [];
  // Thirteen publications that share a word no demo publication holds: twelve on page 1, one on page 2.
  for (let i = 1; i <= 13; i += 1) {
    const reply = await page.request.fetch('/api/publications/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      multipart: {
        title: `Jornada de interioridad ${i}`,
        section_id: String(noticias.id),
        status: 'published',
        publish_date: '2026-01-15',
        featured_image: { name: 'jornada.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(reply.status()).toBe(201);
    created.push(((await reply.json()) as { id: number }).id);
  }
  await page.goto('/buscar?q=interioridad');
  await expect(page.getByText('13 resultados para «interioridad»')).toBeVisible();
  await expect(results(page)).toHaveCount(12);
  await page.getByRole('navigation', { name: 'Páginas de resultados' }).getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\/buscar\?q=interioridad&pagina=2$/);
  await expect(results(page)).toHaveCount(1);
  for (const id of created)
    await page.request.fetch(`/api/publications/${id}/`, { method: 'DELETE', headers: { Authorization: `Bearer ${access}` } });
});

test("the faculty found by name lead the results as 'Cuerpo docente', each linking to their card", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Drawn by the server too: a reader without scripts has the links.
  const html = await (await request.get('/buscar?q=ferrer')).text();
  expect(html).toMatch(/href="\/cuerpo-docente#docente-\d+"/);
  await page.goto('/buscar?q=ferrer');
  const faculty = page.getByRole('region', { name: 'Cuerpo docente' });
  const link = faculty.getByRole('link', { name: 'Dra. Lucía Ferrer Quintana' });
  await expect(link).toBeVisible();
  await expect(faculty.getByText('Coordinadora de prácticas. Orientadora educativa')).toBeVisible();
  await expectNoViolations(page);
  await link.click();
  await expect(page).toHaveURL(/\/cuerpo-docente#docente-\d+$/);
  const card = page.getByRole('article', { name: 'Dra. Lucía Ferrer Quintana' });
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
});

test('an empty search and a short one say so', async ({ page }) => {
  await page.goto('/buscar?q=zzyzx');
  await expect(page.getByText('No hemos encontrado nada para «zzyzx». Pruebe con otras palabras.')).toBeVisible();
  await page.goto('/buscar?q=a');
  await expect(page.getByText('Escriba al menos 2 caracteres.')).toBeVisible();
  await expectNoViolations(page);
});

test('the page head announces the feeds, and the footer links the site feed', async ({ page, request }) => {
  await page.goto('/revista');
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"][href="/feed.xml"]')).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"][href="/feeds/revista.xml"]')).toHaveCount(1);
  const link = page.getByRole('contentinfo').getByRole('link', { name: /Suscribirse a las novedades/ });
  await expect(link).toHaveAttribute('href', '/feed.xml');
  const feed = await request.get('/feed.xml');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
});
