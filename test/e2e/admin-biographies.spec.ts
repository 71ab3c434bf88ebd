import sharp from 'sharp';
import { adminApi } from '../helpers/e2e-admin-api';
import { violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const portrait = async () => ({
  name: 'retrato.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .png()
    .toBuffer(),
});

test.use({ viewport: { width: 1280, height: 900 } });

test('create with a photo, view, edit removing the photo, and delete a biography', async ({ adminPage: page }, testInfo) => {
  await page.goto('/admin/biographies');
  const heading = page.getByRole('heading', { level: 1, name: /^Biografías \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const count = Number((await heading.textContent())!.match(/\d+/)![0]);
  await expect(page.getByRole('table', { name: 'Biografías' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('biographies-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Nueva Biografía' }).click();
  await expect(page.getByRole('checkbox', { name: 'Activo' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Orden' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Crear biografía' }).click();
  await expect(page.getByText('Este campo es obligatorio.')).toHaveCount(3);
  expect(await violations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Nombre' }).fill('Dra. Elena Prueba Navarro');
  await page.getByRole('textbox', { name: 'Cargo' }).fill('Profesora invitada');
  const text = page.getByRole('textbox', { name: 'Biografía' });
  // Typing and pasting past 3000 characters is ignored.
  await text.fill('a'.repeat(2998));
  await text.press('End');
  await page.keyboard.type('bcdef');
  await expect(text).toHaveValue(`${'a'.repeat(2998)}bc`);
  await expect(page.getByText('3000/3000 caracteres')).toBeVisible();
  await text.fill('');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('x'.repeat(3100)));
  await text.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(text).toHaveValue('x'.repeat(3000));
  await text.fill('Investigadora en educación emocional.');
  await expect(page.getByText('37/3000 caracteres')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('elena.prueba@example.org');
  await page.getByRole('textbox', { name: 'WEB' }).fill('https://www.linkedin.com/in/elena-prueba');
  await page.getByLabel('Foto').setInputFiles(await portrait());
  await expect(page.getByRole('img', { name: 'Vista previa de la foto' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('biography-new-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Crear biografía' }).click();

  await expect(page).toHaveURL(/\/admin\/biographies$/);
  await expect(page.getByRole('heading', { level: 1, name: `Biografías (${count + 1})` })).toBeVisible();
  const row = rowOf(page, 'Dra. Elena Prueba Navarro');
  await expect(row.getByRole('presentation')).toHaveAttribute('src', /\/media\//);

  await row.getByRole('link', { name: 'Ver Dra. Elena Prueba Navarro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalle de Biografía' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto de Dra. Elena Prueba Navarro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'elena.prueba@example.org' })).toHaveAttribute('href', 'mailto:elena.prueba@example.org');
  await expect(page.getByRole('link', { name: 'Ver perfil' })).toHaveAttribute('href', 'https://www.linkedin.com/in/elena-prueba');
  await expect(page.getByText('Activo', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('biography-detail-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Dra. Elena Prueba Navarro');
  await expect(page.getByRole('img', { name: 'Vista previa de la foto' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('biography-edit-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Quitar foto' }).click();
  await page.getByRole('checkbox', { name: 'Activo' }).uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/biographies$/);
  const edited = rowOf(page, 'Dra. Elena Prueba Navarro');
  await expect(edited).toContainText('Inactivo');
  await expect(edited.getByRole('presentation')).toHaveCount(0);
  await expect(edited).toContainText('D');

  await edited.getByRole('button', { name: 'Eliminar Dra. Elena Prueba Navarro' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Estás seguro de eliminar esta biografía?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(edited).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `Biografías (${count})` })).toBeVisible();
});

test('a stale biography save: the administrator keeps their text and saves over the other version', async ({
  adminPage: page,
  browserProblems,
}) => {
  const api = adminApi(page);
  const { body: created } = await api.multipart<{ id: number; version: number }>('POST', '/api/biographies/', {
    name: 'Prof. Conflicto',
    position: 'Tutor',
    biography: 'Primera versión.',
  });
  try {
    await page.goto(`/admin/biographies/edit/${created.id}`);
    const text = page.getByRole('textbox', { name: 'Biografía' });
    await expect(text).toHaveValue('Primera versión.');
    await api.multipart('PATCH', `/api/biographies/${created.id}/`, {
      biography: 'Versión de otra persona.',
      version: String(created.version),
    });

    browserProblems.expectFailedLoad(409, `/api/biographies/${created.id}/`);
    await text.fill('Mi versión.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error al guardar la biografía' });
    await expect(alert).toBeVisible();
    await expect(text).toHaveValue('Mi versión.');
    await alert.getByRole('button', { name: 'Guardar mis cambios igualmente' }).click();
    await expect(page).toHaveURL(/\/admin\/biographies$/);
    const { body } = await api.json<{ biography: string }>('GET', `/api/biographies/${created.id}/`);
    expect(body.biography).toBe('Mi versión.');
  } finally {
    await api.json('DELETE', `/api/biographies/${created.id}/`);
  }
});

test('missing biography, load failure and empty list', async ({ adminPage: page, browserProblems }) => {
  browserProblems.expectFailedLoad(404, '/api/biographies/99999/');
  await page.goto('/admin/biographies/99999');
  await expect(page.getByText('No se encontró la biografía')).toBeVisible();
  await page.goto('/admin/biographies/edit/99999');
  await expect(page.getByText('No se encontró la biografía')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The real list cannot be emptied without losing the demo faculty: these two answers are stood in for.
  await page.route('**/api/biographies/?*', (route) => route.fulfill({ status: 500, json: { detail: 'Error' } }));
  browserProblems.expectFailedLoad(500, '/api/biographies/');
  await page.goto('/admin/biographies');
  await expect(page.getByRole('alert')).toHaveText(/Error al cargar las biografías\. Por favor, intente de nuevo\./);
  expect(await violations(page)).toEqual([]);
  await page.unroute('**/api/biographies/?*');
  await page.route('**/api/biographies/?*', (route) => route.fulfill({ json: { count: 0, next: null, previous: null, results: [] } }));
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('No se encontraron biografías')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Biografías (0)' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('phone: biography cards with actions reachable, form and detail fit 375 px', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/biographies');
  await expect(page.getByRole('table', { name: 'Biografías' })).toBeVisible();
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('button', { name: /^Eliminar / })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Bajar / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('biographies-375.png'), fullPage: true });
  for (const [address, name] of [
    ['/admin/biographies/new', 'biography-new-375.png'],
    ['/admin/biographies/1', 'biography-detail-375.png'],
    ['/admin/biographies/edit/1', 'biography-edit-375.png'],
  ]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }
});
