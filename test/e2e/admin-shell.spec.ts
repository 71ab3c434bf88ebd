import { expect, test } from './support/fixtures';

test('desktop: the side navigation is always there and marks the current page', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const nav = page.getByRole('navigation', { name: 'Contenido del sitio' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menú' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('admin-shell-1280.png'), fullPage: true });

  await nav.getByRole('link', { name: 'Publicaciones' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);
  await expect(nav.getByRole('link', { name: 'Publicaciones' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Secciones' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Publicaciones' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Publicaciones' })).toBeVisible();

  await page.getByRole('link', { name: 'Panel de Control' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
});

test('375 px: the navigation hides behind a menu button that Escape closes', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const nav = page.getByRole('navigation', { name: 'Contenido del sitio' });
  const menu = page.getByRole('button', { name: 'Menú' });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('banner')).toContainText('admin');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('admin-shell-375.png'), fullPage: true });

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-shell-375-menu.png') });
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await nav.getByRole('link', { name: 'Biografías' }).click();
  await expect(page).toHaveURL(/\/admin\/biographies$/);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('the skip link takes keyboard users to the page content', async ({ adminPage: page }) => {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#admin-main')).toBeFocused();
});
