import { E2E_ADMIN } from '../../playwright.config';
import { ACCESS_TOKEN_EXPIRED, addLayoutRow, chooseCellType, layoutRow, png, storedSession, violations } from './admin-helpers';
import { expect, test, type Page } from './support/fixtures';

/**
 * Nothing an editor types is lost (docs/decisions/110), against the real server: the
 * question before leaving, the draft after a reload or a lost session, the
 * session shared by tabs, and sign-out clearing the drafts.
 */

const title = (page: Page) => page.getByLabel('Título');
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: '¿Salir sin guardar los cambios?' });
const draftOffer = (page: Page) => page.getByRole('region', { name: 'Hay un borrador sin guardar' });

/** The keys of the drafts kept in this browser. */
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')));

/** Types a title into a new publication and waits until the draft holds it. */
async function startNewPublication(page: Page, text: string) {
  await page.goto('/admin/publications/new');
  await title(page).fill(text);
  await expect.poll(() => draftKeys(page)).toEqual([expect.stringMatching(/:publication:new$/)]);
}

test('leaving a form with unsaved changes asks first, and staying is the default', async ({ adminPage: page }) => {
  // Inside the app: the way back is this document's own history.
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Publicaciones' }).click();
  await page.getByRole('link', { name: 'Nueva publicación' }).click();
  await title(page).fill('Jornada sobre convivencia');
  await expect.poll(() => draftKeys(page)).toHaveLength(1);

  // A link inside the admin.
  await page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('link', { name: 'Secciones' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page).getByRole('button', { name: 'Seguir editando' })).toBeFocused();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/publications\/new$/);
  await expect(title(page)).toHaveValue('Jornada sobre convivencia');

  // The browser's back button.
  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/admin\/publications\/new$/);
  await expect(title(page)).toHaveValue('Jornada sobre convivencia');

  // Leaving anyway keeps the draft, offered on coming back.
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page).toHaveURL(/\/admin\/publications$/);
  await page.getByRole('link', { name: 'Nueva publicación' }).click();
  await expect(draftOffer(page)).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await draftOffer(page).getByRole('button', { name: 'Recuperar borrador' }).click();
  await expect(title(page)).toHaveValue('Jornada sobre convivencia');
  await expect(draftOffer(page)).toBeHidden();
});

test('a reload asks with the browser prompt, and the draft, layout included, comes back', async ({ adminPage: page }) => {
  await page.goto('/admin/publications/new');
  await title(page).fill('Taller de mediación');
  await addLayoutRow(page);
  await chooseCellType(page, 1, 1, 'Texto');
  await page.getByLabel('Imagen destacada').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await png(800, 600) });
  await expect.poll(() => draftKeys(page)).toHaveLength(1);

  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(prompts).toEqual(['beforeunload']);

  await expect(draftOffer(page)).toContainText('Se guardó en este navegador el');
  await expect(draftOffer(page)).toContainText('habrá que elegirlas de nuevo');
  await expect(title(page)).toHaveValue('');
  await draftOffer(page).getByRole('button', { name: 'Recuperar borrador' }).click();
  await expect(title(page)).toHaveValue('Taller de mediación');
  await expect(layoutRow(page, 1).getByRole('group')).toHaveCount(1);
  await expect(page.getByText('Vuelva a elegir la imagen: el borrador no puede conservarla.')).toBeVisible();

  // 'Descartar' forgets it for good.
  await page.reload();
  await draftOffer(page).getByRole('button', { name: 'Descartar' }).click();
  await expect(draftOffer(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nueva Publicación' })).toBeVisible();
  await expect(draftOffer(page)).toBeHidden();
});

test('a session lost while writing: the sign-in screen, then the same page with the draft', async ({
  page,
  request,
  signInThroughApi,
  browserProblems,
  site,
}) => {
  await signInThroughApi(page, { path: '/admin/sections/new' });
  await page.getByLabel('Título').fill('Sección a medio escribir');
  await expect.poll(() => draftKeys(page)).toHaveLength(1);

  // The session ends on the server (signed out elsewhere), and the access token expires.
  const session = await storedSession(page);
  expect((await request.post('/api/token/blacklist/', { data: { refresh: session!.refresh } })).status()).toBe(200);
  site.advanceClock(ACCESS_TOKEN_EXPIRED);
  browserProblems.expectFailedLoad(401, /\/api\/(sections|account)\/$/);
  browserProblems.expectFailedLoad(401, '/api/token/refresh/');
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Crear sección' }).click();

  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(prompts).toEqual([]);
  await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page).toHaveURL(`${site.origin}/admin/sections/new`);
  await draftOffer(page).getByRole('button', { name: 'Recuperar borrador' }).click();
  await expect(page.getByLabel('Título')).toHaveValue('Sección a medio escribir');
});

test('tabs share one session: signing out in one signs the other out, signing in brings it back', async ({ context, signInThroughApi }) => {
  const first = await context.newPage();
  await signInThroughApi(first);
  const second = await context.newPage();
  await second.goto('/admin/biographies');
  await expect(second.getByRole('heading', { level: 1, name: 'Biografías' })).toBeVisible();

  await first.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(first.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  await second.getByLabel('Usuario').fill(E2E_ADMIN.username);
  await second.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await second.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(second).toHaveURL(/\/admin\/biographies$/);
  await expect(first).toHaveURL(/\/admin$/);
  await expect(first.getByRole('banner')).toContainText('Panel de Control');
});

test("'Cerrar sesión' with a draft warns, and signing out removes the drafts", async ({ adminPage: page, signInThroughApi }) => {
  await startNewPublication(page, 'Un borrador en un equipo compartido');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  const warning = page.getByRole('dialog', { name: '¿Cerrar sesión y borrar los borradores?' });
  await expect(warning).toContainText('Hay un borrador sin guardar en este navegador.');
  expect(await violations(page)).toEqual([]);
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/admin\/publications\/new$/);
  expect(await draftKeys(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await warning.getByRole('button', { name: 'Cerrar sesión y borrar' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await draftKeys(page)).toEqual([]);

  await signInThroughApi(page, { path: '/admin/publications/new' });
  await expect(page.getByRole('heading', { name: 'Nueva Publicación' })).toBeVisible();
  await expect(draftOffer(page)).toBeHidden();
});

test('two tabs with an expired token refresh once between them, and both stay signed in', async ({
  context,
  signInThroughApi,
  browserProblems,
  site,
}) => {
  const first = await context.newPage();
  await signInThroughApi(first);
  const second = await context.newPage();
  await second.goto('/admin');
  // Both dashboards loaded: on a busy machine the second tab may already have had to refresh,
  // and a reload while that refresh is in flight would lose the rotated token it brings.
  const sectionsFigure = (page: Page) => page.getByRole('article', { name: 'Secciones' }).getByText(/^\d+$/);
  for (const page of [first, second]) await expect(sectionsFigure(page)).toBeVisible();
  site.advanceClock(ACCESS_TOKEN_EXPIRED);

  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/token/refresh/')) refreshes.push(request.url());
  });
  // A slow refresh: the other tab's requests are refused while it runs.
  await context.route('**/api/token/refresh/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // Both tabs start their admin requests at once with the expired token.
  browserProblems.expectFailedLoad(401, /\/api\/(account|dashboard)\/$/);
  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(sectionsFigure(page)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  }
  expect(refreshes).toHaveLength(1);
});
