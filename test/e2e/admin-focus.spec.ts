import { E2E_ADMIN } from '../../playwright.config';
import { adminApi } from '../helpers/e2e-admin-api';
import { png } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * Where the keyboard and the view are after an action (the page's top, the new
 * or next row, the heading), and what a keyboard, a phone and a pointer meet in
 * the panel's frame: the sign-in field, the menu button, the toasts.
 */

/** The id of the table row holding the focus, or what holds it when it is no row ('BODY', 'H1'…). */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const row = active?.closest<HTMLElement>('[data-row-id]');
    return row ? Number(row.dataset.rowId) : (active?.tagName ?? 'NONE');
  });

/** Whether the element holding the focus is inside the viewport. */
const focusInView = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function newBiography(page: Page, name: string): Promise<number> {
  const reply = await adminApi(page).json<{ id: number }>('POST', '/api/biographies/', { name, position: 'Docente', biography: 'Texto.' });
  expect(reply.status).toBe(201);
  return reply.body.id;
}

test('after Crear publicación the list opens at its top with the keyboard on the new publication', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const title = `Foco tras crear ${Date.now()}`;
  await page.goto('/admin/publications/new');
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Sección').selectOption({ label: 'Noticias' });
  await page.getByLabel('Fecha de publicación').fill('2026-01-15');
  await page.getByLabel('Imagen destacada').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await png(800, 400) });
  // The button at the foot of a long form, reached by scrolling down.
  await page.getByRole('button', { name: 'Crear publicación' }).scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Crear publicación' }).click();

  await expect(page).toHaveURL(/\/admin\/publications$/);
  const { body } = await adminApi(page).json<{ results: { id: number; title: string }[] }>(
    'GET',
    `/api/publications/?search=${encodeURIComponent(title)}&omit=layout`,
  );
  const created = body.results.find((p) => p.title === title)!;
  await expect.poll(() => focusedRow(page)).toBe(created.id);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeFocused();
  expect(await scrollY(page)).toBe(0);
  expect(await focusInView(page)).toBe(true);
});

test('after creating a section the keyboard is on its row, which is in view', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  const title = `Sección foco ${Date.now()}`;
  await page.goto('/admin/sections/new');
  await page.getByLabel('Título').fill(title);
  await page.getByRole('button', { name: 'Crear sección' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeFocused();
  expect(await focusInView(page)).toBe(true);
  const sections = await adminApi(page).list<{ id: number; title: string }>('sections');
  const created = sections.find((s) => s.title === title)!;
  expect(await focusedRow(page)).toBe(created.id);
  // Put back: the trash takes it.
  expect((await adminApi(page).json('DELETE', `/api/sections/${created.id}/`)).status).toBe(204);
});

test('a new page starts at its top with the keyboard on its heading', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/admin/biographies');
  await expect(page.getByRole('heading', { level: 1, name: /^Biografías/ })).toBeVisible();
  // The list makes the page taller than the window once its rows are in: a wheel turned before then scrolls nothing.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Papelera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Papelera' })).toBeFocused();
  expect(await scrollY(page)).toBe(0);
});

