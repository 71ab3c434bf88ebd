import { addLayoutRow, chooseCellType, layoutCell, layoutRow, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * Undo and redo of the layout editor's changes and typing (toolbar buttons and
 * keys), and its 'Vista móvil', in the real app against the real server.
 */

/** The new publication's form, on the signed-in page. */
async function openEditor(page: Page) {
  await page.goto('/admin/publications/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva Publicación' })).toBeVisible();
}

const undoButton = (page: Page) => page.getByRole('button', { name: 'Deshacer' });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Rehacer' });

/** The editor's rows and cells (the phone preview's cells are plain public cells, not these). */
async function expectCounts(page: Page, rows: number, cells: number) {
  await expect(page.getByRole('region', { name: /^Fila \d+$/ })).toHaveCount(rows);
  await expect(page.getByRole('group', { name: /^Celda \d+ de la fila \d+$/ })).toHaveCount(cells);
}

/** Types into the TinyMCE of a cell whose editor is open, then closes the editor. */
async function typeInTextCell(page: Page, row: number, cell: number, text: string) {
  const frame = layoutCell(page, row, cell).locator('.tox iframe').contentFrame();
  await expect(frame.getByLabel(`Texto de la celda ${cell} de la fila ${row}`)).toBeVisible();
  await frame.locator('body').click();
  await page.keyboard.type(text);
  await layoutCell(page, row, cell).getByRole('button', { name: 'Terminar de editar' }).click();
  await expect(layoutCell(page, row, cell).getByText(text)).toBeVisible();
}

/** Row 1 with one text cell, two columns wide: the ground the steps below are taken on. */
async function buildFirstRow(page: Page) {
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  await typeInTextCell(page, 1, 1, 'Primera celda.');
  await layoutCell(page, 1, 1).getByLabel('Columnas').selectOption('2');
  await expectCounts(page, 1, 1);
}

test('three structural changes are undone with the button and Ctrl+Z and redone with Ctrl+Shift+Z, keeping the text', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeDisabled();
  await buildFirstRow(page);
  await expect(undoButton(page)).toBeEnabled();

  // 1. A second cell in row 1 (it takes the two free columns), made a text cell, with text typed in it.
  await layoutRow(page, 1).getByRole('button', { name: 'Añadir celda a la fila 1' }).click();
  await chooseCellType(page, 1, 2, 'Texto');
  await typeInTextCell(page, 1, 2, 'Segunda celda.');
  await expectCounts(page, 1, 2);
  // 2. Row 1 duplicated.
  await layoutRow(page, 1).getByRole('button', { name: 'Duplicar fila 1' }).click();
  await expectCounts(page, 2, 4);
  // 3. The copy's second cell removed.
  await layoutCell(page, 2, 2).getByRole('button', { name: 'Eliminar la celda 2 de la fila 2' }).click();
  await expectCounts(page, 2, 3);
  await expect(redoButton(page)).toBeDisabled();

  // A field keeps Ctrl+Z for itself: the layout stays as it is.
  await page.getByLabel('Título').fill('Una publicación con diseño');
  await page.getByLabel('Título').press('ControlOrMeta+z');
  await expectCounts(page, 2, 3);

  // Undo 3 with the button, which keeps the keyboard (there are steps left both ways).
  await undoButton(page).click();
  await expectCounts(page, 2, 4);
  await expect(undoButton(page)).toBeFocused();
  await expect(redoButton(page)).toBeEnabled();
  await expect(layoutCell(page, 2, 2).getByText('Segunda celda.')).toBeVisible();
  // Undo 2 and 1 with the keys.
  await page.keyboard.press('ControlOrMeta+z');
  await expectCounts(page, 1, 2);
  await expect(layoutCell(page, 1, 2).getByText('Segunda celda.')).toBeVisible();
  // What was typed is a step of its own: undone before the cell it was typed into.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(layoutCell(page, 1, 2).getByText('Segunda celda.')).toHaveCount(0);
  // Then the type chosen: the cell asks it again.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(layoutCell(page, 1, 2).getByRole('group', { name: '¿Qué contendrá esta celda?' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+z');
  await expectCounts(page, 1, 1);
  await expect(layoutCell(page, 1, 1).getByText('Primera celda.')).toBeVisible();
  await expect(layoutCell(page, 1, 1).getByLabel('Columnas')).toHaveValue('2');

  // Redo all five; with nothing left to redo, the keyboard is on Deshacer, not lost.
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expectCounts(page, 1, 2);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(layoutCell(page, 1, 2).getByText('Segunda celda.')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expectCounts(page, 2, 4);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expectCounts(page, 2, 3);
  await expect(redoButton(page)).toBeDisabled();
  await expect(undoButton(page)).toBeFocused();
  await expect(layoutCell(page, 2, 1).getByText('Primera celda.')).toBeVisible();
});

