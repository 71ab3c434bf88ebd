import { adminApi } from '../helpers/e2e-admin-api';
import { png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * A section an administrator creates reaches visitors (docs/decisions/062): its link in the navigation and the footer after the five,
 * its list page at /{slug}, its publications with their breadcrumb, the
 * sitemap; hidden, all of it goes.
 */

interface Section {
  id: number;
  slug: string;
  version: number;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const footer = (page: Page) => page.getByRole('contentinfo');

test('a visible section gets its page and links, and hiding it takes them away', async ({ adminPage: page, browserProblems }, testInfo) => {
  const api = adminApi(page);
  const created = await api.json<Section>('POST', '/api/sections/', { title: 'Talleres de verano', is_active: true });
  expect(created.status).toBe(201);
  const section = created.body;
  expect(section.slug).toBe('talleres-de-verano');
  const today = new Date().toISOString().slice(0, 10);
  const publication = await page.request.fetch('/api/publications/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string}` },
    multipart: {
      title: 'Taller de mediación entre iguales',
      section_id: String(section.id),
      status: 'published',
      publish_date: today,
      featured_image: { name: 'taller.png', mimeType: 'image/png', buffer: await png(800, 500) },
    },
  });
  expect(publication.status()).toBe(201);
  const publicationId = ((await publication.json()) as { id: number }).id;

  // The admin's detail page tells where the section lives.
  await page.goto(`/admin/sections/${section.id}`);
  await expect(page.getByRole('link', { name: /\/talleres-de-verano/ })).toHaveAttribute('href', '/talleres-de-verano');

  // Desktop: the link after the five, before GIESE; the footer lists it too.
  await page.goto('/');
  const labels = await nav(page).getByRole('link').allTextContents();
  expect(labels.slice(-3)).toEqual(['Noticias', 'Talleres de verano', 'GIESE']);
  await expect(footer(page).getByRole('link', { name: 'Talleres de verano' })).toHaveAttribute('href', '/talleres-de-verano');

  await nav(page).getByRole('link', { name: 'Talleres de verano' }).click();
  await expect(page).toHaveURL(/\/talleres-de-verano$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Talleres de verano' })).toBeVisible();
  await expect(page).toHaveTitle(/^Talleres de verano · /);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('added-section-1280.png'), fullPage: true });

  await page
    .getByRole('link', { name: /Taller de mediación entre iguales/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/talleres-de-verano/${publicationId}$`));
  await expect(page.getByRole('navigation', { name: /migas|Ruta/i }).getByRole('link', { name: 'Talleres de verano' })).toHaveAttribute(
    'href',
    '/talleres-de-verano',
  );

  // The page as loaded directly: its head says what it is.
  const html = await (await page.request.get('/talleres-de-verano')).text();
  expect(html).toContain('<title>Talleres de verano · ');
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain('/talleres-de-verano</loc>');

  // Phone: the menu has it too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(nav(page).getByRole('link', { name: 'Talleres de verano' })).toBeVisible();
  await page.goto('/talleres-de-verano');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('added-section-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Hidden: no link, no page, not in the sitemap.
  const hidden = await api.json<Section>('PATCH', `/api/sections/${section.id}/`, { is_active: false, version: section.version });
  expect(hidden.status).toBe(200);
  await page.goto('/');
  await expect(nav(page).getByRole('link', { name: 'Noticias' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Talleres de verano' })).toHaveCount(0);
  await expect(footer(page).getByRole('link', { name: 'Talleres de verano' })).toHaveCount(0);
  // A hidden section's page names nothing: 404, with the site's 404 page.
  browserProblems.expectFailedLoad(404, '/talleres-de-verano');
  await page.goto('/talleres-de-verano');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain('/talleres-de-verano</loc>');

  // Shown again: back they come.
  expect((await api.json('PATCH', `/api/sections/${section.id}/`, { is_active: true, version: hidden.body.version })).status).toBe(200);
  await page.goto('/talleres-de-verano');
  await expect(page.getByRole('heading', { level: 1, name: 'Talleres de verano' })).toBeVisible();

  // Leave the demo content as it was for the other tests.
  await page.request.fetch(`/api/publications/${publicationId}/`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string}` },
  });
  expect((await api.json('DELETE', `/api/sections/${section.id}/`)).status).toBe(204);
});
