import { adminApi } from '../helpers/e2e-admin-api';
import { png, storedSession, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * Bulk actions in the publication list: chosen by checkbox, asked once with
 * the count, each item written as its own edit would be; an item changed
 * meanwhile is reported by its title and stays as it is, and 'Deshacer'
 * gives the others back their own previous status.
 */

interface Stored {
  id: number;
  title: string;
  status: string;
  version: number;
  section_id: number;
}

async function newPublication(page: Page, sectionId: number, title: string): Promise<Stored> {
  const access = (await storedSession(page))!.access;
  const created = await page.request.post('/api/publications/', {
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    multipart: {
      title,
      section_id: String(sectionId),
      status: 'draft',
      publish_date: '2026-03-01',
      featured_image: { name: 'portada.png', mimeType: 'image/png', buffer: await png(400, 250) },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Stored;
}

test('a bulk archive of three with one changed meanwhile reports that one by title, and Deshacer restores the other two', async ({
  adminPage: page,
}, testInfo) => {
  const api = adminApi(page);
  const unique = Date.now().toString(36);
  const section = await api.json<{ id: number }>('POST', '/api/sections/', { title: `Lote ${unique}` });
  expect(section.status).toBe(201);
  const sectionId = section.body.id;
  // The cleanup runs even when the test fails: other tests on this worker count the demo's five sections.
  const made: Stored[] = [];
  try {
    const [first, second, third] = [
      await newPublication(page, sectionId, `Acta de enero ${unique}`),
      await newPublication(page, sectionId, `Acta de febrero ${unique}`),
      await newPublication(page, sectionId, `Acta de marzo ${unique}`),
    ];
    made.push(first, second, third);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/publications?section=${sectionId}`);
    const table = page.getByRole('table', { name: 'Publicaciones' });
    await expect(table.getByRole('row')).toHaveCount(4);

    // One by its own checkbox, named by its title; then the whole page.
    await page.getByRole('checkbox', { name: `Seleccionar «${first.title}»` }).check();
    await expect(page.getByText('1 publicación seleccionada').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Seleccionar todas las de esta página' }).check();
    await expect(page.getByRole('checkbox', { name: `Seleccionar «${third.title}»` })).toBeChecked();
    const bar = page.getByRole('region', { name: 'Acciones en lote' });
    await expect(bar).toContainText('3 publicaciones seleccionadas');

    // Someone changes one of them through the API while it is chosen.
    const changed = await api.json<Stored>('PATCH', `/api/publications/${second.id}/`, { title: `Acta de febrero, corregida ${unique}` });
    expect(changed.status).toBe(200);

    // The bar is reached by keyboard, after the list.
    const archive = bar.getByRole('button', { name: 'Archivar' });
    await archive.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '¿Archivar 3 publicaciones?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Archivar' }).click();

    const outcome = page.getByRole('status').filter({ hasText: '2 publicaciones archivadas' });
    await expect(outcome).toBeVisible();
    await expect(outcome).toContainText(`«Acta de febrero, corregida ${unique}»: otra persona la cambió mientras tanto.`);
    await expect(outcome).toBeFocused();
    // 'Deshacer' is offered for ten seconds; the notice waits while the keyboard is on it.
    const undo = page.locator('.kit-notice').filter({ hasText: '2 publicaciones archivadas' }).getByRole('button', { name: 'Deshacer' });
    await undo.focus();

    // What the server holds: two archived, the one changed meanwhile as its editor left it.
    const read = async (id: number) => (await api.json<Stored>('GET', `/api/publications/${id}/`)).body;
    expect((await read(first.id)).status).toBe('archived');
    expect((await read(third.id)).status).toBe('archived');
    expect(await read(second.id)).toMatchObject({ status: 'draft', title: `Acta de febrero, corregida ${unique}` });

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('bulk-outcome-1280.png'), fullPage: true });

    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Deshecho: 2 publicaciones vuelven a su estado y su sección anteriores' }),
    ).toBeVisible();
    await expect.poll(async () => (await read(first.id)).status).toBe('draft');
    expect((await read(third.id)).status).toBe('draft');
    expect((await read(second.id)).status).toBe('draft');

    // One entry in Actividad for each action, listing its items.
    const log = await api.json<{ results: { action: string; target_label: string; items?: { id: number }[] }[] }>(
      'GET',
      '/api/activity/?kind=bulk',
    );
    expect(log.body.results.slice(0, 2).map(({ action, target_label }) => [action, target_label])).toEqual([
      ['bulk_revert', '2 publicaciones'],
      ['bulk_archive', '2 publicaciones'],
    ]);
    expect(log.body.results[1].items?.map(({ id }) => id)).toEqual([first.id, third.id]);
    await page.goto('/admin/actividad?kind=bulk');
    await expect(page.getByRole('table', { name: 'Actividad' })).toContainText('Archivo en lote');
    expect(await violations(page)).toEqual([]);
  } finally {
    for (const publication of made) await api.json('DELETE', `/api/publications/${publication.id}/`);
    expect((await api.json('DELETE', `/api/sections/${sectionId}/`)).status).toBe(204);
  }
});

test('on a phone the cards carry the checkbox and the bar of actions stays at the bottom of the screen', async ({
  adminPage: page,
}, testInfo) => {
  const api = adminApi(page);
  const unique = Date.now().toString(36);
  const section = await api.json<{ id: number }>('POST', '/api/sections/', { title: `Lote móvil ${unique}` });
  expect(section.status).toBe(201);
  const made = [
    await newPublication(page, section.body.id, `Circular uno ${unique}`),
    await newPublication(page, section.body.id, `Circular dos ${unique}`),
    await newPublication(page, section.body.id, `Circular tres ${unique}`),
  ];

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/admin/publications?section=${section.body.id}`);
  await page.getByRole('checkbox', { name: `Seleccionar «${made[0].title}»` }).check();
  await page.getByRole('checkbox', { name: `Seleccionar «${made[2].title}»` }).check();
  const bar = page.getByRole('region', { name: 'Acciones en lote' });
  await expect(bar).toContainText('2 publicaciones seleccionadas');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Enviar a la papelera' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('bulk-bar-375.png') });
  expect(await violations(page)).toEqual([]);

  for (const publication of made) await api.json('DELETE', `/api/publications/${publication.id}/`);
  expect((await api.json('DELETE', `/api/sections/${section.body.id}/`)).status).toBe(204);
});
