import { E2E_ADMIN } from '../../playwright.config';
import { signInWithForm, storedSession, summaryCard } from './admin-helpers';
import { expect, test } from './support/fixtures';

test('a wrong password is refused with a message, and the password is cleared', async ({ page, browserProblems }) => {
  browserProblems.expectFailedLoad(401, '/api/token/');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('¿Ha olvidado su contraseña? Pida a un administrador un enlace nuevo.')).toBeVisible();
  await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(page.getByLabel('Contraseña')).toHaveValue('');
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await storedSession(page)).toBeNull();

  await page.getByLabel('Contraseña').fill('x');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('empty fields send nothing and ask for both', async ({ page }) => {
  await page.goto('/admin/login');
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/token/')) sent += 1;
  });
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, complete todos los campos');
  await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, complete todos los campos');
  expect(sent).toBe(0);
});

test('the right password opens the panel with the username and the content figures', async ({ page }) => {
  await signInWithForm(page);
  await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.username);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  // The demo content: five sections and eight biographies (requirements §10.10).
  await expect(summaryCard(page, 'Secciones').getByText('5', { exact: true })).toBeVisible();
  await expect(summaryCard(page, 'Biografías').getByText('8', { exact: true })).toBeVisible();
  await expect(summaryCard(page, 'Publicaciones').getByText(/^\d+$/)).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ username: E2E_ADMIN.username });

  await page.reload();
  await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.username);
  await expect(page).toHaveURL(/\/admin$/);
});

test('signed out, every admin page leads to the sign-in screen', async ({ page }) => {
  for (const path of ['/admin', '/admin/sections', '/admin/publications/3']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  }
});

test('/login is the same sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
});

test('Cerrar sesión ends the session: the panel is closed until the next sign-in', async ({ page }) => {
  await signInWithForm(page);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a visitor of the public site downloads none of the admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('/admin.'))).toBe(false);

  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  expect(scripts.some((url) => url.includes('/admin.'))).toBe(true);
});
