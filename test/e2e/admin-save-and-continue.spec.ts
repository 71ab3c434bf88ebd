import { adminApi } from '../helpers/e2e-admin-api';
import { addLayoutRow, chooseCellType, createDraftPublication, layoutCell } from './admin-helpers';
import { expect, test, type Page, type Request } from './support/fixtures';

/**
 * 'Guardar y seguir editando' and Ctrl+S / ⌘S keep the form open on the saved
 * version (docs/decisions/145-a-save-goes-out-once.md): what the server holds
 * after each save, and a second save after more edits that goes through (no
 * 409), each attempt with an Idempotency-Key of its own. 'Guardar' still
 * returns to the list.
 */

/** The PATCH requests the page sends to one address, with what the server answered. */
function watchSaves(page: Page, path: string) {
  const saves: { request: Request; status: Promise<number> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === path) {
      saves.push({ request, status: request.response().then((response) => response?.status() ?? 0) });
    }
  });
  return {
    statuses: () => Promise.all(saves.map((save) => save.status)),
    keys: () => Promise.all(saves.map(async (save) => (await save.request.allHeaders())['idempotency-key'])),
  };
}

test('a publication saved with Guardar y seguir editando, then with Ctrl+S after more edits, stays open and both saves are stored', async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const title = `Seguir editando ${Date.now()}`;
  const created = await createDraftPublication(page, title);
  try {
    const saves = watchSaves(page, `/api/publications/${created.id}/`);
    await page.goto(`/admin/publications/edit/${created.id}`);
    const titleBox = page.getByRole('textbox', { name: /^Título/ });
    await expect(titleBox).toHaveValue(title);

    await titleBox.fill(`${title} (primera)`);
    await page.getByRole('button', { name: 'Guardar y seguir editando' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/publications/edit/${created.id}$`));
    await expect(page.getByRole('button', { name: 'Guardar y seguir editando' })).toBeEnabled();
    const first = await api.json<{ title: string; version: number }>('GET', `/api/publications/${created.id}/`);
    expect(first.body).toMatchObject({ title: `${title} (primera)`, version: created.version + 1 });

    // More edits, a layout row among them, then Ctrl+S (⌘S on a Mac) from the field being typed in.
    await addLayoutRow(page);
    await chooseCellType(page, 1, 1, 'Vídeo');
    const video = layoutCell(page, 1, 1).getByLabel('Enlace del vídeo');
    await video.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await titleBox.fill(`${title} (segunda)`);
    await titleBox.press('ControlOrMeta+s');

    await expect
      .poll(async () => (await api.json<{ version: number }>('GET', `/api/publications/${created.id}/`)).body.version)
      .toBe(created.version + 2);
    const second = await api.json<{ title: string; layout: unknown }>('GET', `/api/publications/${created.id}/`);
    expect(second.body.title).toBe(`${title} (segunda)`);
    expect(JSON.stringify(second.body.layout)).toContain('dQw4w9WgXcQ');
    expect(await saves.statuses()).toEqual([200, 200]);
    const keys = await saves.keys();
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(2);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/publications/edit/${created.id}$`));

    // Nothing is left unsaved: leaving asks nothing. 'Guardar cambios' still goes back to the list.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/admin\/publications$/);
    await page.goto(`/admin/publications/edit/${created.id}`);
    await expect(titleBox).toHaveValue(`${title} (segunda)`);
    await titleBox.fill(`${title} (tercera)`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/publications$/);
    expect((await api.json<{ title: string; version: number }>('GET', `/api/publications/${created.id}/`)).body).toMatchObject({
      title: `${title} (tercera)`,
      version: created.version + 3,
    });
  } finally {
    await api.json('DELETE', `/api/publications/${created.id}/`);
  }
});

