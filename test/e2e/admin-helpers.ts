import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config';
import { adminApi } from '../helpers/e2e-admin-api';
import { expect, SESSION_KEY, type Page, type StoredSession } from './support/fixtures';

/**
 * Signs in through the real sign-in screen and waits for the admin landing:
 * for the tests where typing the password is the point. The others start from
 * the `adminPage` fixture (support/fixtures.ts), signed in through the API.
 */
export async function signInWithForm(page: Page, baseURL = '') {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText('Panel de Control');
}

/**
 * How far a site's clock moves (site.advanceClock) for the access tokens it has
 * issued to have expired: their lifetime (ACCESS_TOKEN_LIFETIME's default, 300 s) and a second.
 */
export const ACCESS_TOKEN_EXPIRED = 301_000;

/** The stored session record (requirements §3), or null. */
export const storedSession = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null, SESSION_KEY);

/** A summary card of the admin landing, by its title. */
export const summaryCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** What axe finds against WCAG 2.2 A and AA on the page as it is now. */
export const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations;

/** A real PNG of the given size, for uploads. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 160, g: 90, b: 40 } } })
    .png()
    .toBuffer();

/** A row of the layout editor, and one of its cells, by their accessible names. */
export const layoutRow = (page: Page, n: number) => page.getByRole('region', { name: `Fila ${n}` });
export const layoutCell = (page: Page, r: number, c: number) => page.getByRole('group', { name: `Celda ${c} de la fila ${r}` });

/** 'Añadir fila' and one of the shapes it offers ('Una columna' unless said): a row of cells that ask their types. */
export async function addLayoutRow(page: Page, shape = 'Una columna'): Promise<void> {
  await page.getByRole('button', { name: 'Añadir fila' }).click();
  await page.getByRole('group', { name: 'Forma de la fila nueva' }).getByRole('button', { name: shape }).click();
}

/** A new cell's type, chosen by its buttons: 'Texto' (which opens the text editor), 'Imagen', 'Vídeo' or 'Documento'. */
export async function chooseCellType(page: Page, r: number, c: number, type: 'Texto' | 'Imagen' | 'Vídeo' | 'Documento'): Promise<void> {
  await layoutCell(page, r, c).getByRole('group', { name: '¿Qué contendrá esta celda?' }).getByRole('button', { name: type }).click();
}

/** A draft publication in 'Noticias', made through the API as the signed-in page's admin, to edit and read back. */
export async function createDraftPublication(page: Page, title: string): Promise<{ id: number; version: number }> {
  const news = (await adminApi(page).list<{ id: number; slug: string }>('sections')).find((section) => section.slug === 'noticias')!;
  const access = (await storedSession(page))!.access;
  const created = await page.request.post('/api/publications/', {
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    multipart: {
      title,
      section_id: String(news.id),
      status: 'draft',
      publish_date: '2026-03-01',
      featured_image: { name: 'portada.png', mimeType: 'image/png', buffer: await png(400, 250) },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; version: number };
}
