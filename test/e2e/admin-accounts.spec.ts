import { E2E_ADMIN } from '../../playwright.config';
import { violations } from './admin-helpers';
import { expect, SESSION_KEY, test, type APIRequestContext, type BrowserContext, type Page, type StoredSession } from './support/fixtures';

type Browser = NonNullable<ReturnType<BrowserContext['browser']>>;

// Accounts between two browsers: what one person does in the panel reaches
// the other's session on its next request. Every spec shares one database, so
// each test makes colleagues of its own and never changes the administrator's
// password.

const PASSWORD = 'una frase larga para el navegador';
const NEW_PASSWORD = 'otra frase larga, elegida en el panel';
const FORBIDDEN = 'No tiene permiso para realizar esta acción.';

const uniqueUsername = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/token/', { data: E2E_ADMIN });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { access: string }).access;
}

/** An Editor made through the API, with a password of their own. */
async function editorThroughApi(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const access = await adminToken(request);
  const username = uniqueUsername('editora');
  const made = await request.post('/api/users/', {
    data: { username, name: 'Editora de pruebas', role: 'editor' },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(made.status()).toBe(201);
  const { user, invitation } = (await made.json()) as { user: { id: number }; invitation: { url: string } };
  const token = invitation.url.slice(invitation.url.indexOf('#') + 1);
  expect((await request.post('/api/invitations/accept/', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return { id: user.id, username };
}

/** A page of a new browser (its own storage), signed in as `username` through the API. */
async function signedInBrowser(browser: Browser, username: string, password: string, watch: (page: Page) => void): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  const reply = await page.request.post('/api/token/', { data: { username, password } });
  expect(reply.status()).toBe(200);
  const session: StoredSession = { ...((await reply.json()) as { access: string; refresh: string }), username };
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
  await page.goto('/admin');
  await expect(page.getByRole('banner')).toContainText(username);
  return page;
}

test('an Administrador invites an Editor, who opens the link in another browser, chooses a password and is signed in; an Editor has no Usuarios', async ({
  adminPage,
  browser,
  browserProblems,
}) => {
  const username = uniqueUsername('editora');
  await adminPage.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Usuarios' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Nuevo usuario' }).click();
  await adminPage.getByRole('textbox', { name: /^Usuario/ }).fill(username);
  await adminPage.getByRole('textbox', { name: /^Nombre/ }).fill('Lucía Editora');
  await adminPage.getByRole('combobox', { name: /^Rol/ }).selectOption({ label: 'Editor' });
  expect(await violations(adminPage)).toEqual([]);
  await adminPage.getByRole('button', { name: 'Crear usuario' }).click();
  const linkField = adminPage.getByRole('textbox', { name: 'Enlace de invitación' });
  await expect(linkField).toHaveValue(/\/admin\/activar#/);
  const link = await linkField.inputValue();
  expect(new URL(link).origin).toBe(new URL(adminPage.url()).origin);
  await expect(adminPage.getByRole('row').filter({ hasText: username })).toContainText('Invitación pendiente');
  expect(await violations(adminPage)).toEqual([]);

  // The colleague, in a browser of their own.
  const context = await browser.newContext();
  browserProblems.watch(context);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url()));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Active su cuenta' })).toBeVisible();
  await expect(page.getByText('Lucía Editora')).toBeVisible();
  // The token left the address bar, and no request ever carried it in an address.
  expect(new URL(page.url()).hash).toBe('');
  const token = link.slice(link.indexOf('#') + 1);
  expect(sent.filter((url) => url.includes(token))).toEqual([]);
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);

  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Repetir contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText(username);

  // An Editor: no Usuarios, the sentence at its address, no section buttons, and 403 from the API.
  const nav = page.getByRole('navigation', { name: 'Contenido del sitio' });
  await expect(nav.getByRole('link', { name: 'Actividad' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await page.goto('/admin/usuarios');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
  await page.goto('/admin/sections');
  await expect(page.getByRole('table', { name: 'Secciones' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nueva Sección' })).toHaveCount(0);
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY))!) as StoredSession;
  const refused = await page.request.get('/api/users/', { headers: { Authorization: `Bearer ${stored.access}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ detail: FORBIDDEN });
  // Used once: the link opens no more.
  await page.goto(link);
  await expect(page.getByText('Este enlace no es válido o ha caducado. Pida a un administrador un enlace nuevo.')).toBeVisible();
  browserProblems.expectFailedLoad(404, '/api/invitations/check/');
  await context.close();
});

test('a password change in one browser ends the session of the other and keeps its own, in every tab', async ({
  browser,
  request,
  browserProblems,
}) => {
  const { username } = await editorThroughApi(request);
  const here = await signedInBrowser(browser, username, PASSWORD, (page) => browserProblems.watch(page));
  const elsewhere = await signedInBrowser(browser, username, PASSWORD, (page) => browserProblems.watch(page));
  // A second tab of the browser that changes the password.
  const sibling = await here.context().newPage();
  await sibling.goto('/admin/publications');
  await expect(sibling.getByRole('heading', { level: 1, name: 'Publicaciones' })).toBeVisible();

  await here
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(username) })
    .click();
  await expect(here.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  // The activation's own sign-in, this browser's and the other's (and a header row).
  await expect(here.getByRole('table', { name: 'Sesiones abiertas' }).getByRole('row')).toHaveCount(4);
  expect(await violations(here)).toEqual([]);
  // 'Correo electrónico' asks for the current password too: this is the one of 'Cambiar contraseña'.
  await here
    .getByRole('region', { name: 'Cambiar contraseña' })
    .getByLabel(/^Contraseña actual/)
    .fill(PASSWORD);
  await here.getByLabel(/^Nueva contraseña/).fill(NEW_PASSWORD);
  await here.getByLabel(/^Repetir nueva contraseña/).fill(NEW_PASSWORD);
  await here.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(here.getByText('Contraseña cambiada. Las demás sesiones se han cerrado.')).toBeVisible();
  await expect(here.getByRole('table', { name: 'Sesiones abiertas' }).getByRole('row')).toHaveCount(2);

  // This browser goes on, both tabs.
  await here.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Biografías' }).click();
  await expect(here.getByRole('heading', { level: 1, name: 'Biografías' })).toBeVisible();
  await sibling.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Secciones' }).click();
  await expect(sibling.getByRole('table', { name: 'Secciones' })).toBeVisible();
  await expect(sibling.getByRole('banner')).toContainText(username);

  // The other browser's next request finds its session over.
  browserProblems.expectFailedLoad(401, /\/api\//);
  await elsewhere.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Biografías' }).click();
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await here.context().close();
  await elsewhere.context().close();
});

test('deactivating a colleague ends their open session on its next request, and they cannot sign in', async ({
  adminPage,
  browser,
  request,
  browserProblems,
}) => {
  const { username } = await editorThroughApi(request);
  const theirs = await signedInBrowser(browser, username, PASSWORD, (page) => browserProblems.watch(page));

  await adminPage.goto('/admin/usuarios');
  const row = adminPage.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: `Desactivar ${username}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: '¿Desactivar esta cuenta?' });
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(row).toContainText('Desactivado');

  browserProblems.expectFailedLoad(401, /\/api\//);
  await theirs.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Publicaciones' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await theirs.getByLabel('Usuario').fill(username);
  await theirs.getByLabel('Contraseña').fill(PASSWORD);
  await theirs.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(theirs.getByRole('alert')).toBeVisible();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await theirs.context().close();
});

test('Mi cuenta and Usuarios have no accessibility violations at 1280 and 375 px', async ({ adminPage: page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/cuenta');
    await expect(page.getByRole('table', { name: 'Sesiones abiertas' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto('/admin/usuarios');
    await expect(page.getByRole('table', { name: 'Usuarios' }).getByRole('row').nth(1)).toBeVisible();
    expect(await violations(page)).toEqual([]);
  }
});
