import { adminApi } from '../helpers/e2e-admin-api';
import { png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/** Public section pages reach every publication: twelve a page, the page in the address, real links. */

// Every card of the page, under whichever of the list's headings ('Próximos', 'Anteriores', 'Otras publicaciones').
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Páginas de Congresos' });

test('a section with more than twelve publications is paged, and every page can be reached and shared', async ({
  adminPage: page,
  browserProblems,
}) => {
  const api = adminApi(page);
  const congresos = (await api.list<{ id: number; slug: string }>('sections')).find((section) => section.slug === 'congresos')!;
  const access = (await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string;
  const image = await png(400, 250);
  const created: number[] = [];
  for (let i = 1; i <= 13; i += 1) {
    const reply = await page.request.fetch('/api/publications/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      multipart: {
        title: `Ponencia ${i}`,
        section_id: String(congresos.id),
        status: 'published',
        publish_date: '2026-01-15',
        featured_image: { name: 'ponencia.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(reply.status()).toBe(201);
    created.push(((await reply.json()) as { id: number }).id);
  }
  const total = (
    (await (await page.request.get('/api/public/publications/?section_slug=congresos&page_size=1')).json()) as { count: number }
  ).count;

  await page.goto('/congresos');
  await expect(cards(page)).toHaveCount(12);
  await expect(pages(page).getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');

  await pages(page).getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\/congresos\?pagina=2$/);
  await expect(cards(page)).toHaveCount(Math.min(12, total - 12));
  expect(await violations(page)).toEqual([]);

  // The address is the page: reloaded or shared, it opens the same page.
  await page.reload();
  await expect(pages(page).getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await pages(page).getByRole('link', { name: '← Anterior' }).click();
  await expect(page).toHaveURL(/\/congresos$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/congresos\?pagina=2$/);

  // A page past the last names nothing: the server answers 404, with the list saying so (the app does not ask again).
  browserProblems.expectFailedLoad(404, '/congresos');
  await page.goto('/congresos?pagina=50');
  await expect(page.getByText('Esta página de Congresos no existe.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a la primera página' }).click();
  await expect(cards(page)).toHaveCount(12);

  for (const id of created)
    await page.request.fetch(`/api/publications/${id}/`, { method: 'DELETE', headers: { Authorization: `Bearer ${access}` } });
});
