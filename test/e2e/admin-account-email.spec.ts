import { E2E_ADMIN } from '../../playwright.config';
import { violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

// The owner's email address in 'Mi cuenta' and the page a confirmation link
// opens (docs/decisions/206). The browser tests' sites send no mail, so here
// the change is made at once, as the form says beforehand; that a link is
// mailed, works once and tells the old address is test/api/account-email.test.ts's.

const INVALID_LINK =
  'Este enlace para confirmar una dirección de correo no es válido, ya se usó o ha caducado. Pida el cambio de nuevo en Mi cuenta.';

const emailSection = (page: Page) => page.getByRole('region', { name: 'Correo electrónico' });

test('the owner changes their address from the keyboard: a wrong password keeps what was typed, the right one sets it at once', async ({
  adminPage: page,
  browserProblems,
}) => {
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(E2E_ADMIN.username) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const section = emailSection(page);
  await expect(section.getByText('Sin dirección de correo')).toBeVisible();
  const address = section.getByLabel(/^Nueva dirección de correo/);
  await expect(address).toHaveAccessibleDescription(/Este sitio no envía correo/);

  await address.focus();
  await page.keyboard.type('direccion@example.org');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel(/^Contraseña actual/)).toBeFocused();
  await page.keyboard.type('no es la contraseña');
  browserProblems.expectFailedLoad(400, '/api/account/email/');
  await page.keyboard.press('Enter');
  await expect(section.getByLabel(/^Contraseña actual/)).toHaveAccessibleDescription(/La contraseña actual no es correcta\./);
  await expect(section.getByLabel(/^Contraseña actual/)).toBeFocused();
  await expect(address).toHaveValue('direccion@example.org');

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: 'Su dirección de correo es ahora direccion@example.org.' })).toBeVisible();
  await expect(section.getByRole('definition')).toHaveText(['direccion@example.org']);
  await page.reload();
  await expect(emailSection(page).getByRole('definition')).toHaveText(['direccion@example.org']);
});

test('a confirmation link that confirms nothing says so, signed in or not, with the focus on the result and a way to the panel', async ({
  adminPage: page,
  browser,
  browserProblems,
}) => {
  browserProblems.expectFailedLoad(404, '/api/account/email/confirm/');
  await page.goto('/admin/confirmar-correo#un-enlace-que-no-es-de-nadie-000000000000000');
  const heading = page.getByRole('heading', { level: 1, name: 'No se pudo confirmar la dirección' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe('');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Ir al panel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner')).toContainText('Panel de Control');

  // In a browser where nobody is signed in, the page is the same; the panel then asks to sign in.
  const context = await browser.newContext();
  browserProblems.watch(context);
  const anonymous = await context.newPage();
  await anonymous.goto('/admin/confirmar-correo#otro-enlace-que-no-es-de-nadie-00000000000000');
  await expect(anonymous.getByRole('heading', { level: 1, name: 'No se pudo confirmar la dirección' })).toBeFocused();
  await anonymous.getByRole('link', { name: 'Ir al panel' }).click();
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await context.close();
});

test('the email section and the confirmation page have no accessibility violations at 1280 and 375 px', async ({
  adminPage: page,
  browserProblems,
}) => {
  browserProblems.expectFailedLoad(404, '/api/account/email/confirm/');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/cuenta');
    const section = emailSection(page);
    await expect(section.getByRole('definition')).toHaveCount(1);
    await section.getByLabel(/^Nueva dirección de correo/).fill('sin-arroba');
    await section.getByRole('button', { name: 'Cambiar dirección' }).click();
    await expect(section.getByText('Introduzca una dirección de correo electrónico válida.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/admin/confirmar-correo#enlace-de-prueba-que-no-existe-0000000000000000');
    await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
    expect(await violations(page)).toEqual([]);
  }
});
