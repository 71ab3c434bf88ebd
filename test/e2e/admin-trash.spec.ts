import { adminApi } from '../helpers/e2e-admin-api';
import { png, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/** The trash ('Papelera'): a delete is not the end; what was deleted comes back as it was. */

const row = (page: Page, table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

test('a deleted biography waits in the Papelera, with who deleted it, and comes back at the end of the list', async ({
  adminPage: page,
}) => {
  const api = adminApi(page);
  const { status, body } = await api.multipart<{ id: number }>('POST', '/api/biographies/', {
    name: 'Marta Papelera',
    position: 'Profesora invitada',
    biography: 'Especialista en convivencia escolar.',
    is_active: 'true',
  });
  expect(status).toBe(201);

  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Biografías' }).click();
  await row(page, 'Biografías', 'Marta Papelera').getByRole('button', { name: 'Eliminar Marta Papelera' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Biografía de Marta Papelera eliminada')).toBeVisible();
  await expect(row(page, 'Biografías', 'Marta Papelera')).toHaveCount(0);
  await page.goto('/cuerpo-docente');
  await expect(page.getByRole('heading', { name: 'Marta Papelera' })).toHaveCount(0);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Papelera' }).click();
  await expect(page).toHaveURL(/\/admin\/papelera$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Papelera' })).toBeVisible();
  const entry = row(page, 'Papelera', 'Marta Papelera');
  await expect(entry).toContainText('Biografía');
  await expect(entry).toContainText('por admin');
  expect(await violations(page)).toEqual([]);

  await entry.getByRole('button', { name: 'Restaurar Marta Papelera' }).click();
  await expect(page.getByText('Se restauró «Marta Papelera»: vuelve al final de su lista')).toBeVisible();
  await expect(entry).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Biografías' }).click();
  const rows = page.getByRole('table', { name: 'Biografías' }).getByRole('row');
  await expect(rows.last()).toContainText('Marta Papelera');
  await page.goto('/cuerpo-docente');
  await expect(page.getByRole('heading', { name: 'Marta Papelera' })).toBeVisible();

  await page.goto('/admin');
  await api.json('DELETE', `/api/biographies/${body.id}/`);
});

test('a section deleted with its publications comes back with them, on the public site too', async ({
  adminPage: page,
  browserProblems,
}) => {
  const api = adminApi(page);
  const section = await api.json<{ id: number; slug: string }>('POST', '/api/sections/', { title: 'Jornadas de otoño' });
  expect(section.status).toBe(201);
  // The plain delete is refused (409) while the section holds publications: that is what asks the second question.
  browserProblems.expectFailedLoad(409, `/api/sections/${section.body.id}/`);
  // The section's public page, visited while it is in the Papelera, names nothing: a real 404.
  browserProblems.expectFailedLoad(404, `/${section.body.slug}`);
  const image = await png(400, 250);
  const access = (await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access)) as string;
  for (const title of ['Primera jornada', 'Segunda jornada']) {
    const reply = await page.request.fetch('/api/publications/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      multipart: {
        title,
        section_id: String(section.body.id),
        status: 'published',
        publish_date: '2026-01-15',
        featured_image: { name: 'j.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(reply.status()).toBe(201);
  }

  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Secciones' }).click();
  await row(page, 'Secciones', 'Jornadas de otoño').getByRole('button', { name: 'Eliminar Jornadas de otoño' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  const second = page.getByRole('dialog', { name: 'La sección «Jornadas de otoño» contiene 2 publicaciones.' });
  await expect(second).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await second.getByRole('button', { name: 'Eliminar con sus 2 publicaciones' }).click();
  await expect(page.getByText('Sección «Jornadas de otoño» y sus 2 publicaciones movidas a la Papelera')).toBeVisible();
  await expect(row(page, 'Secciones', 'Jornadas de otoño')).toHaveCount(0);
  await page.goto(`/${section.body.slug}`);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();

  await page.goto('/admin/papelera');
  const entry = row(page, 'Papelera', 'Jornadas de otoño');
  await expect(entry.getByText('con 2 publicaciones')).toBeVisible();
  await entry.getByRole('button', { name: 'Restaurar Jornadas de otoño' }).click();
  await expect(
    page.getByText('Se restauró «Jornadas de otoño»: la sección y sus publicaciones vuelven al final de su lista'),
  ).toBeVisible();

  await page.goto(`/${section.body.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jornadas de otoño' })).toBeVisible();
  await expect(page.getByText('Primera jornada')).toBeVisible();
  await expect(page.getByText('Segunda jornada')).toBeVisible();

  // Leave the site as it was: the section and its publications deleted, and purged from the trash.
  await page.goto('/admin');
  expect((await api.json('DELETE', `/api/sections/${section.body.id}/?with_publications=2`)).status).toBe(204);
  const trash = await api.json<{ results: { id: number; label: string }[] }>('GET', '/api/trash/');
  for (const item of trash.body.results.filter((e) => e.label === 'Jornadas de otoño')) await api.json('DELETE', `/api/trash/${item.id}/`);
});
