import { addLayoutRow, chooseCellType, layoutCell, png, storedSession, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * The layout editor for people who use the keyboard, a screen reader or a
 * phone, in the real app against the real server: drags told in Spanish
 * (@hello-pangea/dnd's live region), a type change that asks before losing
 * content, layout errors that say where they are, and 'Vista móvil' on a phone.
 * Each test is slow (several drags, dialogs and axe runs), so each has the
 * longer timeout.
 */

async function openEditor(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto('/admin/publications/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva Publicación' })).toBeVisible();
}

/** The live region @hello-pangea/dnd creates and speaks through. */
const announcer = (page: Page) => page.locator('[id^="rfd-announcement"]');

/** A new row (row `row`) of one cell, `span` columns wide, still asking its type. */
async function addRowOfOneCell(page: Page, row: number, span: string) {
  await addLayoutRow(page);
  await layoutCell(page, row, 1).getByLabel('Columnas').selectOption(span);
}

/** The columns of each row's cells, e.g. [['1'], ['2', '1']]. */
const spans = (page: Page) =>
  page
    .locator('.layout-editor-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('.layout-editor-cell')].map((cell) => cell.getAttribute('data-span'))),
    );

test('rows and cells dragged with the keyboard are told in Spanish, naming what moved and where; axe finds nothing mid-drag', async ({
  adminPage: page,
}, testInfo) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openEditor(page, 1280, 900);
  await addRowOfOneCell(page, 1, '2');
  await addRowOfOneCell(page, 2, '1');
  expect(await spans(page)).toEqual([['2'], ['1']]);

  // The instructions a screen reader reads on the handle.
  const rowHandle = page.getByRole('button', { name: 'Arrastrar fila 2' });
  await expect(rowHandle).toHaveAccessibleDescription(/^Para mover, pulse la barra espaciadora\./);

  // A row: lifted, moved up, dropped.
  await rowHandle.focus();
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText('Ha levantado la fila 2, en la posición 2 de 2.');
  await page.keyboard.press('ArrowUp');
  await expect(announcer(page)).toHaveText('Fila 2: ahora en la posición 1 de 2.');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText('Fila 2 movida a la posición 1.');
  await expect.poll(() => spans(page)).toEqual([['1'], ['2']]);

  // A cell: from row 2 into row 1, after its cell.
  await page.getByRole('button', { name: 'Arrastrar la celda 1 de la fila 2' }).focus();
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText('Ha levantado la celda 1 de la fila 2.');
  await page.keyboard.press('ArrowUp');
  await expect(announcer(page)).toHaveText(/^Celda 1 de la fila 2: ahora en la fila 1, posición [12]\.$/);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(/^Celda 1 de la fila 2 movida a la fila 1, posición [12]\.$/);
  await expect.poll(async () => (await spans(page))[0].sort()).toEqual(['1', '2']);
  await page.screenshot({ path: testInfo.outputPath('layout-editor-1280.png'), fullPage: true });
});

test("changing 'Tipo' with ↓ on a cell that holds text asks first, and Escape keeps the text", async ({ adminPage: page }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openEditor(page, 1280, 900);
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  const frame = layoutCell(page, 1, 1).locator('.tox iframe').contentFrame();
  await frame.locator('body').click();
  await page.keyboard.type('Un texto que no debe perderse.');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();

  const type = layoutCell(page, 1, 1).getByLabel('Tipo');
  await type.focus();
  await page.keyboard.press('ArrowDown');
  const dialog = page.getByRole('dialog', { name: '¿Cambiar a Imagen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Se perderá el texto de esta celda.');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(type).toBeFocused();
  await expect(type).toHaveValue('text');
  await expect(layoutCell(page, 1, 1).getByText('Un texto que no debe perderse.')).toBeVisible();

  // Confirmed: the change is made and announced; Deshacer brings the text back.
  await page.keyboard.press('ArrowDown');
  await dialog.getByRole('button', { name: 'Cambiar a Imagen' }).click();
  await expect(type).toHaveValue('image');
  await expect(page.getByRole('status').filter({ hasText: 'Celda 1 de la fila 1: ahora es de tipo Imagen.' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(layoutCell(page, 1, 1).getByText('Un texto que no debe perderse.')).toBeVisible();
});

test('a bad video address refused by the server names its row and cell, marks the cell, and the summary links to it', async ({
  adminPage: page,
  browserProblems,
}, testInfo) => {
  test.slow();
  browserProblems.expectFailedLoad(400, '/api/publications/');
  const title = `Con vídeo roto ${Date.now()}`;
  await openEditor(page, 1280, 900);
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Sección').selectOption({ label: 'Noticias' });
  await page.getByLabel('Fecha de publicación').fill('2026-01-15');
  await page.getByLabel('Imagen destacada').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await png(800, 400) });
  await addLayoutRow(page, 'Dos mitades');
  await chooseCellType(page, 1, 1, 'Texto');
  await chooseCellType(page, 1, 2, 'Vídeo');
  await layoutCell(page, 1, 2).getByLabel('Enlace del vídeo').fill('vídeo de la fiesta');
  await page.getByRole('button', { name: 'Crear publicación' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Error al guardar la publicación' });
  await expect(alert).toBeFocused();
  const link = alert.getByRole('link', { name: 'Fila 1, celda 2: Introduzca una URL válida.' });
  await expect(link).toBeVisible();
  await expect(alert).not.toContainText('layout:');
  await expect(layoutCell(page, 1, 2)).toHaveAccessibleDescription('Fila 1, celda 2: Introduzca una URL válida.');
  await expect(layoutCell(page, 1, 2)).toHaveClass(/has-error/);
  expect(await violations(page)).toEqual([]);
  await link.click();
  await expect(layoutCell(page, 1, 2)).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('layout-editor-error-1280.png'), fullPage: true });

  // Nothing was stored.
  const session = await storedSession(page);
  const found = await page.request.get(`/api/publications/?search=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${session!.access}` },
  });
  expect(found.status()).toBe(200);
  expect((await found.json()).count).toBe(0);
});

test("'Vista móvil' on a phone opens over the screen where the person is, says so, and goes back to the editor", async ({
  adminPage: page,
}, testInfo) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openEditor(page, 375, 812);
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  await layoutCell(page, 1, 1).locator('.tox iframe').contentFrame().locator('body').click();
  await page.keyboard.type('Hola desde el teléfono.');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  await page.screenshot({ path: testInfo.outputPath('layout-editor-375.png'), fullPage: true });

  const toggle = page.getByRole('button', { name: 'Vista móvil' });
  await toggle.click();
  const preview = page.getByRole('dialog', { name: 'Vista móvil' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Hola desde el teléfono.')).toBeInViewport();
  const box = (await preview.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(812 + 1);
  const back = preview.getByRole('button', { name: 'Volver al editor' });
  await expect(back).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('layout-editor-vista-movil-375.png') });
  expect(await violations(page)).toEqual([]);

  await back.click();
  await expect(preview).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});
