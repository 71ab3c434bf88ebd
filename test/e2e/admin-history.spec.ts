import { adminApi } from '../helpers/e2e-admin-api';
import { png, violations } from './admin-helpers';
import { expect, test } from './support/fixtures';

/** Every change has a history and an author: 'Historial' with restore, and the activity log. */

test('a publication edited twice is restored to its first version, and the public page shows it', async ({ adminPage: page }) => {
  const api = adminApi(page);
  const sections = await api.list<{ id: number; slug: string }>('sections');
  const news = sections.find((section) => section.slug === 'noticias')!;
  const access = (await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string;
  const created = await page.request.fetch('/api/publications/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    multipart: {
      title: 'Convocatoria de becas 2027',
      section_id: String(news.id),
      status: 'published',
      publish_date: '2026-02-01',
      featured_image: { name: 'becas.png', mimeType: 'image/png', buffer: await png(400, 250) },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const title of ['Convocatoria de becas 2027: plazo ampliado', 'Becas 2027: últimos días']) {
    expect((await api.multipart('PATCH', `/api/publications/${id}/`, { title })).status).toBe(200);
  }

  await page.goto(`/admin/publications/${id}`);
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history.getByRole('link', { name: /^Versión \d+$/ })).toHaveText(['Versión 3', 'Versión 2', 'Versión 1']);
  await expect(history.getByText('Versión actual')).toBeVisible();
  await expect(history.getByRole('list', { name: 'Cambios de la versión 3' })).toContainText('Título');
  expect(await violations(page)).toEqual([]);

  await history.getByRole('link', { name: 'Versión 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Versión 1 de «Becas 2027: últimos días»' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Convocatoria de becas 2027', exact: true })).toBeVisible();
  await expect(page.getByText(/Guardada el .* por admin\./)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Restaurar esta versión' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Restaurar la versión 1?' });
  await expect(dialog).toContainText('La publicación seguirá «Publicado»');
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click();
  await expect(page.getByText('Versión 1 restaurada: ahora es la actual')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/publications/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Convocatoria de becas 2027' })).toBeVisible();
  await expect(history.getByRole('list', { name: 'Cambios de la versión 4' })).toContainText('Restaurada la versión 1');

  await page.goto(`/noticias/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Convocatoria de becas 2027' })).toBeVisible();

  await page.goto('/admin');
  await api.json('DELETE', `/api/publications/${id}/`);
});

test('the activity log shows the edits, a delete and its restore, with who did them', async ({ adminPage: page }) => {
  const api = adminApi(page);
  const { body: biography } = await api.multipart<{ id: number }>('POST', '/api/biographies/', {
    name: 'Rosa Actividad',
    position: 'Tutora',
    biography: 'Acompaña los trabajos de fin de máster.',
    is_active: 'true',
  });
  await api.multipart('PATCH', `/api/biographies/${biography.id}/`, { position: 'Tutora de prácticas' });
  await api.json('DELETE', `/api/biographies/${biography.id}/`);
  const trash = await api.json<{ results: { id: number; label: string }[] }>('GET', '/api/trash/');
  const entry = trash.body.results.find((e) => e.label === 'Rosa Actividad')!;
  expect((await api.json('POST', `/api/trash/${entry.id}/restore/`)).status).toBe(200);

  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Actividad' }).click();
  await expect(page).toHaveURL(/\/admin\/actividad$/);
  const rows = page.getByRole('table', { name: 'Actividad' }).getByRole('row').filter({ hasText: 'Rosa Actividad' });
  await expect(rows).toHaveCount(4);
  for (const [index, action] of ['Restauración desde la papelera', 'Envío a la papelera', 'Edición', 'Creación'].entries()) {
    await expect(rows.nth(index)).toContainText(action);
    await expect(rows.nth(index)).toContainText('admin');
  }
  await expect(
    page.getByRole('table', { name: 'Actividad' }).getByRole('row').filter({ hasText: 'Inicio de sesión' }).first(),
  ).toContainText('127.0.0.1');
  expect(await violations(page)).toEqual([]);

  await page.getByLabel('Acción').selectOption({ label: 'Envío a la papelera' });
  await expect(page).toHaveURL(/kind=delete/);
  await expect(page.getByRole('table', { name: 'Actividad' }).getByRole('row').filter({ hasText: 'Rosa Actividad' })).toHaveCount(1);

  await api.json('DELETE', `/api/biographies/${biography.id}/`);
});
