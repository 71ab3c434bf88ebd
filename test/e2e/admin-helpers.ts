import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config';

/** Signs in through the real sign-in screen and waits for the admin landing. */
export async function signIn(page: Page, baseURL = '') {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText('Panel de Control');
}

/** The stored session record (requirements §3), or null. */
export const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { access: string; refresh: string; username: string } | null);

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

/** Console errors (CSP violations among them) and uncaught exceptions seen by the page: there must be none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A row of the layout editor, and one of its cells, by their accessible names. */
export const layoutRow = (page: Page, n: number) => page.getByRole('region', { name: `Fila ${n}` });
export const layoutCell = (page: Page, r: number, c: number) => page.getByRole('group', { name: `Celda ${c} de la fila ${r}` });