test("'Vista móvil' shows the layout in one phone-wide column, beside the editor or below it on narrow screens", async ({
  adminPage: page,
}, testInfo) => {
  // No fade-in: axe measures colours as they are, not halfway through an animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(page);
  await buildFirstRow(page);
  await layoutRow(page, 1).getByRole('button', { name: 'Añadir celda a la fila 1' }).click();
  await chooseCellType(page, 1, 2, 'Texto');
  await typeInTextCell(page, 1, 2, 'Segunda celda.');
  await addLayoutRow(page);
  await chooseCellType(page, 2, 1, 'Texto');
  await typeInTextCell(page, 2, 1, 'Tercera celda.');
  await expectCounts(page, 2, 3);

  const toggle = page.getByRole('button', { name: 'Vista móvil' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const preview = page.getByRole('region', { name: 'Vista móvil' });
  await expect(preview).toBeVisible();
  const cells = preview.locator('.ui-layout-cell');
  await expect(cells).toHaveText(['Primera celda.', 'Segunda celda.', 'Tercera celda.']);

  // On the desktop editor row 1's cells sit side by side; in the preview all three stack.
  const editorBoxes = await Promise.all([layoutCell(page, 1, 1).boundingBox(), layoutCell(page, 1, 2).boundingBox()]);
  expect(editorBoxes[1]!.x).toBeGreaterThan(editorBoxes[0]!.x + editorBoxes[0]!.width / 2);
  const boxes = await cells.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.map((box) => Math.round(box.x))).toEqual(Array(3).fill(Math.round(boxes[0].x)));
  expect(boxes[1].y).toBeGreaterThan(boxes[0].y + boxes[0].height - 1);
  expect(boxes[2].y).toBeGreaterThan(boxes[1].y + boxes[1].height - 1);
  // A phone's width (375 px) less the page's side margins.
  expect(boxes[0].width).toBeGreaterThan(300);
  expect(boxes[0].width).toBeLessThan(375);

  // Beside the editor at 1280 px.
  const rowsBox = (await layoutRow(page, 1).boundingBox())!;
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.x).toBeGreaterThanOrEqual(rowsBox.x + rowsBox.width);
  await page.screenshot({ path: testInfo.outputPath('layout-editor-vista-movil-1280.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);

  // The preview follows the layout: an undo shows at once (the typing, the type chosen, then the cell).
  for (let step = 0; step < 3; step++) await undoButton(page).click();
  await expect(cells).toHaveText(['Primera celda.', 'Segunda celda.']);
  for (let step = 0; step < 3; step++) await redoButton(page).click();
  await expect(cells).toHaveText(['Primera celda.', 'Segunda celda.', 'Tercera celda.']);

  // Below the editor on a narrow screen, still one column.
  await page.setViewportSize({ width: 900, height: 900 });
  const addRowBox = (await page.getByRole('button', { name: 'Añadir fila' }).boundingBox())!;
  const narrowPreviewBox = (await preview.boundingBox())!;
  expect(narrowPreviewBox.y).toBeGreaterThanOrEqual(addRowBox.y + addRowBox.height);
  const narrowXs = await cells.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().x)));
  expect(new Set(narrowXs).size).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('layout-editor-vista-movil-900.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);

  await toggle.click();
  await expect(preview).toHaveCount(0);
});
