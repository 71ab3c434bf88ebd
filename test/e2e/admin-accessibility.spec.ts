import { violations } from './admin-helpers';
import { expect, test } from './support/fixtures';

test('the sign-in screen has no accessibility violations, with or without an error', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the admin shell has no accessibility violations on desktop and on a phone with the menu open', async ({ adminPage: page }) => {
  // Three axe runs over whole admin pages: on a busy machine they outlast the default 30 s.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('article', { name: 'Secciones' }).getByText('5', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/admin/publications');
  await expect(page.getByRole('table', { name: 'Publicaciones' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Contenido del sitio' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
