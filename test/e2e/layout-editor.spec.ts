import { addLayoutRow, chooseCellType, layoutCell, layoutRow, png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * The layout editor in the real app (/admin/publications/new, until the
 * publication form takes that route over), against the real server with the
 * production CSP: TinyMCE self-hosted, uploads, the public grid, keyboard.
 */

/** The new publication's form, on the signed-in page. */
async function openEditor(page: Page) {
  await page.goto('/admin/publications/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva Publicación' })).toBeVisible();
}

/** An empty row at the end (row `n`): 'Una columna', its cell taken away. */
async function addEmptyRow(page: Page, n: number) {
  await addLayoutRow(page);
  await layoutCell(page, n, 1)
    .getByRole('button', { name: `Eliminar la celda 1 de la fila ${n}` })
    .click();
}

/** Row 1: text (2 columns), image (1), video (1). Leaves the text cell's editor closed. */
async function buildThreeCellRow(page: Page) {
  // Cells of 1, 2 and 1 columns, each asking its type; 'Texto' opens TinyMCE, served by the site itself.
  await addLayoutRow(page, 'Cuarto, mitad y cuarto');
  await chooseCellType(page, 1, 1, 'Texto');
  const editorFrame = layoutCell(page, 1, 1).locator('.tox iframe').contentFrame();
  await expect(editorFrame.getByLabel('Texto de la celda 1 de la fila 1')).toBeVisible();
  await expect(layoutCell(page, 1, 1).getByRole('button', { name: 'Negrita' })).toBeVisible();
  await editorFrame.locator('body').click();
  await page.keyboard.type('La convivencia escolar se aprende.');
  await layoutCell(page, 1, 2).getByLabel('Columnas').selectOption('1');
  await layoutCell(page, 1, 1).getByLabel('Columnas').selectOption('2');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  await expect(layoutCell(page, 1, 1).getByText('La convivencia escolar se aprende.')).toBeVisible();

  await chooseCellType(page, 1, 2, 'Imagen');
  await layoutCell(page, 1, 2)
    .getByLabel('Elegir imagen')
    .setInputFiles({ name: 'aula.png', mimeType: 'image/png', buffer: await png(640, 480) });
  // Until it has alternative text the image is decorative (alt=""), so it is found by its tag.
  await expect(layoutCell(page, 1, 2).locator('img')).toHaveAttribute('src', /\/media\/.+/);
  await layoutCell(page, 1, 2).getByLabel('Texto alternativo').fill('Un aula con pupitres en círculo');
  await expect(layoutCell(page, 1, 2).getByRole('img', { name: 'Un aula con pupitres en círculo' })).toBeVisible();

  await chooseCellType(page, 1, 3, 'Vídeo');
  await layoutCell(page, 1, 3).getByLabel('Enlace del vídeo').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(layoutCell(page, 1, 3).locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
}

test('builds a row of text, image and video cells in the public grid, with TinyMCE from the site itself', async ({
  adminPage: page,
}, testInfo) => {
  const tinymceFrom = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('tinymce')) tinymceFrom.add(new URL(request.url()).origin);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page);
  await buildThreeCellRow(page);

  // With the rich-text editor open, too.
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Editar texto de la celda 1 de la fila 1' }).click();
  await expect(layoutCell(page, 1, 1).locator('.tox iframe').contentFrame().getByText('La convivencia escolar se aprende.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-editor-tinymce-1280.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();

  expect([...tinymceFrom]).toEqual([new URL(page.url()).origin]);
  // The cells sit in the public grid with their spans: 2 + 1 + 1 columns.
  await expect(layoutRow(page, 1).locator('.ui-layout-row > .ui-layout-cell')).toHaveCount(3);
  const widths = await layoutRow(page, 1)
    .locator('.ui-layout-cell')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));
  expect(widths[0]).toBeGreaterThan(widths[1] * 1.8);

  // A full row: no room for a fourth cell, and no span that would exceed four columns.
  await layoutRow(page, 1).getByRole('button', { name: 'Añadir celda a la fila 1' }).click();
  await expect(layoutRow(page, 1).getByRole('alert')).toHaveText(
    'No hay espacio disponible en esta fila. Reduzca las columnas de una celda para hacer sitio.',
  );
  await layoutCell(page, 1, 3).getByLabel('Columnas').selectOption('2');
  await expect(layoutRow(page, 1).getByRole('alert')).toHaveText('Fila 1, celda 3: El total de columnas no puede exceder 4');
  await expect(layoutCell(page, 1, 3).getByLabel('Columnas')).toHaveValue('1');

  await page.screenshot({ path: testInfo.outputPath('layout-editor-1280.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(layoutRow(page, 1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('layout-editor-375.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
});

test('rows and cells move with buttons and the keyboard; a type change clears the cell', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page);
  await buildThreeCellRow(page);

  // A second row, then the video cell moves down into it with its button, and the keyboard stays on that button.
  await addEmptyRow(page, 2);
  await layoutCell(page, 1, 3).getByRole('button', { name: 'Mover a la fila siguiente: la celda 3 de la fila 1' }).click();
  await expect(layoutCell(page, 2, 1).locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  // At the last row that button is aria-disabled but keeps the focus.
  await expect(layoutCell(page, 2, 1).getByRole('button', { name: 'Mover a la fila siguiente: la celda 1 de la fila 2' })).toBeFocused();

  // Back up (3 + 1 columns fit), down again; widened to 2 it no longer fits in row 1 and stays.
  await page.keyboard.press('Shift+Tab');
  await expect(layoutCell(page, 2, 1).getByRole('button', { name: 'Mover a la fila anterior: la celda 1 de la fila 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(layoutCell(page, 1, 3).locator('iframe')).toBeVisible();
  await layoutCell(page, 1, 3).getByRole('button', { name: 'Mover a la fila siguiente: la celda 3 de la fila 1' }).press('Enter');
  await layoutCell(page, 2, 1).getByLabel('Columnas').selectOption('2');
  await layoutCell(page, 2, 1).getByRole('button', { name: 'Mover a la fila anterior: la celda 1 de la fila 2' }).press('Enter');
  // Told on the row it did not fit in, naming the cell and that row.
  await expect(layoutRow(page, 1).getByRole('alert')).toHaveText(
    'Fila 2, celda 1: no cabe en la fila 1. El total de columnas no puede exceder 4.',
  );
  await expect(layoutCell(page, 2, 1)).toBeVisible();

  // Within a row: the image goes left of the text, by keyboard.
  await layoutCell(page, 1, 2).getByRole('button', { name: 'Mover a la izquierda: la celda 2 de la fila 1' }).press('Enter');
  await expect(layoutCell(page, 1, 1).getByRole('img', { name: 'Un aula con pupitres en círculo' })).toBeVisible();

  // Rows: move row 2 up, duplicate, remove.
  await layoutRow(page, 2).getByRole('button', { name: 'Subir fila 2' }).press('Enter');
  await expect(layoutCell(page, 1, 1).locator('iframe')).toBeVisible();
  await expect(layoutRow(page, 1).getByRole('button', { name: 'Subir fila 1' })).toBeFocused();
  await layoutRow(page, 1).getByRole('button', { name: 'Duplicar fila 1' }).click();
  await expect(layoutCell(page, 2, 1).locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  await layoutRow(page, 2).getByRole('button', { name: 'Eliminar fila 2' }).click();
  await expect(page.getByRole('region', { name: /^Fila \d$/ })).toHaveCount(2);

  // Changing a type clears the content and the video preview, once confirmed.
  await layoutCell(page, 1, 1).getByLabel('Tipo').selectOption('image');
  await page.getByRole('dialog', { name: '¿Cambiar a Imagen?' }).getByRole('button', { name: 'Cambiar a Imagen' }).click();
  await expect(layoutCell(page, 1, 1).locator('iframe')).toHaveCount(0);
  await layoutCell(page, 1, 1).getByLabel('Tipo').selectOption('video');
  await expect(layoutCell(page, 1, 1).getByLabel('Enlace del vídeo')).toHaveValue('');
});

test('a cell dragged with the keyboard moves into the next row, even from above the fold', async ({ adminPage: page }) => {
  // The drag library moves a lifted cell by keyboard only into a row it can see; in a short window
  // the video cell's tall preview puts the second row below the fold, and the editor brings it up.
  await page.setViewportSize({ width: 1280, height: 360 });
  await openEditor(page);
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Vídeo');
  await layoutCell(page, 1, 1).getByLabel('Columnas').selectOption('1');
  await layoutCell(page, 1, 1).getByLabel('Enlace del vídeo').fill('https://vimeo.com/76979871');
  // The preview is what makes the first row tall: the rows are measured once it is there.
  await expect(layoutCell(page, 1, 1).locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  await addEmptyRow(page, 2);
  await expect(layoutRow(page, 2).getByText('Fila vacía')).toBeVisible();

  const handle = page.getByRole('button', { name: 'Arrastrar la celda 1 de la fila 1' });
  // Each key waits for the drag library's announcement of the last: a key pressed before the lift has settled is lost.
  const announcer = page.locator('[id^="rfd-announcement"]');
  await handle.focus();
  await handle.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const secondRowTop = (await layoutRow(page, 2).boundingBox())!.y;
  expect(secondRowTop, 'the second row starts below the window').toBeGreaterThan(360);
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Ha levantado la celda 1 de la fila 1.');
  // The library takes a move only once it has measured the rows it may enter; on a busy machine
  // that can come after the lift's announcement, and the key is then ignored. Pressing again is
  // what a keyboard user would do (there is no third row to overshoot into).
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(announcer).toHaveText(/^Celda 1 de la fila 1: ahora en la fila 2, posición 1\.$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Space');
  await expect(layoutCell(page, 2, 1).locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  await expect(layoutRow(page, 1).getByText('Fila vacía')).toBeVisible();
});

test('an image pasted into the text is uploaded and replaced by its address', async ({ adminPage: page }) => {
  await openEditor(page);
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  const body = layoutCell(page, 1, 1).locator('.tox iframe').contentFrame().getByLabel('Texto de la celda 1 de la fila 1');
  await body.click();
  await page.keyboard.type('Antes de la imagen. ');

  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload-image/') && response.status() === 201);
  const bytes = [...(await png(32, 24))];
  await body.evaluate((element, data) => {
    const file = new File([new Uint8Array(data)], 'pegada.png', { type: 'image/png' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await uploaded;
  await expect(body.locator('img')).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/media\/|^\/media\//);

  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  const shown = layoutCell(page, 1, 1).locator('.ui-rich-text img');
  await expect(shown).toHaveAttribute('src', /\/media\//);
  expect(await shown.getAttribute('src')).not.toMatch(/^(data|blob):/);
});
