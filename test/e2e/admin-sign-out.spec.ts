import { signInWithForm, storedSession } from './admin-helpers';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Request, type StoredSession } from './support/fixtures';

/**
 * 'Cerrar sesión' ends the session on the server, not only in this browser
 * (docs/decisions/021): tokens copied before signing out are worth nothing
 * afterwards. The test asks the server itself, with its own requests.
 */

/** The revocations the pages send (POST /api/token/blacklist/), as they leave. */
function watchRevocations(target: Page | BrowserContext) {
  const sent: Request[] = [];
  target.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/token/blacklist/')) sent.push(request);
  });
  return sent;
}

/** The server refuses both kept tokens: a refresh with the refresh token, an admin read with the access token. */
async function expectRevokedOnServer(request: APIRequestContext, kept: StoredSession, revocations: Request[]) {
  // A revocation still on its way (it may outlive the page's wait) is let finish: the question is what the server
  // holds once the browser has done its part. One refresh only: a second use of a rotated token is refused anyway.
  await Promise.all(revocations.map((revocation) => revocation.response()));
  const refreshed = await request.post('/api/token/refresh/', { data: { refresh: kept.refresh } });
  expect(refreshed.status(), 'the refresh token kept from before the sign-out').toBe(401);
  const read = await request.get('/api/sections/', { headers: { Authorization: `Bearer ${kept.access}` } });
  expect(read.status(), 'the access token kept from before the sign-out').toBe(401);
}

const signInScreen = (page: Page) => page.getByRole('heading', { level: 1, name: 'Iniciar sesión' });

test("after 'Cerrar sesión' the refresh token kept from before answers 401 on the server", async ({ page, request }) => {
  await signInWithForm(page);
  const kept = (await storedSession(page))!;
  const revocations = watchRevocations(page);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(signInScreen(page)).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  await expectRevokedOnServer(request, kept, revocations);
  expect(revocations, 'revocations sent').toHaveLength(1);
});

test("after the warning about drafts, 'Cerrar sesión y borrar' ends the session on the server too", async ({
  adminPage: page,
  request,
}) => {
  const kept = (await storedSession(page))!;
  await page.goto('/admin/sections/new');
  await page.getByLabel('Título').fill('Sección sin guardar');
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')))).toHaveLength(1);
  const revocations = watchRevocations(page);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  const warning = page.getByRole('dialog', { name: '¿Cerrar sesión y borrar los borradores?' });
  await warning.getByRole('button', { name: 'Cerrar sesión y borrar' }).click();
  await expect(signInScreen(page)).toBeVisible();
  await expectRevokedOnServer(request, kept, revocations);
  expect(revocations, 'revocations sent').toHaveLength(1);
});

test('the tab that signs out asks the server once; the other tab follows without asking', async ({
  context,
  request,
  signInThroughApi,
}) => {
  const first = await context.newPage();
  const kept = await signInThroughApi(first);
  const second = await context.newPage();
  await second.goto('/admin/biographies');
  await expect(second.getByRole('heading', { level: 1, name: 'Biografías' })).toBeVisible();
  const revocations = watchRevocations(context);

  await first.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(signInScreen(first)).toBeVisible();
  await expect(signInScreen(second)).toBeVisible();
  await expectRevokedOnServer(request, kept, revocations);
  expect(revocations, 'revocations sent').toHaveLength(1);
});
