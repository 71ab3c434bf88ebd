import { E2E_ADMIN } from '../../playwright.config';
import { png, violations } from './admin-helpers';
import { expect, test, type APIRequestContext, type Page } from './support/fixtures';

/**
 * Thirty publications in a section, paged by twelve, on the spec's site, whose
 * clock this test sets (test/e2e/support/settable-clock.mjs): a publication dated
 * tomorrow appears at the site's midnight (Europe/Madrid), while it is still
 * yesterday in UTC.
 */

/**
 * 23:50 on 15 January 2030 in Madrid (UTC+1 in winter) is 22:50 UTC. The server's clock runs on from the instant
 * set, so it is set ten minutes before midnight: the test (two minutes at most) cannot reach midnight on its own
 * however slow the machine.
 */
const BEFORE_MIDNIGHT = Date.UTC(2030, 0, 15, 22, 50, 0);
/** 00:00:05 on the 16th in Madrid: still the 15th (23:00:05) in UTC. */
const AFTER_MIDNIGHT = Date.UTC(2030, 0, 15, 23, 0, 5);

const cards = (page: Page) => page.getByRole('list', { name: 'Publicaciones de Jornadas' }).getByRole('listitem');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Páginas de Jornadas' });

async function signIn(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/token/', { data: E2E_ADMIN });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { access: string }).access;
}

test('thirty publications are paged by twelve, and one dated tomorrow appears at local midnight', async ({ page, request, site }) => {
  site.setClock(BEFORE_MIDNIGHT);
  const token = await signIn(request);
  const headers = { Authorization: `Bearer ${token}` };
  const section = await request.post('/api/sections/', { headers, data: { title: 'Jornadas' } });
  expect(section.status()).toBe(201);
  const sectionId = String(((await section.json()) as { id: number }).id);
  const image = await png(400, 250);
  const publish = async (title: string, date: string) => {
    const reply = await request.post('/api/publications/', {
      headers,
      multipart: {
        title,
        section_id: sectionId,
        status: 'published',
        publish_date: date,
        featured_image: { name: 'j.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(reply.status()).toBe(201);
  };
  for (let i = 1; i <= 30; i += 1) await publish(`Jornada ${String(i).padStart(2, '0')}`, '2030-01-10');
  await publish('Crónica de mañana', '2030-01-16');

  // Twelve, twelve and six: every page reached through its link and by its address.
  await page.goto(`${site.origin}/jornadas`);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByText('Crónica de mañana')).toHaveCount(0);
  await pages(page).getByRole('link', { name: 'Siguiente →' }).click();
  await expect(page).toHaveURL(`${site.origin}/jornadas?pagina=2`);
  await expect(cards(page)).toHaveCount(12);
  await pages(page).getByRole('link', { name: 'Página 3' }).click();
  await expect(page).toHaveURL(`${site.origin}/jornadas?pagina=3`);
  await expect(cards(page)).toHaveCount(6);
  await expect(pages(page).getByRole('link', { name: 'Siguiente →' })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  const seen = new Set<string>();
  for (const n of [1, 2, 3]) {
    await page.goto(`${site.origin}/jornadas?pagina=${n}`);
    await expect(cards(page).first()).toBeVisible();
    for (const text of await cards(page).getByRole('heading').allTextContents()) seen.add(text.trim());
  }
  expect(seen.size).toBe(30);

  // Local midnight: the crónica dated the 16th is public, though UTC is still on the 15th.
  site.setClock(AFTER_MIDNIGHT);
  await expect(async () => {
    await page.goto(`${site.origin}/jornadas`);
    await expect(page.getByText('Crónica de mañana')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(12);
  await page.goto(`${site.origin}/jornadas?pagina=3`);
  await expect(cards(page)).toHaveCount(7);
});