test('on a phone, Eliminar leaves the keyboard on the next biography; the deleted one is in the trash', async ({ adminPage: page }) => {
  const stamp = Date.now();
  const first = await newBiography(page, `Aaa Primera ${stamp}`);
  const second = await newBiography(page, `Aaa Segunda ${stamp}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/biographies?q=${stamp}`);
  const rowIds = async () =>
    page.locator('[data-row-id]').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.rowId)));
  await expect.poll(rowIds).toHaveLength(2);
  const [top, next] = await rowIds();
  const topName = top === first ? `Aaa Primera ${stamp}` : `Aaa Segunda ${stamp}`;
  await page.getByRole('button', { name: `Eliminar ${topName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => focusedRow(page)).toBe(next);
  expect(await focusInView(page)).toBe(true);
  expect((await adminApi(page).json('GET', `/api/biographies/${top}/`)).status).toBe(404);
  const trash = await adminApi(page).json<{ results: { kind: string; item_id: number }[] }>('GET', '/api/trash/?all=true');
  expect(trash.body.results.some((entry) => entry.kind === 'biography' && entry.item_id === top)).toBe(true);

  // The last one: the keyboard goes to the page's heading.
  const lastName = next === second ? `Aaa Segunda ${stamp}` : `Aaa Primera ${stamp}`;
  await page.getByRole('button', { name: `Eliminar ${lastName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No hay biografías que coincidan.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('Restaurar in the Papelera leaves the keyboard on the next entry, then on the heading; the item is back', async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const ids = [await newBiography(page, `Restaurable A ${stamp}`), await newBiography(page, `Restaurable B ${stamp}`)];
  for (const id of ids) expect((await adminApi(page).json('DELETE', `/api/biographies/${id}/`)).status).toBe(204);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/papelera');
  // Newest first: B, then A.
  await page.getByRole('button', { name: `Restaurar Restaurable B ${stamp}` }).click();
  await expect(page.getByRole('button', { name: `Restaurar Restaurable B ${stamp}` })).toHaveCount(0);
  const entries = await adminApi(page).json<{ results: { id: number; label: string }[] }>('GET', '/api/trash/?all=true');
  const entryA = entries.body.results.find((entry) => entry.label === `Restaurable A ${stamp}`)!;
  await expect.poll(() => focusedRow(page)).toBe(entryA.id);
  expect((await adminApi(page).json('GET', `/api/biographies/${ids[1]}/`)).status).toBe(200);
  // Put the other back too; then, with the trash emptied of them, whatever remains or the heading.
  await page.getByRole('button', { name: `Restaurar Restaurable A ${stamp}` }).click();
  await expect(page.getByRole('button', { name: `Restaurar Restaurable A ${stamp}` })).toHaveCount(0);
  await expect.poll(() => focusedRow(page)).not.toBe('BODY');
  expect((await adminApi(page).json('GET', `/api/biographies/${ids[0]}/`)).status).toBe(200);
  for (const id of ids) await adminApi(page).json('DELETE', `/api/biographies/${id}/`);
});

test('the sign-in screen takes the keys typed the moment it appears, the first one included', async ({ page }) => {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  const username = page.getByLabel('Usuario');
  await username.waitFor();
  // No click first: the keys go where the screen puts them.
  await page.keyboard.type(E2E_ADMIN.username);
  await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await expect(username).toHaveValue(E2E_ADMIN.username);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the frame: no white margin, a menu button of 44 × 44 px on a phone, toasts in the panel font and clear of row actions', async ({
  adminPage: page,
}) => {
  expect(
    await page.locator('.admin').evaluate((element) => element.getBoundingClientRect().top + element.getBoundingClientRect().left),
  ).toBe(0);

  await page.setViewportSize({ width: 375, height: 812 });
  const menu = await page.getByRole('button', { name: 'Menú' }).boundingBox();
  expect(menu!.width).toBeGreaterThanOrEqual(44);
  expect(menu!.height).toBeGreaterThanOrEqual(44);

  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `Aviso ${Date.now()}`;
  const id = await newBiography(page, name);
  await page.goto('/admin/biographies');
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  const toast = page.getByText(`Biografía de ${name} eliminada`);
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/^("?Times|serif)/i);
  expect(await toast.evaluate((element) => getComputedStyle(element).fontFamily)).toBe(
    await page.locator('.admin').evaluate((element) => getComputedStyle(element).fontFamily),
  );
  const box = (await toast.locator('xpath=..').boundingBox())!;
  const actions = await page
    .locator('.kit-table-actions')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect));
  const overlaps = actions.filter((a) => a.left < box.x + box.width && box.x < a.right && a.top < box.y + box.height && box.y < a.bottom);
  expect(overlaps).toEqual([]);
  expect((await adminApi(page).json('GET', `/api/biographies/${id}/`)).status).toBe(404);
});

/** The words of the publication list that a line break cuts in two ('SECCIÓ N'), as shown. */
const brokenWords = (page: Page) =>
  page.locator('.kit-table').evaluate((table) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    // Text kept for screen readers only (the headers of the cards, clipped to 1 px) is not shown.
    const shown = (element: Element | null): boolean => {
      for (let at = element; at && at !== table.parentElement; at = at.parentElement)
        if (at.getBoundingClientRect().width <= 1) return false;
      return true;
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!shown(node.parentElement)) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

test('the publication list keeps its words whole at 1024, 1280 and 1440 px, and on a phone', async ({ adminPage: page }, testInfo) => {
  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
    [1440, 900],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/publications');
    await expect(page.locator('[data-row-id]').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`publication-list-${width}.png`), fullPage: true });
    expect(await brokenWords(page), `words cut at ${width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `sideways scroll at ${width} px`,
    ).toBeLessThanOrEqual(0);
  }
});

test('a title without spaces breaks inside the page heading instead of running off the page', async ({ adminPage: page }) => {
  const title = `Título${'x'.repeat(180)}`;
  const { body: sections } = await adminApi(page).json<{ results: { id: number }[] }>('GET', '/api/sections/');
  const access = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access: string }).access);
  const reply = await page.request.post('/api/publications/', {
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    multipart: {
      title,
      section_id: String(sections.results[0].id),
      publish_date: '2026-01-15',
      featured_image: { name: 'portada.png', mimeType: 'image/png', buffer: await png(400, 200) },
    },
  });
  expect(reply.status()).toBe(201);
  const created = { body: (await reply.json()) as { id: number } };
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/publications/${created.body.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Títuloxxx');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await heading.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect((await adminApi(page).json('DELETE', `/api/publications/${created.body.id}/`)).status).toBe(204);
});
