import { adminApi } from '../helpers/e2e-admin-api';
import { expect, test, type Page } from './support/fixtures';

/** The titles of the sections table, top to bottom. */
const shownOrder = (page: Page) =>
  page.getByRole('table', { name: 'Secciones' }).getByRole('row').locator('.kit-table-primary').allTextContents();
const handle = (page: Page, title: string) => page.getByRole('button', { name: `Arrastrar para reordenar: ${title}` });

let original: number[] = [];

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ adminPage: page }) => {
  original = await adminApi(page).order('sections');
  await page.goto('/admin/sections');
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
});

test.afterEach(async ({ adminPage: page }) => {
  await adminApi(page).restoreOrder('sections', original);
});

const waitForSavedOrder = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/sections/reorder/') && r.request().method() === 'PATCH');

test('the move buttons reorder at once, and the order survives a reload', async ({ adminPage: page }) => {
  const before = await shownOrder(page);
  const saved = waitForSavedOrder(page);
  await page.getByRole('button', { name: `Bajar ${before[0]}` }).click();
  expect(await shownOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await expect(page.getByRole('button', { name: `Bajar ${before[0]}` })).toBeFocused();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  expect(await shownOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
});

test('keyboard: space lifts, arrows move one row, space drops, Escape cancels; announced in Spanish', async ({ adminPage: page }) => {
  const before = await shownOrder(page);
  const announcer = page.locator('[id^="rfd-announcement"]');

  await handle(page, before[0]).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(`Ha levantado ${before[0]}, en la posición 1 de ${before.length}.`);
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText(`Ahora en la posición 2 de ${before.length}.`);
  await page.keyboard.press('ArrowDown');
  const saved = waitForSavedOrder(page);
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(`Ha soltado ${before[0]} en la posición 3 de ${before.length}.`);
  await saved;
  const moved = [before[1], before[2], before[0], ...before.slice(3)];
  await expect.poll(() => shownOrder(page)).toEqual(moved);

  // Escape puts it back where it was.
  await handle(page, before[0]).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(announcer).toContainText('Movimiento cancelado');
  expect(await shownOrder(page)).toEqual(moved);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  expect(await shownOrder(page)).toEqual(moved);
});

test('mouse: dragging a row by its handle moves it, and the order survives a reload', async ({ adminPage: page }) => {
  const before = await shownOrder(page);
  const announcer = page.locator('[id^="rfd-announcement"]');
  const from = (await handle(page, before[3]).boundingBox())!;
  const to = (await handle(page, before[0]).boundingBox())!;
  const saved = waitForSavedOrder(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 16 });
  // The row is over its new place once the list has made room for it there.
  await expect(announcer).toHaveText(`Ahora en la posición 1 de ${before.length}.`);
  await page.mouse.up();
  await saved;
  const moved = [before[3], before[0], before[1], before[2], ...before.slice(4)];
  await expect.poll(() => shownOrder(page)).toEqual(moved);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  expect(await shownOrder(page)).toEqual(moved);
});

test('a reorder the server refuses goes back, and the list shows what the server holds', async ({ adminPage: page, browserProblems }) => {
  const api = adminApi(page);
  const { body: extra } = await api.json<{ id: number }>('POST', '/api/sections/', { title: 'Sección efímera', is_active: false });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sección efímera', exact: true })).toBeVisible();
  const before = await shownOrder(page);
  // Someone deletes it behind this page's back: the next reorder names an id that no longer exists.
  await api.json('DELETE', `/api/sections/${extra.id}/`);

  const refused = waitForSavedOrder(page);
  browserProblems.expectFailedLoad(400, '/api/sections/reorder/');
  browserProblems.expectError(/^No se pudo guardar el nuevo orden /);
  // (The move shows at once and is undone when the answer comes: the component tests see both steps.)
  await page.getByRole('button', { name: `Subir ${before[1]}` }).click();
  expect((await refused).status()).toBe(400);
  await expect.poll(() => shownOrder(page)).toEqual(before.filter((title) => title !== 'Sección efímera'));
});
