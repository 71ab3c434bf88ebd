import { adminApi } from '../helpers/e2e-admin-api';
import { violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.use({ viewport: { width: 1280, height: 900 } });

test('create, view, edit and delete a section', async ({ adminPage: page }, testInfo) => {
  await page.goto('/admin/sections');
  await expect(page.getByRole('heading', { level: 1, name: 'Secciones' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('sections-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Nueva Sección' }).click();
  await expect(page).toHaveURL(/\/admin\/sections\/new$/);
  await page.getByRole('button', { name: 'Crear sección' }).click();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('section-new-1280.png'), fullPage: true });

  await page.getByRole('textbox', { name: 'Título' }).fill('Seminarios de otoño');
  await page.getByRole('button', { name: 'Crear sección' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await expect(page.getByText('Sección «Seminarios de otoño» guardada')).toBeVisible();
  const row = rowOf(page, 'Seminarios de otoño');
  await expect(row).toContainText('Visible');

  await row.getByRole('link', { name: 'Ver Seminarios de otoño' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalle de Sección' })).toBeVisible();
  await expect(page.getByText('seminarios-de-otono', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^\d+ de [a-z]+ de \d{4}$/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('section-detail-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('Seminarios de otoño');
  expect(await violations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Título' }).fill('Seminarios de invierno');
  await page.getByRole('checkbox', { name: 'Visible' }).uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  const edited = rowOf(page, 'Seminarios de invierno');
  await expect(edited).toContainText('No visible');

  // Delete: the dialog takes focus, Escape cancels and focus returns to the row's button.
  const remove = edited.getByRole('button', { name: 'Eliminar Seminarios de invierno' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: '¿Estás seguro de eliminar esta sección?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('section-delete-dialog-1280.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(edited).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  await expect(rowOf(page, 'Seminarios de invierno')).toHaveCount(0);
});

test('a missing or malformed section: No se encontró la sección', async ({ adminPage: page, browserProblems }) => {
  browserProblems.expectFailedLoad(404, '/api/sections/99999/');
  for (const address of ['/admin/sections/99999', '/admin/sections/abc', '/admin/sections/edit/99999']) {
    await page.goto(address);
    await expect(page.getByText('No se encontró la sección')).toBeVisible();
  }
  expect(await violations(page)).toEqual([]);
});

test('a section that holds publications is not deleted unless its publications go too: declining keeps the row', async ({
  adminPage: page,
  browserProblems,
}) => {
  // The server refuses the plain delete (409): that is what asks the second question.
  browserProblems.expectFailedLoad(409, /\/api\/sections\/\d+\/$/);
  await page.goto('/admin/sections');
  const row = rowOf(page, 'Noticias');
  await row.getByRole('button', { name: 'Eliminar Noticias' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  const second = page.getByRole('dialog', { name: /^La sección «Noticias» contiene \d+ publicaciones\.$/ });
  await expect(second).toBeVisible();
  await expect(second.getByRole('button', { name: /^Eliminar con sus \d+ publicaciones$/ })).toBeVisible();
  await second.getByRole('button', { name: 'Cancelar' }).click();
  await expect(second).toBeHidden();
  await expect(row).toBeVisible();
  await page.reload();
  await expect(rowOf(page, 'Noticias')).toBeVisible();
});

test('a stale save is answered 409: what was typed stays, and the administrator reloads or saves over it', async ({
  adminPage: page,
  browserProblems,
}) => {
  const api = adminApi(page);
  const { body: created } = await api.json<{ id: number; version: number }>('POST', '/api/sections/', {
    title: 'Jornadas',
    is_active: true,
  });
  try {
    await page.goto(`/admin/sections/edit/${created.id}`);
    const title = page.getByRole('textbox', { name: 'Título' });
    await expect(title).toHaveValue('Jornadas');
    // Someone else saves first.
    await api.json('PATCH', `/api/sections/${created.id}/`, { title: 'Jornadas 2027', version: created.version });

    browserProblems.expectFailedLoad(409, `/api/sections/${created.id}/`);
    await title.fill('Jornadas de primavera');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error al guardar la sección' });
    await expect(alert).toBeVisible();
    await expect(title).toHaveValue('Jornadas de primavera');
    expect(await violations(page)).toEqual([]);

    await alert.getByRole('button', { name: 'Cargar la versión guardada' }).click();
    await expect(title).toHaveValue('Jornadas 2027');

    await title.fill('Jornadas de primavera');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/sections$/);
    await expect(rowOf(page, 'Jornadas de primavera')).toBeVisible();
  } finally {
    await api.json('DELETE', `/api/sections/${created.id}/`);
  }
});

test('phone: the list becomes cards with every action reachable, and the forms fit', async ({ adminPage: page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/sections');
  const row = rowOf(page, 'Revista');
  for (const name of ['Subir Revista', 'Bajar Revista', 'Eliminar Revista']) await expect(row.getByRole('button', { name })).toBeVisible();
  for (const name of ['Ver Revista', 'Editar Revista']) await expect(row.getByRole('link', { name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('sections-375.png'), fullPage: true });

  for (const [address, name] of [
    ['/admin/sections/new', 'section-new-375.png'],
    ['/admin/sections/1', 'section-detail-375.png'],
  ]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }
});

test("'Orden de la lista' is chosen in the form, held by the server and shown on the section's page", async ({ adminPage: page }) => {
  const api = adminApi(page);
  const title = `Ciclo de seminarios ${Date.now()}`;
  await page.goto('/admin/sections/new');
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  const order = page.getByRole('combobox', { name: 'Orden de la lista' });
  await expect(order).toHaveValue('date');
  await expect(order).toHaveAccessibleDescription('Cómo se ordenan sus publicaciones en el sitio público.');
  await order.selectOption({ label: 'Manual, como en el panel' });
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Crear sección' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);

  const sections = await api.list<{ id: number; title: string; slug: string; list_order: string }>('sections');
  const created = sections.find((section) => section.title === title);
  expect(created?.list_order).toBe('manual');
  await page.goto(`/admin/sections/${created?.id}`);
  await expect(page.getByRole('definition').filter({ hasText: 'Manual, como en el panel' })).toBeVisible();

  // Back to by date, which the server then holds.
  await page.goto(`/admin/sections/edit/${created?.id}`);
  await expect(order).toHaveValue('manual');
  await order.selectOption('date');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  expect((await api.json<{ list_order: string }>('GET', `/api/sections/${created?.id}/`)).body.list_order).toBe('date');
});
