import { pdf } from '../helpers/crafted-documents';
import { adminApi } from '../helpers/e2e-admin-api';
import { addLayoutRow, chooseCellType, createDraftPublication, layoutCell, layoutRow, png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * A text cell's editor by keyboard, on a phone and with pasted images, against
 * the real server with the production CSP (decision 144).
 */

// TinyMCE, axe and uploads on a machine that runs other suites too: the default 30 s is short.
test.describe.configure({ timeout: 90_000 });

/** An uploaded image's address on this site, absolute or not; never data:, blob: or another site's. */
const UPLOADED = /^(http:\/\/127\.0\.0\.1:\d+)?\/media\//;

const textBody = (page: Page, row: number, cell: number) =>
  layoutCell(page, row, cell).locator('.tox iframe').contentFrame().getByLabel(`Texto de la celda ${cell} de la fila ${row}`);

/** Adds a row with one text cell, whose editor opens with the keyboard in the text. */
async function openNewTextCell(page: Page) {
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  // TinyMCE's first start on a busy machine can outlast expect's 7 s.
  await expect(textBody(page, 1, 1)).toBeFocused({ timeout: 20_000 });
}

/** Pastes into the text as a person would, from a clipboard holding `html` and, optionally, image files. */
async function paste(page: Page, html: string, files: { name: string; type: string; bytes: number[] }[] = []) {
  await textBody(page, 1, 1).evaluate(
    (body, { html, files }) => {
      const transfer = new DataTransfer();
      transfer.setData('text/html', html);
      for (const { name, type, bytes } of files) transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { html, files },
  );
}

test('no key that leaves the text changes it: a bulleted list keeps both bullets through Shift+Tab, Tab and Esc, on the server too', async ({
  adminPage: page,
}) => {
  const title = `Lista por teclado ${Date.now()}`;
  const { id } = await createDraftPublication(page, title);
  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await openNewTextCell(page);

  // The way out is on screen and is said when the text takes the keyboard.
  const hint = layoutCell(page, 1, 1).getByText('Esc para salir del texto.', { exact: true }).first();
  await expect(hint).toBeVisible();
  await expect(layoutCell(page, 1, 1).locator('.tox iframe')).toHaveAccessibleDescription('Esc para salir del texto.');
  await expect(layoutCell(page, 1, 1).getByRole('status')).toHaveText('Esc para salir del texto.');

  await layoutCell(page, 1, 1).getByRole('button', { name: 'Lista de viñetas' }).click();
  await textBody(page, 1, 1).click();
  await page.keyboard.type('Primera idea');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Segunda idea');
  await expect(textBody(page, 1, 1).locator('ul > li')).toHaveText(['Primera idea', 'Segunda idea']);

  // Shift+Tab in the second bullet goes back to the cell's controls (TinyMCE's toolbar is reached with Alt+F10), and does not
  // outdent it. One Shift+Tab reaches 'Columnas' and a second 'Tipo': they come last before the content.
  await page.keyboard.press('Shift+Tab');
  await expect(layoutCell(page, 1, 1).getByLabel('Columnas')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(layoutCell(page, 1, 1).getByLabel('Tipo')).toBeFocused();
  await expect(textBody(page, 1, 1).locator('ul > li')).toHaveText(['Primera idea', 'Segunda idea']);

  // Tab goes on to 'Terminar de editar', and does not indent it.
  await textBody(page, 1, 1).getByText('Segunda idea').click();
  await page.keyboard.press('Tab');
  await expect(layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' })).toBeFocused();
  await expect(textBody(page, 1, 1).locator('ul > li')).toHaveText(['Primera idea', 'Segunda idea']);
  await expect(textBody(page, 1, 1).locator('li li')).toHaveCount(0);

  // Esc closes the text and leaves the keyboard where the editor opened.
  await textBody(page, 1, 1).getByText('Segunda idea').click();
  await page.keyboard.press('Escape');
  await expect(layoutCell(page, 1, 1).getByRole('button', { name: 'Editar texto de la celda 1 de la fila 1' })).toBeFocused();
  await expect(layoutCell(page, 1, 1).locator('.ui-rich-text li')).toHaveText(['Primera idea', 'Segunda idea']);

  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/publications/${id}/`) && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  expect((await saved).status()).toBe(200);

  const { body } = await adminApi(page).json<{ layout: { cells: { type: string; content: string }[] }[] }>(
    'GET',
    `/api/publications/${id}/`,
  );
  const html = body.layout[0].cells[0].content;
  expect(html).toMatch(/^<ul>\s*<li>Primera idea<\/li>\s*<li>Segunda idea<\/li>\s*<\/ul>$/);
  await adminApi(page).json('DELETE', `/api/publications/${id}/`);
});

/**
 * A slow line: the text editor's code and TinyMCE's script are held until `release()`,
 * as on a first start over a slow network, so what the test types meets the editor
 * still loading. Routing also keeps them out of the browser's cache.
 */
async function holdTheEditor(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold: Parameters<Page['route']>[1] = async (route) => {
    await held;
    await route.continue();
  };
  await page.route('**/tinymce/tinymce.min.js', hold);
  await page.route('**/assets/rich-text-editor.*.js', hold);
  return release;
}

/** Saves the open publication and reads its first text cell back from the server. */
async function saveAndReadFirstText(page: Page, id: number) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/publications/${id}/`) && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  expect((await saved).status()).toBe(200);
  const { body } = await adminApi(page).json<{ layout: { cells: { content: string }[] }[] }>('GET', `/api/publications/${id}/`);
  return body.layout[0].cells[0].content;
}

test('what is typed while the text editor starts is all kept: the new cell takes the keyboard at once, and the server holds every character', async ({
  adminPage: page,
}, testInfo) => {
  const title = `Escrito al abrir ${Date.now()}`;
  const { id } = await createDraftPublication(page, title);
  const release = await holdTheEditor(page);
  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  // 'Añadir fila', its first shape, then the new cell's 'Texto', all by keyboard: the keyboard is on each next step.
  await page.getByRole('button', { name: 'Añadir fila' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Una columna' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(layoutCell(page, 1, 1).getByRole('button', { name: 'Texto' })).toBeFocused();

  // Typed at once, as a person who knows what comes next: Space and Enter among the keys.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Desde hoy se pueden presentar solicitudes.');
  await page.keyboard.press('Enter');

  // The cell says it is loading, holds the keyboard and shows what was typed; no key pressed a button.
  const cell = layoutCell(page, 1, 1);
  await expect.soft(cell.getByRole('status').filter({ hasText: 'Cargando el editor de texto…' })).toBeVisible();
  await expect.soft(cell.getByRole('textbox', { name: 'Texto de la celda 1 de la fila 1' })).toBeFocused();
  await expect.soft(cell.getByRole('textbox', { name: 'Texto de la celda 1 de la fila 1' })).toContainText('Desde hoy se pueden');
  await expect.soft(layoutRow(page, 1).getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('text-cell-loading-1280.png') });
  expect.soft(await violations(page)).toEqual([]);

  // The editor arrives while the person goes on typing: nothing is lost across the handover either.
  release();
  await page.keyboard.type('El plazo acaba el 30 de junio.', { delay: 60 });
  await expect(textBody(page, 1, 1)).toBeFocused({ timeout: 20_000 });
  await page.keyboard.type(' Sin excepciones.');
  await expect(cell.getByRole('status').filter({ hasText: 'Cargando el editor de texto…' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('text-cell-ready-1280.png') });

  // One cell: no Space or Enter pressed a button.
  await expect(layoutRow(page, 1).getByRole('group', { name: /^Celda \d+ de la fila 1$/ })).toHaveCount(1);

  const html = await saveAndReadFirstText(page, id);
  expect(html).toMatch(/^<p>Desde hoy se pueden presentar solicitudes\.<\/p>\s*<p>El plazo acaba el 30 de junio\. Sin excepciones\.<\/p>$/);
  await adminApi(page).json('DELETE', `/api/publications/${id}/`);
});

test("'Editar texto' on a text: what is typed while the editor starts goes on at its end, and the caret carries over", async ({
  adminPage: page,
}) => {
  const title = `Texto continuado ${Date.now()}`;
  const { id } = await createDraftPublication(page, title);
  const api = adminApi(page);
  const written = await api.json('PATCH', `/api/publications/${id}/`, {
    layout: [
      {
        id: 'fila-1',
        cells: [{ id: 'celda-1', type: 'text', columnSpan: 4, content: '<p>Primera idea.</p><p>Segunda <strong>idea</strong>.</p>' }],
      },
    ],
  });
  expect(written.status).toBe(200);
  const release = await holdTheEditor(page);
  await page.goto(`/admin/publications/edit/${id}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);

  // The keyboard starts at the end of the text; the person then steps back before the full stop.
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Editar texto de la celda 1 de la fila 1' }).click();
  await page.keyboard.type(' Y una tercera.');
  await page.keyboard.press('ArrowLeft');
  release();
  await page.keyboard.type(' idea', { delay: 60 });
  await expect(textBody(page, 1, 1)).toBeFocused({ timeout: 20_000 });
  // Typed in TinyMCE now, where the caret was left.
  await page.keyboard.type(' más');
  await page.keyboard.press('Escape');
  await expect(layoutCell(page, 1, 1).getByRole('button', { name: 'Editar texto de la celda 1 de la fila 1' })).toBeFocused();

  const html = await saveAndReadFirstText(page, id);
  expect(html).toMatch(/^<p>Primera idea\.<\/p>\s*<p>Segunda <strong>idea<\/strong>\. Y una tercera idea más\.<\/p>$/);
  await api.json('DELETE', `/api/publications/${id}/`);
});

test('axe finds nothing with an empty text cell open', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/publications/new');
  await openNewTextCell(page);
  expect(await violations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });

  test('the text editor takes the width, its toolbar wraps in view, and stays below the header while the page scrolls', async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto('/admin/publications/new');
    await openNewTextCell(page);
    const editor = layoutCell(page, 1, 1).locator('.tox-tinymce');
    const editorBox = (await editor.boundingBox())!;
    expect(editorBox.width).toBeGreaterThanOrEqual(340);
    expect(editorBox.x).toBeGreaterThanOrEqual(0);
    expect(editorBox.x + editorBox.width).toBeLessThanOrEqual(375);

    // Every button in view, on more than one line; nothing scrolls sideways.
    const buttons = await editor.locator('.tox-toolbar__group > button, .tox-toolbar__group > .tox-split-button').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { left: box.left, right: box.right, top: Math.round(box.top) };
      }),
    );
    expect(buttons.length).toBeGreaterThanOrEqual(9);
    for (const button of buttons) {
      expect(button.left).toBeGreaterThanOrEqual(editorBox.x);
      expect(button.right).toBeLessThanOrEqual(editorBox.x + editorBox.width);
    }
    expect(new Set(buttons.map((button) => button.top)).size).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('rich-text-375.png') });
    // At rest: scrolled, the sticky header covers part of whatever passes under it, which axe counts as a small target.
    expect(await violations(page)).toEqual([]);

    // Scrolled down into the text, the toolbar stays whole below the sticky header.
    const header = (await page.locator('.admin-header').boundingBox())!;
    await page.evaluate((by) => window.scrollBy(0, by), editorBox.y - header.height + 200);
    const toolbar = editor.locator('.tox-editor-header');
    await expect
      .poll(async () => Math.round((await toolbar.boundingBox())!.y))
      .toBeGreaterThanOrEqual(Math.floor(header.y + header.height));
    const bold = editor.getByRole('button', { name: 'Negrita' });
    const boldBox = (await bold.boundingBox())!;
    expect(boldBox.y).toBeGreaterThanOrEqual(header.height);
    await page.screenshot({ path: testInfo.outputPath('rich-text-375-scrolled.png') });
  });
});

test('pasted images: bytes are uploaded, an image on another site is taken out with a message and never requested', async ({
  adminPage: page,
}) => {
  const elsewhere: string[] = [];
  let uploadRequests = 0;
  page.on('request', (request) => {
    // The editor's own blob: images are the pasted bytes, not another site.
    if (/^https?:/.test(request.url()) && !request.url().startsWith(new URL(page.url()).origin)) elsewhere.push(request.url());
    if (request.url().endsWith('/api/upload-image/')) uploadRequests += 1;
  });
  await page.goto('/admin/publications/new');
  await openNewTextCell(page);
  await page.keyboard.type('Antes. ');

  // A page's selection: text, an image on another site and one whose bytes are in the HTML.
  const dataImage = `data:image/png;base64,${(await png(30, 20)).toString('base64')}`;
  let uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload-image/') && response.status() === 201);
  await paste(
    page,
    `<p>Del otro sitio</p><p><img src="https://images.example.org/foto.jpg" alt="Foto ajena"><img src="${dataImage}" alt="Incrustada"></p>`,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Esta imagen está en otro sitio: descárguela y súbala.' })).toBeVisible();
  await uploaded;
  await expect(textBody(page, 1, 1).locator('img')).toHaveCount(1);
  await expect(textBody(page, 1, 1).locator('img')).toHaveAttribute('src', UPLOADED);
  await expect(textBody(page, 1, 1)).toContainText('Del otro sitio');

  // A browser's 'Copiar imagen': the other site's address beside the image's bytes. The bytes win.
  uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload-image/') && response.status() === 201);
  await paste(page, '<meta charset="utf-8"><img src="https://images.example.org/otra.png" alt="">', [
    { name: 'image.png', type: 'image/png', bytes: [...(await png(24, 24))] },
  ]);
  await uploaded;
  await expect(textBody(page, 1, 1).locator('img')).toHaveCount(2);
  for (const src of await textBody(page, 1, 1)
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')))) {
    expect(src).toMatch(UPLOADED);
  }

  // Bytes of a type the site does not take are refused with the domain's words, before any upload.
  const uploads = uploadRequests;
  await textBody(page, 1, 1).evaluate((body) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array([0x42, 0x4d, 1, 2, 3, 4])], 'plano.bmp', { type: 'image/bmp' }));
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.' })).toBeVisible();
  await expect(textBody(page, 1, 1).locator('img')).toHaveCount(2);
  expect(uploadRequests).toBe(uploads);

  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  await expect(layoutCell(page, 1, 1).locator('.ui-rich-text img')).toHaveCount(2);
  expect(elsewhere).toEqual([]);
});

test("a text cell's image and link dialogs open the library: an image with its alternative text, a link to a document, which the library then counts as used", async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const stamp = Date.now();
  const image = await api.multipart<{ id: number; url: string }>('POST', '/api/media/', {
    file: { name: 'mural.png', mimeType: 'image/png', buffer: await png(320, 200) },
    title: `Mural del patio ${stamp}`,
    alt: 'Mural pintado por el alumnado',
  });
  const calendar = await api.multipart<{ id: number; url: string }>('POST', '/api/media/', {
    file: { name: 'calendario.pdf', mimeType: 'application/pdf', buffer: pdf() },
    title: `Calendario ${stamp}`,
  });
  expect([image.status, calendar.status]).toEqual([201, 201]);
  const { id } = await createDraftPublication(page, `Texto con la biblioteca ${stamp}`);
  await page.goto(`/admin/publications/edit/${id}`);
  await openNewTextCell(page);
  await page.keyboard.type('Consulte el ');

  // TinyMCE's link dialog: its address field's button lists the library's documents.
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Insertar/editar enlace' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Insertar/editar enlace' });
  await linkDialog.getByRole('button', { name: 'Elegir de la biblioteca' }).click();
  const picker = page.getByRole('dialog', { name: 'Elegir de la biblioteca' });
  await picker.getByLabel('Buscar por título o nombre de archivo').fill(`Calendario ${stamp}`);
  await picker.getByRole('button', { name: 'Buscar' }).click();
  await picker
    .getByRole('list', { name: 'Documentos de la biblioteca' })
    .getByRole('button', { name: new RegExp(`Calendario ${stamp}`) })
    .click();
  await expect(picker).toBeHidden();
  await expect(linkDialog.getByLabel('Texto que mostrar')).toHaveValue(`Calendario ${stamp}`);
  await linkDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(linkDialog).toBeHidden();
  const link = textBody(page, 1, 1).getByRole('link', { name: `Calendario ${stamp}` });
  await expect(link).toHaveAttribute('href', new RegExp(`${calendar.body.url}$`));

  // The image dialog: its address from the library's images, its alternative text the item's, this use's own to change.
  await textBody(page, 1, 1).press('End');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Insertar/editar imagen' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Insertar/editar imagen' });
  await imageDialog.getByRole('button', { name: 'Elegir de la biblioteca' }).click();
  await picker.getByLabel('Buscar por título o nombre de archivo').fill(`Mural del patio ${stamp}`);
  await picker.getByRole('button', { name: 'Buscar' }).click();
  const images = picker.getByRole('list', { name: 'Imágenes de la biblioteca' });
  await expect(images.getByRole('button')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  await images.getByRole('button', { name: new RegExp(`Mural del patio ${stamp}`) }).click();
  await expect(picker).toBeHidden();
  await expect(imageDialog.getByLabel('Texto alternativo')).toHaveValue('Mural pintado por el alumnado');
  await imageDialog.getByLabel('Texto alternativo').fill('Mural del patio, pintado en 2026');
  await imageDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(textBody(page, 1, 1).getByRole('img', { name: 'Mural del patio, pintado en 2026' })).toHaveAttribute(
    'src',
    new RegExp(`${image.body.url}$`),
  );

  await layoutCell(page, 1, 1).getByRole('button', { name: 'Terminar de editar' }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);
  const saved = (await api.json<{ layout: { cells: { content: string }[] }[] }>('GET', `/api/publications/${id}/`)).body;
  expect(saved.layout[0].cells[0].content).toContain(calendar.body.url);
  expect(saved.layout[0].cells[0].content).toContain('alt="Mural del patio, pintado en 2026"');
  for (const item of [calendar.body, image.body]) {
    const detail = (await api.json<{ usage: { id: number; where: string }[] }>('GET', `/api/media/${item.id}/`)).body;
    expect(detail.usage).toEqual([expect.objectContaining({ id, where: 'Diseño' })]);
  }
});
