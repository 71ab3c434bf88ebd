import { expect, test, type Page } from './support/fixtures';
import { wheelAndSettle } from './support/frames';

// The navigation on a 375 px phone: a toggle that opens a menu over the page.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

const overflow = (page: Page) =>
  page.evaluate(() => [getComputedStyle(document.documentElement).overflow, getComputedStyle(document.body).overflow]);

test('the menu opens from its button, locks the page, and Escape closes it and returns focus', async ({ page }) => {
  await page.goto('/noticias');
  const toggle = page.getByRole('button', { name: 'Menú' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const nav = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(nav).toHaveAttribute('aria-label', 'Principal');
  await expect(nav).toBeHidden();

  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar' })).toHaveAttribute('aria-expanded', 'true');
  expect(await overflow(page)).toEqual(['hidden', 'hidden']);
  await expect(nav.getByRole('link', { name: 'Inicio' })).toBeFocused();

  // The page behind does not scroll.
  await wheelAndSettle(page, 600);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Tab stays inside the menu.
  for (let i = 0; i < 9; i += 1) await page.keyboard.press('Tab');
  const focusedInside = await page.evaluate(() => document.activeElement?.closest('.site-header') !== null);
  expect(focusedInside).toBe(true);

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menú' })).toBeFocused();
  expect(await overflow(page)).not.toContain('hidden');
});

test('choosing a link closes the menu and goes there', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Cuerpo docente' }).click();
  await expect(page).toHaveURL(/\/cuerpo-docente$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cuerpo Docente' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
  expect(await overflow(page)).not.toContain('hidden');
});

test('no page is wider than the phone', async ({ page, browserProblems }) => {
  // GIESE has no page here: the server answers 404 with the site's 404 page.
  browserProblems.expectFailedLoad(404, '/giese');
  for (const path of ['/', '/noticias', '/cuerpo-docente', '/revista', '/giese']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});
