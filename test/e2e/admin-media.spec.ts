import { pdf } from '../helpers/crafted-documents';
import { adminApi } from '../helpers/e2e-admin-api';
import { addLayoutRow, chooseCellType, createDraftPublication, layoutCell, png, violations } from './admin-helpers';
import { expect, test } from './support/fixtures';

/** The media library ('Medios', docs/decisions/192): upload, find, describe, focus and delete knowingly. */

interface Item {
  id: number;
  title: string;
  url: string;
  focal_x: number;
  focal_y: number;
}

test('several files go into the library at once, a refused one says why, and one is found by its title', async ({
  adminPage: page,
  browserProblems,
}) => {
  // The refused file's answer.
  browserProblems.expectFailedLoad(400, '/api/media/');
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Medios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medios' })).toBeVisible();

  await page.locator('input[type=file]').setInputFiles([
    { name: 'Cartel de las jornadas.png', mimeType: 'image/png', buffer: await png(320, 200) },
    { name: 'programa.png', mimeType: 'image/png', buffer: Buffer.from('<html>no es una imagen</html>') },
    { name: 'Aula abierta.png', mimeType: 'image/png', buffer: await png(200, 320) },
    { name: 'Plan de estudios.pdf', mimeType: 'application/pdf', buffer: pdf() },
  ]);
  const uploads = page.getByRole('region', { name: 'Subidas' });
  await expect(uploads.getByRole('listitem').filter({ hasText: 'Cartel de las jornadas.png' })).toContainText('Subido');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'Aula abierta.png' })).toContainText('Subido');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'Plan de estudios.pdf' })).toContainText('Subido');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'programa.png' })).toContainText(
    'No se subió: Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP para imágenes, o PDF, Word, Excel, PowerPoint u OpenDocument.',
  );

  const grid = page.getByRole('list', { name: 'Archivos' });
  await expect(grid.getByRole('link', { name: /Cartel de las jornadas/ })).toBeVisible();
  await expect(grid.getByRole('link', { name: /Aula abierta/ })).toBeVisible();
  const found = (await adminApi(page).json<{ results: Item[] }>('GET', '/api/media/?search=jornadas')).body.results;
  expect(found.map((item) => item.title)).toEqual(['Cartel de las jornadas']);

  // The document: a card that says what it is, its page with 'Descargar'. The documents' list is
  // held, as a slow connection would: meanwhile the page says it is loading, and never goes on
  // showing the images it then takes away (the demo's 'Plan de estudios: módulos…' among them).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/media\/\?.*kind=document/, async (route) => {
    const answer = await route.fetch();
    await held;
    await route.fulfill({ response: answer });
  });
  await page.getByRole('radio', { name: 'Documentos' }).check();
  await expect(page).toHaveURL(/kind=document/);
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toBeVisible();
  await expect(grid).toBeHidden();
  release();
  const plan = grid.getByRole('link', { name: /Plan de estudios/ });
  await expect(plan).toContainText('PDF');
  await plan.click();
  const download = page.getByRole('link', { name: 'Descargar' });
  await expect(download).toHaveAttribute('href', /^\/media\/documentos\/[0-9a-f]{32}\/plan-de-estudios\.pdf$/);
  const served = await page.request.get((await download.getAttribute('href')) as string);
  expect(served.headers()['content-type']).toBe('application/pdf');
  await page.goBack();
  await page.getByRole('radio', { name: 'Todos' }).check();

  await page.getByLabel('Buscar por título o nombre de archivo').fill('JORNADAS');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/search=JORNADAS/);
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('link', { name: /Cartel de las jornadas/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('an item’s focal point is set with the keyboard, its file replaced, its uses listed, and it is deleted only knowingly', async ({
  adminPage: page,
  browserProblems,
}) => {
  // The refused replacement's answer.
  browserProblems.expectFailedLoad(400, /\/api\/media\/\d+\/replace\/$/);
  const api = adminApi(page);
  const uploaded = await page.request.fetch('/api/media/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').access)}` },
    multipart: { file: { name: 'retrato-docente.png', mimeType: 'image/png', buffer: await png(400, 300) } },
  });
  expect(uploaded.status()).toBe(201);
  const item = (await uploaded.json()) as Item;
  const biography = await api.json<{ id: number }>('POST', '/api/biographies/', {
    name: 'Docente De Medios',
    position: 'Profesora',
    biography: 'Texto.',
    photo: item.url,
  });
  expect(biography.status).toBe(201);

  await page.goto(`/admin/medios/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'retrato-docente' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usado en' }).getByRole('link', { name: 'Docente De Medios' })).toBeVisible();

  const focal = page.getByRole('slider', { name: 'Punto focal' });
  await focal.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Sin guardar: pulse Intro para guardarlo.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  const stored = (await api.json<Item>('GET', `/api/media/${item.id}/`)).body;
  expect([stored.focal_x, stored.focal_y]).toEqual([0.4, 0.45]);
  expect(await violations(page)).toEqual([]);

  // 'Reemplazar archivo': a refused file says why; a new image takes the item's place, and the biography shows it.
  await page.getByLabel('Reemplazar archivo').setInputFiles({ name: 'reglamento.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(page.getByRole('alert')).toHaveText(
    'El archivo nuevo debe ser del mismo tipo: una imagen por otra imagen, un documento por otro documento.',
  );
  await page
    .getByLabel('Reemplazar archivo')
    .setInputFiles({ name: 'retrato-nuevo.png', mimeType: 'image/png', buffer: await png(300, 400) });
  await expect(page.getByText('Archivo reemplazado: las páginas que lo usan ya muestran el nuevo.')).toBeVisible();
  const replaced = (await api.json<Item>('GET', `/api/media/${item.id}/`)).body;
  expect(replaced.url).not.toBe(item.url);
  expect((await api.json<{ photo: string }>('GET', `/api/biographies/${biography.body.id}/`)).body.photo).toBe(replaced.url);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Se usa en 1 lugar: allí dejará de verse.');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/admin\/medios$/);
  expect((await api.json('GET', `/api/media/${item.id}/`)).status).toBe(404);

  await api.json('DELETE', `/api/biographies/${biography.body.id}/`);
});

test('a featured image and an image cell are chosen from the library, the cell takes its alternative text, and the library then says where it is used', async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const uploaded = await page.request.fetch('/api/media/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').access)}` },
    multipart: { file: { name: 'Portada de la biblioteca.png', mimeType: 'image/png', buffer: await png(800, 400) } },
  });
  expect(uploaded.status()).toBe(201);
  const item = (await uploaded.json()) as Item & { version: number };
  expect((await api.json('PATCH', `/api/media/${item.id}/`, { alt: 'Alumnado en el patio', version: item.version })).status).toBe(200);
  const title = `Con imagen de la biblioteca ${Date.now()}`;

  await page.goto('/admin/publications/new');
  await page.getByLabel('Título').fill(title);
  await page.getByRole('combobox', { name: /^Sección/ }).selectOption({ label: 'Noticias' });
  await page.getByLabel('Fecha de publicación').fill('2026-01-15');
  await page.getByRole('button', { name: 'Elegir de la biblioteca' }).click();
  const picker = page.getByRole('dialog', { name: 'Elegir de la biblioteca' });
  await expect(picker.getByLabel('Buscar por título o nombre de archivo')).toBeFocused();
  await picker.getByLabel('Buscar por título o nombre de archivo').fill('portada de la BIBLIOTECA');
  await picker.getByRole('button', { name: 'Buscar' }).click();
  await expect(picker.getByRole('list', { name: 'Imágenes de la biblioteca' }).getByRole('button')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  await picker.getByRole('button', { name: 'Portada de la biblioteca' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen destacada' })).toHaveAttribute('src', item.url);

  // The same image in a cell: its alternative text comes with it, to keep or change for this use.
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Imagen');
  await layoutCell(page, 1, 1).getByRole('button', { name: 'Elegir de la biblioteca' }).click();
  await picker.getByRole('button', { name: 'Portada de la biblioteca' }).click();
  await expect(picker).toBeHidden();
  const alt = layoutCell(page, 1, 1).getByLabel('Texto alternativo');
  await expect(alt).toHaveValue('Alumnado en el patio');
  await expect(alt).toBeFocused();
  await page.getByRole('button', { name: 'Crear publicación' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);

  const detail = (await api.json<{ usage: { id: number; title: string; where: string }[] }>('GET', `/api/media/${item.id}/`)).body;
  expect(detail.usage).toEqual([
    expect.objectContaining({ title, where: 'Imagen destacada' }),
    expect.objectContaining({ title, where: 'Diseño' }),
  ]);
  const saved = (await api.json<{ layout: { cells: unknown[] }[] }>('GET', `/api/publications/${detail.usage[0].id}/`)).body;
  expect(saved.layout[0].cells[0]).toMatchObject({ type: 'image', content: item.url, alt: 'Alumnado en el patio' });
});

test("a 'Documento' cell takes a document uploaded from it or chosen in the library, and the public page offers it for download", async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const created = await createDraftPublication(page, `Con documentos ${Date.now()}`);
  try {
    await page.goto(`/admin/publications/edit/${created.id}`);
    await addLayoutRow(page, 'Dos mitades');
    await chooseCellType(page, 1, 1, 'Documento');

    // Uploaded from the cell: it goes into the library, and the cell shows its card.
    await layoutCell(page, 1, 1)
      .locator('input[type=file]')
      .setInputFiles({ name: 'Guía del alumnado.pdf', mimeType: 'application/pdf', buffer: pdf() });
    const title = layoutCell(page, 1, 1).getByLabel('Título del documento');
    await expect(title).toHaveValue('Guía del alumnado');
    await expect(title).toBeFocused();
    await title.fill('Guía del alumnado 2026');
    await expect(layoutCell(page, 1, 1).getByRole('link', { name: /^Descargar: Guía del alumnado 2026 \(PDF · / })).toBeVisible();

    // Chosen in the library, in a second cell: the dialog lists documents only.
    await chooseCellType(page, 1, 2, 'Documento');
    await layoutCell(page, 1, 2).getByRole('button', { name: 'Elegir de la biblioteca' }).click();
    const picker = page.getByRole('dialog', { name: 'Elegir de la biblioteca' });
    const documents = picker.getByRole('list', { name: 'Documentos de la biblioteca' });
    await expect(documents.getByRole('button', { name: /Guía del alumnado/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await documents.getByRole('button', { name: /Guía del alumnado/ }).click();
    await expect(picker).toBeHidden();
    await expect(layoutCell(page, 1, 2).getByLabel('Título del documento')).toHaveValue('Guía del alumnado');

    await page.getByRole('combobox', { name: 'Estado' }).selectOption('published');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/publications$/);
    const stored = (await api.json<{ layout: { cells: Record<string, unknown>[] }[] }>('GET', `/api/publications/${created.id}/`)).body;
    const [first, second] = stored.layout[0].cells;
    expect(first).toMatchObject({ type: 'document', title: 'Guía del alumnado 2026', format: 'pdf', size: pdf().length });
    expect(second).toMatchObject({ type: 'document', title: 'Guía del alumnado', content: first.content, mediaId: first.mediaId });

    // The visitor's page: the card, and the file behind 'Descargar'.
    await page.goto(`/noticias/${created.id}`);
    const download = page.getByRole('link', { name: /^Descargar: Guía del alumnado 2026/ });
    await expect(download).toHaveAttribute('href', first.content as string);
    const served = await page.request.get(first.content as string);
    expect(served.headers()['content-type']).toBe('application/pdf');
    // On a phone the card keeps within the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await download.scrollIntoViewIfNeeded();
    const box = await page.locator('.ui-document').first().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await violations(page)).toEqual([]);
  } finally {
    await api.json('DELETE', `/api/publications/${created.id}/`);
  }
});

test('a focal point set in the library moves the crop of the public card that shows the image', async ({ adminPage: page }) => {
  const api = adminApi(page);
  const uploaded = await page.request.fetch('/api/media/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').access)}` },
    multipart: { file: { name: 'Panorámica del claustro.png', mimeType: 'image/png', buffer: await png(1200, 400) } },
  });
  expect(uploaded.status()).toBe(201);
  const item = (await uploaded.json()) as Item;
  const news = (await api.list<{ id: number; slug: string }>('sections')).find((section) => section.slug === 'noticias')!;
  const title = `Con recorte enfocado ${Date.now()}`;
  const created = await api.json<{ id: number }>('POST', '/api/publications/', {
    title,
    section_id: news.id,
    status: 'published',
    publish_date: '2026-01-10',
    featured_image: item.url,
  });
  expect(created.status).toBe(201);
  try {
    const card = async () => {
      await page.goto('/noticias');
      return page.locator('.card').filter({ hasText: title }).locator('img').first();
    };
    await expect(await card()).toHaveCSS('object-position', '50% 50%');

    await page.goto(`/admin/medios/${item.id}`);
    const focal = page.getByRole('slider', { name: 'Punto focal' });
    await focal.focus();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Cambios guardados.')).toBeVisible();

    // The visitor's card now keeps the right-hand side of the wide image in view.
    await expect(await card()).toHaveCSS('object-position', '70% 50%');
  } finally {
    await api.json('DELETE', `/api/publications/${created.body.id}/`);
  }
});