test('a row added just after Guardar y seguir editando outlives the copy of the publication the save sets the page fetching', async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const title = `Fila tras guardar ${Date.now()}`;
  const created = await createDraftPublication(page, title);
  try {
    await page.goto(`/admin/publications/edit/${created.id}`);
    const titleBox = page.getByRole('textbox', { name: /^Título/ });
    await expect(titleBox).toHaveValue(title);
    // The fresh copy every save sets the page fetching is held, as a slow connection would: the editor moves on first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/publications/${created.id}/`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer });
    });
    await titleBox.fill(`${title} (guardado)`);
    await page.getByRole('button', { name: 'Guardar y seguir editando' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await addLayoutRow(page);
    await chooseCellType(page, 1, 1, 'Vídeo');
    await layoutCell(page, 1, 1).getByLabel('Enlace del vídeo').fill('https://vimeo.com/76979871');

    release();
    // The heading under 'Editar Publicación' is drawn from that copy: once it reads the saved title, the copy is in.
    await expect(page.getByRole('main').getByText(`${title} (guardado)`, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Fila \d/ })).toHaveCount(1);
    await expect(layoutCell(page, 1, 1).getByLabel('Enlace del vídeo')).toHaveValue('https://vimeo.com/76979871');

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/publications$/);
    const stored = await api.json<{ layout: unknown; version: number }>('GET', `/api/publications/${created.id}/`);
    expect(stored.body.version).toBe(created.version + 2);
    expect(JSON.stringify(stored.body.layout)).toContain('76979871');
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await api.json('DELETE', `/api/publications/${created.id}/`);
  }
});

test('a section and a biography stay open after Ctrl+S and after the button; a second save goes through', async ({ adminPage: page }) => {
  const api = adminApi(page);
  const section = (
    await api.json<{ id: number; title: string; version: number }>('POST', '/api/sections/', { title: `Sección seguir ${Date.now()}` })
  ).body;
  const biography = (
    await api.multipart<{ id: number; name: string; version: number }>('POST', '/api/biographies/', {
      name: `Prof. Seguir ${Date.now()}`,
      position: 'Tutora',
      biography: 'Primera.',
    })
  ).body;
  try {
    await page.goto(`/admin/sections/edit/${section.id}`);
    const sectionTitle = page.getByRole('textbox', { name: /^Título/ });
    await expect(sectionTitle).toHaveValue(section.title);
    await sectionTitle.fill(`${section.title} uno`);
    await sectionTitle.press('ControlOrMeta+s');
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await sectionTitle.fill(`${section.title} dos`);
    await page.getByRole('button', { name: 'Guardar y seguir editando' }).click();
    await expect
      .poll(async () => (await api.json<{ title: string; version: number }>('GET', `/api/sections/${section.id}/`)).body)
      .toMatchObject({
        title: `${section.title} dos`,
        version: section.version + 2,
      });
    await expect(page).toHaveURL(new RegExp(`/admin/sections/edit/${section.id}$`));

    await page.goto(`/admin/biographies/edit/${biography.id}`);
    const text = page.getByRole('textbox', { name: 'Biografía' });
    await expect(text).toHaveValue('Primera.');
    await text.fill('Segunda.');
    await page.getByRole('button', { name: 'Guardar y seguir editando' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await text.fill('Tercera.');
    await text.press('ControlOrMeta+s');
    await expect
      .poll(async () => (await api.json<{ biography: string; version: number }>('GET', `/api/biographies/${biography.id}/`)).body)
      .toMatchObject({
        biography: 'Tercera.',
        version: biography.version + 2,
      });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/biographies/edit/${biography.id}$`));
  } finally {
    await api.json('DELETE', `/api/biographies/${biography.id}/`);
    await api.json('DELETE', `/api/sections/${section.id}/`);
  }
});

test('Ctrl+S typed inside the text of a cell saves and stays open: the text editor hands the keys on to the form', async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const created = await createDraftPublication(page, `Guardar desde el texto ${Date.now()}`);
  try {
    await page.goto(`/admin/publications/edit/${created.id}`);
    await addLayoutRow(page);
    await chooseCellType(page, 1, 1, 'Texto');
    const text = layoutCell(page, 1, 1).locator('.tox iframe').contentFrame().getByLabel('Texto de la celda 1 de la fila 1');
    // TinyMCE's first start on a busy machine can outlast expect's 7 s.
    await expect(text).toBeFocused({ timeout: 20_000 });
    await text.pressSequentially('Guardado sin salir del texto');
    await text.press('ControlOrMeta+s');

    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    const stored = await api.json<{ layout: unknown; version: number }>('GET', `/api/publications/${created.id}/`);
    expect(stored.body.version).toBe(created.version + 1);
    expect(JSON.stringify(stored.body.layout)).toContain('Guardado sin salir del texto');
    await expect(page).toHaveURL(new RegExp(`/admin/publications/edit/${created.id}$`));
  } finally {
    await api.json('DELETE', `/api/publications/${created.id}/`);
  }
});
