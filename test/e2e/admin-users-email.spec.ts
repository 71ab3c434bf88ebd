import { violations } from './admin-helpers';
import { expect, SESSION_KEY, test, type Page } from './support/fixtures';

// Addresses in Usuarios (docs/decisions/203, 205) on a site that sends no mail,
// as the browser specs' sites are: an account made with an address, the address
// in the list, changed in its dialog, the line that says links are only shown,
// and 'Correo' reached by its address. Every spec shares one database: the
// accounts here have names of their own.

const MAIL_OFF =
  'El sitio no envía correo: los enlaces de invitación y de contraseña solo se muestran aquí, una vez. Para enviarlos por correo, configure SMTP_URL y MAIL_FROM en el servidor.';

const uniqueUsername = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

const rowOf = (page: Page, username: string) =>
  page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: username });

test('an Administrador makes an account with an address, sees it in the list, changes it; the page says the site sends no mail', async ({
  adminPage: page,
}) => {
  const username = uniqueUsername('con-correo');
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(page.getByText(MAIL_OFF)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Correo', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  await page.getByRole('textbox', { name: /^Usuario/ }).fill(username);
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Lucía Con Correo');
  const email = page.getByRole('textbox', { name: /^Correo electrónico/ });
  await email.fill(`${username}@`);
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(email).toHaveAccessibleDescription(/Introduzca una dirección de correo electrónico válida\./);
  // Nothing typed is lost.
  await expect(page.getByRole('textbox', { name: /^Usuario/ })).toHaveValue(username);
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lucía Con Correo');
  await expect(email).toHaveValue(`${username}@`);
  expect(await violations(page)).toEqual([]);

  await email.fill(`${username}@universidad.example.org`);
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByRole('textbox', { name: 'Enlace de invitación' })).toHaveValue(/\/admin\/activar#/);
  // No mail: the link shown is the only way, and nothing says it went anywhere else.
  await expect(page.getByText(/También se ha enviado por correo/)).toHaveCount(0);
  const row = rowOf(page, username);
  await expect(row).toContainText(`${username}@universidad.example.org`);

  await row.getByRole('button', { name: `Cambiar correo de ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar el correo electrónico' });
  const field = dialog.getByRole('textbox', { name: /^Correo electrónico/ });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(`${username}@universidad.example.org`);
  expect(await violations(page)).toEqual([]);
  await field.fill(`lucia.${username}@example.org`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`El correo de ${username} es ahora lucia.${username}@example.org.`)).toBeVisible();
  await expect(row).toContainText(`lucia.${username}@example.org`);
  await expect(row.getByRole('button', { name: `Cambiar correo de ${username}` })).toBeFocused();

  // What the server holds now, read as the page reads it.
  await page.reload();
  await expect(rowOf(page, username)).toContainText(`lucia.${username}@example.org`);
});

test('Usuarios with addresses and Correo have no accessibility violations at 1280 and 375 px', async ({ adminPage: page }) => {
  const username = uniqueUsername('maria.fernandez-gonzalez');
  const access = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key)!) as { access: string }).access, SESSION_KEY);
  const made = await page.request.post('/api/users/', {
    data: { username, name: 'María Fernández González', role: 'editor', email: `${username}@universidad-de-ejemplo.es` },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(made.status()).toBe(201);
  expect(((await made.json()) as { invitation: { mailed_to: string | null } }).invitation.mailed_to).toBeNull();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/usuarios');
    await expect(rowOf(page, username)).toContainText(`${username}@universidad-de-ejemplo.es`);
    // A table where it has room, cards on a phone; the address never overflows its row.
    await expect(page.getByRole('table', { name: 'Usuarios' })).toHaveAttribute('data-layout', width === 1280 ? 'table' : 'cards');
    const overflow = await rowOf(page, username).evaluate((row) => row.scrollWidth - row.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await violations(page)).toEqual([]);

    await page.goto('/admin/usuarios/correo');
    await expect(page.getByRole('heading', { level: 1, name: 'Correo' })).toBeVisible();
    await expect(page.getByText('Todavía no se ha enviado ningún correo.')).toBeVisible();
    await expect(page.getByText(MAIL_OFF)).toBeVisible();
    // The side navigation (a menu on a phone) still says where the page belongs.
    if (width === 1280)
      await expect(page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Usuarios' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    expect(await violations(page)).toEqual([]);
  }
});
