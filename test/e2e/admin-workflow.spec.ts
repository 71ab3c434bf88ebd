import { createDraftPublication, violations } from './admin-helpers';
import { expect, test } from './support/fixtures';

/**
 * Honest status: a publication saved as 'Publicado' with a date after today
 * is 'Programado · date' in the list (and under the list's status filter) and
 * in the landing's 'Programadas', never 'Publicado' before its day.
 */

const title = `Jornada programada ${Date.now()}`;

test("a publication scheduled for a later day reads 'Programado · …' in the list and on the landing", async ({ adminPage: page }) => {
  const { id } = await createDraftPublication(page, title);

  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await page.getByLabel('Estado').selectOption('published');
  await page.getByLabel('Fecha de publicación').fill('2030-11-25');
  await expect(page.getByText('Se publicará el 25 de noviembre de 2030.')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);

  await page.getByLabel('Estado').selectOption('scheduled');
  await expect(page).toHaveURL(/status=scheduled/);
  const row = page.getByRole('table', { name: 'Publicaciones' }).getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Programado · 25 nov 2030')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // 'Publicado' is what visitors see today: not this one.
  await page.getByLabel('Estado').selectOption('published');
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/admin');
  const scheduled = page.getByRole('region', { name: 'Programadas' });
  // Other tests on this worker's database may have scheduled theirs for the same day: this one is found by its title.
  const ours = scheduled.getByRole('listitem').filter({ hasText: title }).getByText('Programado · 25 nov 2030');
  await expect(ours).toBeVisible();
  await expect(scheduled.getByRole('link', { name: 'Ver todas las programadas' })).toHaveAttribute(
    'href',
    '/admin/publications?status=scheduled',
  );
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('landing-1280.png'), fullPage: true });

  // On a phone the panels stack, and nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(ours).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('landing-375.png'), fullPage: true });
  await page.goto('/admin/publications?status=scheduled');
  await expect(row.getByText('Programado · 25 nov 2030')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('list-375.png'), fullPage: true });
});
