import { createDraftPublication, violations } from './admin-helpers';
import { expect, test } from './support/fixtures';

/**
 * 'Compartir borrador': 'Crear enlace privado' on a publication's detail page
 * makes an address shown once, with 'Copiar enlace'; anyone holding it sees
 * the saved version in the public frame without signing in, until the link is
 * revoked ('Revocar enlace'), when the same address answers 404 with the
 * site's page. Actividad records the link's creation, first view and
 * revocation.
 */

test('make a private link on the detail page, open it signed out in another browser, revoke it and see the 404 there', async ({
  adminPage: page,
  browser,
  browserProblems,
}) => {
  const title = `Borrador para la dirección ${Date.now()}`;
  const { id } = await createDraftPublication(page, title);

  await page.goto(`/admin/publications/${id}`);
  const panel = page.getByRole('region', { name: 'Enlaces privados' });
  await expect(panel.getByText('No hay enlaces privados activos.')).toBeVisible();
  await expect(panel.getByLabel('Caducidad')).toHaveValue('7');
  await panel.getByRole('button', { name: 'Crear enlace privado' }).click();

  // Shown once, whole, with its copy button; the keyboard follows it there.
  await expect(panel.getByRole('heading', { name: 'Enlace privado creado.' })).toBeFocused();
  const address = await panel.getByLabel('Enlace privado', { exact: true }).inputValue();
  expect(address).toMatch(new RegExp(`^${new URL(page.url()).origin}/vista-previa/[A-Za-z0-9_-]{43}$`));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Enlace copiado.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const table = panel.getByRole('table', { name: 'Enlaces privados' });
  const row = table.getByRole('row').filter({ hasText: 'Caduca el' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Aún no se ha abierto');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('detail-links-1280.png'), fullPage: true });

  // Someone without an account, in a browser of their own.
  const visitor = await browser.newContext();
  browserProblems.watch(visitor);
  const other = await visitor.newPage();
  const shown = await other.goto(address);
  expect(shown?.status()).toBe(200);
  expect(shown?.headers()).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' });
  await expect(other.getByRole('region', { name: 'Vista previa' })).toContainText('Vista previa · no publicada');
  await expect(other.frameLocator('iframe').getByRole('heading', { level: 1, name: title })).toBeVisible();
  await other.screenshot({ path: test.info().outputPath('visitor-1280.png') });

  // The panel tells when it was first opened.
  await page.reload();
  await expect(row).not.toContainText('Aún no se ha abierto');
  await row.getByRole('button', { name: /^Revocar enlace/ }).click();
  const dialog = page.getByRole('dialog', { name: '¿Revocar este enlace privado? Quien lo tenga dejará de ver la publicación.' });
  await dialog.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(panel.getByText('No hay enlaces privados activos.')).toBeVisible();
  await expect(page.getByText('Enlace revocado.')).toBeVisible();

  // The same address, in the visitor's browser: the site's 404.
  // The page itself, drawn as the 404 page by the server: the app does not ask the API again (docs/decisions/185).
  browserProblems.expectFailedLoad(404, /\/vista-previa\/[A-Za-z0-9_-]{43}$/);
  const gone = await other.reload();
  expect(gone?.status()).toBe(404);
  expect(gone?.headers()).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' });
  await expect(other.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await other.screenshot({ path: test.info().outputPath('visitor-404-1280.png') });
  await visitor.close();

  // Actividad: made, first opened, revoked.
  await page.goto('/admin/actividad');
  for (const label of ['Enlace privado creado', 'Enlace privado abierto por primera vez', 'Enlace privado revocado']) {
    await expect(page.getByRole('row').filter({ hasText: title }).filter({ hasText: label })).toHaveCount(1);
  }

  // On a phone: a new link, its list as cards, nothing wider than the screen.
  await page.goto(`/admin/publications/${id}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await panel.getByLabel('Caducidad').selectOption('1');
  await panel.getByRole('button', { name: 'Crear enlace privado' }).click();
  await expect(panel.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
  await expect(row).toContainText('Aún no se ha abierto');
  await panel.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('detail-links-375.png'), fullPage: true });
});
