import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Reordering long lists (docs/decisions/141), on the site (`scaleSite`) whose
 * database test/e2e/support/seed-at-scale.ts filled with 5,000 biographies
 * ('Docente 1' …) and 10,000 publications ('Publicación 1' …), each in the
 * order of its number. Every move sends only the view shown, and what the
 * server holds afterwards is asked of the server.
 */
test.describe.configure({ timeout: 90_000 });

/** The next reorder request of `resource`, and its payload. */
const nextReorder = (page: Page, resource: string) =>
  page
    .waitForRequest((request) => request.url().endsWith(`/api/${resource}/reorder/`) && request.method() === 'PATCH')
    .then(async (request: Request) => {
      const response = await request.response();
      return {
        status: response?.status(),
        bytes: Buffer.byteLength(request.postData() ?? ''),
        items: request.postDataJSON() as { id: number; order: number }[],
      };
    });

/** What the server holds, through its API with the page's own token. */
async function serverList<T>(page: Page, path: string): Promise<T> {
  const access = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? 'null') as { access: string }).access);
  const reply = await page.request.get(`${new URL(page.url()).origin}${path}`, { headers: { Authorization: `Bearer ${access}` } });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as T;
}

const rowNames = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row').locator('.kit-table-primary').allTextContents();

test('5,000 biographies: a move sends the page of 100, one across the page edge sends the two that swap, and the server holds both', async ({
  page,
  signInThroughApi,
  scaleSite,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, { server: scaleSite.origin, path: '/admin/biographies' });
  await expect(page.getByRole('heading', { level: 1, name: 'Biografías (5000)' })).toBeVisible({ timeout: 30_000 });
  const names = async () =>
    (await serverList<{ results: { name: string }[] }>(page, '/api/biographies/?all=true&page_size=1000')).results.map((b) => b.name);

  let sent = nextReorder(page, 'biographies');
  await page.getByRole('button', { name: 'Bajar Docente 1', exact: true }).click();
  let request = await sent;
  expect(request.status).toBe(200);
  expect(request.items).toHaveLength(100);
  expect(request.bytes).toBeLessThan(3000);
  await expect(page.getByRole('button', { name: 'Bajar Docente 1', exact: true })).toBeFocused();
  expect((await names()).slice(0, 3)).toEqual(['Docente 2', 'Docente 1', 'Docente 3']);

  // The last row of the first page goes down to the second page.
  sent = nextReorder(page, 'biographies');
  await page.getByRole('button', { name: 'Bajar Docente 100', exact: true }).click();
  request = await sent;
  expect(request.status).toBe(200);
  expect(request.items).toHaveLength(2);
  await expect(page.getByText('Página 2 de 50 · filas 101–200 de 5000')).toBeVisible();
  expect((await rowNames(page, 'Biografías')).slice(0, 2)).toEqual(['Docente 100', 'Docente 102']);
  await expect(page.getByRole('button', { name: 'Bajar Docente 100', exact: true })).toBeFocused();
  expect((await names()).slice(98, 102)).toEqual(['Docente 99', 'Docente 101', 'Docente 100', 'Docente 102']);
});

test('10,000 publications: a move sends the page of 20, one across the page edge sends the two that swap and shows the next page, and the server holds both', async ({
  page,
  signInThroughApi,
  scaleSite,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, { server: scaleSite.origin, path: '/admin/publications' });
  await expect(page.getByText('10000 publicaciones')).toBeVisible({ timeout: 30_000 });
  const titles = async (pageNumber: number) =>
    (
      await serverList<{ results: { title: string }[] }>(page, `/api/publications/?page=${pageNumber}&page_size=20&omit=layout`)
    ).results.map((p) => p.title);

  let sent = nextReorder(page, 'publications');
  await page.getByRole('button', { name: 'Bajar Publicación 1', exact: true }).click();
  let request = await sent;
  expect(request.status).toBe(200);
  expect(request.items).toHaveLength(20);
  expect(request.bytes).toBeLessThan(1000);
  expect((await titles(1)).slice(0, 3)).toEqual(['Publicación 2', 'Publicación 1', 'Publicación 3']);

  sent = nextReorder(page, 'publications');
  await page.getByRole('button', { name: 'Bajar Publicación 20', exact: true }).click();
  request = await sent;
  expect(request.status).toBe(200);
  expect(request.items).toHaveLength(2);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('button', { name: 'Bajar Publicación 20', exact: true })).toBeFocused();
  expect((await rowNames(page, 'Publicaciones')).slice(0, 2)).toEqual(['Publicación 20', 'Publicación 22']);
  expect((await titles(1)).at(-1)).toBe('Publicación 21');
  expect((await titles(2))[0]).toBe('Publicación 20');

  // And back up across the same edge with 'Subir'.
  sent = nextReorder(page, 'publications');
  await page.getByRole('button', { name: 'Subir Publicación 20', exact: true }).click();
  expect((await sent).items).toHaveLength(2);
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('button', { name: 'Subir Publicación 20', exact: true })).toBeFocused();
  expect((await titles(1)).slice(-2)).toEqual(['Publicación 19', 'Publicación 20']);
  expect((await titles(2))[0]).toBe('Publicación 21');
});
