import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDraftPublication, png, storedSession, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * 'Vista previa': what is typed in the form, unsaved, opens in the public
 * site's own frame (header, breadcrumb, footer, the canonical of its future
 * address) under a fixed banner, 1280 px wide ('Escritorio') or 375 px
 * ('Teléfono'), and follows the form while it is open; the detail page's
 * shows the saved version.
 */

const SHOTS = process.env.PREVIEW_SHOTS_DIR ?? path.join(os.tmpdir(), 'preview-shots');

const frameWidth = (preview: Page) =>
  preview.locator('iframe').evaluate((frame: HTMLIFrameElement) => ({
    width: Math.round(frame.getBoundingClientRect().width),
    inner: frame.contentWindow!.innerWidth,
  }));

test('preview unsaved changes in the public frame on both widths', async ({ adminPage: page }) => {
  const saved = `Jornada en vista previa ${Date.now()}`;
  const { id } = await createDraftPublication(page, saved);
  fs.mkdirSync(SHOTS, { recursive: true });

  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(saved);
  const unsaved = `${saved} (sin guardar)`;
  await page.getByLabel('Título').fill(unsaved);
  await page.getByLabel('Estado').selectOption('published');
  await page.getByLabel('Fecha de publicación').fill('2030-11-25');
  await page.getByLabel('Imagen destacada').setInputFiles({ name: 'nueva.png', mimeType: 'image/png', buffer: await png(1200, 400) });

  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Vista previa' }).click()]);
  await expect(preview).toHaveURL(new RegExp(`/vista-previa#publicacion-${id}$`));
  const banner = preview.getByRole('region', { name: 'Vista previa' });
  await expect(banner).toContainText('Programado para el 25 de noviembre de 2030');
  const desktop = banner.getByRole('button', { name: 'Escritorio' });
  const phone = banner.getByRole('button', { name: 'Teléfono' });
  await expect(desktop).toHaveAttribute('aria-pressed', 'true');

  // The public site's own frame, with what the form holds now.
  const site = preview.frameLocator('iframe');
  await expect(site.getByRole('heading', { level: 1, name: unsaved })).toBeVisible();
  await expect(site.getByRole('banner')).toBeVisible();
  await expect(site.getByRole('navigation', { name: 'Principal' })).toBeVisible();
  await expect(site.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Noticias');
  await expect(site.getByRole('contentinfo')).toBeVisible();
  await expect(site.locator('.detail__banner img')).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => site.locator('.detail__banner img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  expect(await frameWidth(preview)).toEqual({ width: 1280, inner: 1280 });

  // Its future address is the canonical; robots are told to keep none of it.
  const canonical = `${new URL(preview.url()).origin}/noticias/${id}`;
  await expect(preview.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(site.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect.poll(() => preview.title()).toContain(`Vista previa: ${unsaved} · `);
  expect(await violations(preview)).toEqual([]);
  await preview.screenshot({ path: path.join(SHOTS, 'preview-desktop.png') });

  // The form goes on changing: the open preview follows.
  const changed = `${saved} (cambiado)`;
  await page.getByLabel('Título').fill(changed);
  await page.getByLabel('Estado').selectOption('draft');
  await expect(site.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(banner).toContainText('Vista previa · no publicada');

  // 'Teléfono': the same page 375 px wide, where the site's phone layout applies (the menu button).
  await phone.click();
  await expect(phone).toHaveAttribute('aria-pressed', 'true');
  await expect(desktop).toHaveAttribute('aria-pressed', 'false');
  await expect(site.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  expect(await frameWidth(preview)).toEqual({ width: 375, inner: 375 });
  await expect(site.getByRole('button', { name: 'Menú' })).toBeVisible();
  await expect(site.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Noticias');
  expect(await violations(preview)).toEqual([]);
  await preview.screenshot({ path: path.join(SHOTS, 'preview-phone.png') });

  // The switch is reached with the keyboard from the banner, before the page in the frame.
  await banner.getByText('Vista previa · no publicada').click();
  await preview.keyboard.press('Tab');
  await expect(desktop).toBeFocused();
  await preview.keyboard.press('Enter');
  await expect(desktop).toHaveAttribute('aria-pressed', 'true');
  expect(await frameWidth(preview)).toEqual({ width: 1280, inner: 1280 });

  // Nothing was saved.
  await preview.close();
  await page
    .getByRole('button', { name: 'Cancelar' })
    .or(page.getByRole('link', { name: 'Cancelar' }))
    .click();
  await page.getByRole('button', { name: 'Salir sin guardar' }).click();
  await page.goto(`/admin/publications/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: saved })).toBeVisible();

  // The detail page's 'Vista previa' shows the saved version.
  const [savedPreview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Vista previa' }).click(),
  ]);
  await expect(savedPreview.getByRole('region', { name: 'Vista previa' })).toContainText('Vista previa · no publicada');
  await expect(savedPreview.frameLocator('iframe').getByRole('heading', { level: 1, name: saved })).toBeVisible();
  await expect(savedPreview.frameLocator('iframe').locator('.detail__banner img')).toHaveAttribute('src', /\/media\//);
});

test('a preview with no admin tab behind it says how to open one, in the site frame, phone wide too', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 700 ? 812 : 900 });
    await page.goto('/vista-previa#publicacion-1');
    await expect(page.getByRole('alert')).toContainText('abra la vista previa con el botón «Vista previa»');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await violations(page)).toEqual([]);
  }
});

test("a private link's page: the saved version under the banner, scheduled, at both widths, axe clean", async ({
  adminPage: page,
  browser,
}) => {
  const title = `Enlace en vista previa ${Date.now()}`;
  const { id, version } = await createDraftPublication(page, title);
  const headers = { Authorization: `Bearer ${(await storedSession(page))!.access}`, Accept: 'application/json' };
  const scheduled = await page.request.patch(`/api/publications/${id}/`, {
    headers,
    data: { status: 'published', publish_date: '2030-11-25', version },
  });
  expect(scheduled.status()).toBe(200);
  const made = await page.request.post(`/api/publications/${id}/preview-links/`, { headers, data: { days: 7 } });
  expect(made.status()).toBe(201);
  const { url } = (await made.json()) as { url: string };

  const visitor = await browser.newContext({ locale: 'es-ES' });
  const other = await visitor.newPage();
  for (const width of [1280, 375]) {
    await other.setViewportSize({ width, height: width < 700 ? 812 : 900 });
    await other.goto(url);
    const banner = other.getByRole('region', { name: 'Vista previa' });
    await expect(banner).toContainText('Programado para el 25 de noviembre de 2030');
    await expect(banner.getByRole('button', { name: width < 700 ? 'Teléfono' : 'Escritorio' })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.frameLocator('iframe').getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await frameWidth(other)).toEqual({ width, inner: width });
    await expect(other.locator('link[rel="canonical"]')).toHaveAttribute('href', `${new URL(other.url()).origin}/noticias/${id}`);
    expect(await violations(other)).toEqual([]);
    await other.screenshot({ path: path.join(SHOTS, `link-${width}.png`) });
  }
  await visitor.close();
});
