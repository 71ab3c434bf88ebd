import { adminApi } from '../helpers/e2e-admin-api';
import { addLayoutRow, chooseCellType, layoutCell, png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * The publication screens against the real server: a publication built with
 * the layout editor, saved, listed, filtered, searched, shown in the admin
 * and on the public site, edited and deleted.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Publicaciones' });
const tableRow = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });

/** Row 1 of the layout: text typed into TinyMCE (2 columns), an uploaded image with alt text (1), a YouTube video (1). */
async function buildThreeCellRow(page: Page, text: string) {
  // Cells of 2, 1 and 1 columns: the shape 'Cuarto, mitad y cuarto', its first two cells resized.
  await addLayoutRow(page, 'Cuarto, mitad y cuarto');
  await chooseCellType(page, 1, 1, 'Texto');
  const editorFrame = layoutCell(page, 1, 1).locator('.tox iframe').contentFrame();
  await editorFrame.getByLabel('Texto de la celda 1 de la fila 1').click();
  await page.keyboard.type(text);
  await layoutCell(page, 1, 2).getByLabel('Columnas').selectOption('1');
  await layoutCell(page, 1, 1).getByLabel('Columnas').selectOption('2');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  await expect(layoutCell(page, 1, 1).getByText(text)).toBeVisible();

  await chooseCellType(page, 1, 2, 'Imagen');
  await layoutCell(page, 1, 2)
    .getByLabel('Imagen')
    .setInputFiles({ name: 'aula.png', mimeType: 'image/png', buffer: await png(640, 480) });
  await expect(layoutCell(page, 1, 2).locator('img')).toHaveAttribute('src', /\/media\/.+/);
  await layoutCell(page, 1, 2).getByLabel('Texto alternativo').fill('Un aula con pupitres en círculo');

  await chooseCellType(page, 1, 3, 'Vídeo');
  await layoutCell(page, 1, 3).getByLabel('Enlace del vídeo').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(layoutCell(page, 1, 3).locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
}

test('a publication is built, saved as published, listed, filtered, searched, shown, found on the public site, edited and deleted', async ({
  adminPage: page,
}, testInfo) => {
  // The whole life of a publication, over both apps and two widths of screenshots: on a CI machine
  // whose two cores also run the Jest lane it took 2.2 minutes once. A guard against hanging, not a measure.
  test.setTimeout(240_000);
  const title = `Jornada de convivencia ${Date.now()}`;
  const text = 'La convivencia escolar se aprende en comunidad.';
  await page.setViewportSize({ width: 1280, height: 900 });

  // The form: fields, featured image with its preview, and a three-cell row.
  await page.goto('/admin/publications');
  await page.getByRole('link', { name: 'Nueva Publicación' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva Publicación' })).toBeVisible();
  await page.getByLabel('Título').fill(title);
  // The form's label carries the required mark: 'Sección *'.
  await page.getByRole('combobox', { name: /^Sección/ }).selectOption({ label: 'Noticias' });
  await expect(page.getByLabel('Estado')).toHaveValue('draft');
  await page.getByLabel('Estado').selectOption('published');
  await page.getByLabel('Fecha de publicación').fill('2026-01-15');
  await page.getByLabel('Destacado').check();
  await page.getByLabel('Imagen destacada').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await png(1200, 600) });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen destacada' })).toBeVisible();
  await buildThreeCellRow(page, text);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('publication-form-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('publication-form-375.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Crear publicación' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);

  // The list: its badge, date and flag; the search and the section filter live in the address.
  await page.getByLabel('Buscar por título').fill(title);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/q=Jornada/);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  const listed = tableRow(page, title);
  await expect(listed.getByText('Publicado')).toBeVisible();
  // Compact in the list, the long form as its title (docs/decisions/200).
  await expect(listed.getByText('15 ene 2026')).toHaveAttribute('title', '15 de enero de 2026');
  await expect(listed.getByText('Destacado', { exact: true })).toBeVisible();
  await expect(listed.getByText('Noticias')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByLabel('Sección', { exact: true }).selectOption({ label: 'Noticias' });
  await expect(page).toHaveURL(/section=\d+/);
  await expect(listed).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Sección', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Buscar por título')).toHaveValue(title);
  await expect(tableRow(page, title)).toBeVisible();
  const otherSection = await page
    .getByLabel('Sección', { exact: true })
    .locator('option')
    .filter({ hasNotText: /Noticias|Todas las secciones/ })
    .first()
    .textContent();
  await page.getByLabel('Sección', { exact: true }).selectOption({ label: otherSection ?? '' });
  await expect(page.getByText('No hay publicaciones que coincidan.')).toBeVisible();
  await page.goBack();
  await expect(tableRow(page, title)).toBeVisible();

  // The admin detail: the public renderer's grid, the public link.
  await tableRow(page, title)
    .getByRole('link', { name: `Ver ${title}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('15 de enero de 2026')).toBeVisible();
  await expect(page.locator('.ui-layout-row > .ui-layout-cell')).toHaveCount(3);
  await expect(page.locator('.ui-layout').getByText(text)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Un aula con pupitres en círculo' })).toBeVisible();
  await expect(page.locator('.ui-layout iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  const publicLink = page.getByRole('link', { name: 'Ver en el sitio' });
  const publicHref = await publicLink.getAttribute('href');
  expect(publicHref).toMatch(/^\/noticias\/\d+$/);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('publication-detail-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('publication-detail-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const detailUrl = page.url();

  // The public site: the section page lists it, its page shows the same grid.
  await page.goto('/noticias');
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${publicHref}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();

  // Edit: the form comes filled; a new title and a cell turned into text are saved.
  await page.goto(detailUrl);
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(page.getByLabel('Estado')).toHaveValue('published');
  const edited = `${title} (revisada)`;
  await page.getByLabel('Título').fill(edited);
  await layoutCell(page, 1, 3).getByLabel('Tipo').selectOption('text');
  await page.getByRole('dialog', { name: '¿Cambiar a Texto?' }).getByRole('button', { name: 'Cambiar a Texto' }).click();
  await expect(layoutCell(page, 1, 3).locator('iframe[src*="youtube"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);
  await page.getByLabel('Buscar por título').fill(edited);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(tableRow(page, edited)).toBeVisible();

  // Delete, after the confirmation.
  await tableRow(page, edited)
    .getByRole('button', { name: `Eliminar ${edited}` })
    .click();
  const dialog = page.getByRole('dialog', { name: '¿Estás seguro de eliminar esta publicación?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No hay publicaciones que coincidan.')).toBeVisible();
});

test('the form refuses missing fields and an image that is not one, and sends nothing', async ({ adminPage: page }) => {
  await page.goto('/admin/publications/new');
  let writes = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/publications/')) writes += 1;
  });
  await page
    .getByLabel('Imagen destacada')
    .setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await expect(page.getByText('Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.')).toBeVisible();
  await page.getByRole('button', { name: 'Crear publicación' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Por favor, complete todos los campos requeridos');
  await expect(page.getByText('La fecha de publicación es requerida')).toBeVisible();
  await expect(page.getByText('La imagen destacada es requerida')).toBeVisible();
  expect(writes).toBe(0);
});

test('a missing publication says so', async ({ adminPage: page, browserProblems }) => {
  browserProblems.expectFailedLoad(404, '/api/publications/999999/');
  await page.goto('/admin/publications/999999');
  await expect(page.getByText('No se encontró la publicación')).toBeVisible();
});

test('a save over a version someone else saved meanwhile is refused, and the saved version can be loaded', async ({
  adminPage: page,
  browserProblems,
}) => {
  const api = adminApi(page);
  const { body } = await api.json<{ results: { id: number; title: string }[] }>('GET', '/api/publications/?page_size=1&omit=layout');
  const { id, title } = body.results[0];
  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);

  const other = `${title} (otra persona)`;
  expect((await api.multipart('PATCH', `/api/publications/${id}/`, { title: other })).status).toBe(200);
  try {
    browserProblems.expectFailedLoad(409, `/api/publications/${id}/`);
    await page.getByLabel('Título').fill(`${title} (mis cambios)`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('button', { name: 'Guardar mis cambios igualmente' })).toBeVisible();
    await expect(page.getByLabel('Título')).toHaveValue(`${title} (mis cambios)`);
    await page.getByRole('button', { name: 'Cargar la versión guardada' }).click();
    await expect(page.getByLabel('Título')).toHaveValue(other);
  } finally {
    await api.multipart('PATCH', `/api/publications/${id}/`, { title });
  }
});
