import { expect, type Page } from '@playwright/test';
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
