import { adminApi } from '../helpers/e2e-admin-api';
import { violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * The admin publication list (docs/decisions/200): a table at 1280 px, sorted by its headers
 * in the server's order, the moves hidden while sorted; cards on a phone, without sideways
 * scroll; axe clean in both.
 */

const list = (page: Page) => page.getByRole('table', { name: 'Publicaciones' });
const shownTitles = (page: Page) => list(page).locator('[data-row-id] .kit-table-primary').allTextContents();
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 1280 px a table sorted by its headers, in the order the server holds; on a phone, cards', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/publications');
  await expect(list(page)).toHaveAttribute('data-layout', 'table');
  await expect(list(page).getByRole('columnheader', { name: 'Destacado' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  // Every column's header and cells within the table's width.
  const overflowing = await list(page).evaluate(
    (table) => Array.from(table.querySelectorAll('[role="row"]')).filter((row) => row.scrollWidth > row.clientWidth + 1).length,
  );
  expect(overflowing).toBe(0);
  await expect(page.getByRole('button', { name: /^Arrastrar para reordenar/ }).first()).toBeVisible();

  await list(page).getByRole('button', { name: 'Título' }).click();
  await expect(page).toHaveURL(/\?orden=titulo$/);
  await expect(list(page).getByRole('columnheader', { name: 'Título' })).toHaveAttribute('aria-sort', 'ascending');
  const { body } = await adminApi(page).json<{ results: { title: string }[] }>(
    'GET',
    '/api/publications/?page=1&page_size=20&omit=layout&ordering=title',
  );
  await expect.poll(() => shownTitles(page)).toEqual(body.results.map((p) => p.title));
  await expect(page.getByRole('button', { name: /^Arrastrar para reordenar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Subir / })).toHaveCount(0);
  await expect(page.getByText('Para cambiar el orden manual, vuelva a «Orden manual».')).toBeVisible();
  // The keyboard stays on the header it pressed.
  await expect(list(page).getByRole('button', { name: 'Título' })).toBeFocused();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Orden manual' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);
  await expect(page.getByRole('button', { name: /^Arrastrar para reordenar/ }).first()).toBeVisible();
  await expect(list(page).getByRole('columnheader', { name: 'Título' })).toHaveAttribute('aria-sort', 'none');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(list(page)).toHaveAttribute('data-layout', 'cards');
  await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Fecha, recientes primero' });
  await expect(page).toHaveURL(/\?orden=-fecha$/);
  await expect(list(page).locator('[data-row-id]').first()).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
});
