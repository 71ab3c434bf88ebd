import { E2E_ADMIN } from '../../playwright.config';
import { PRESENCE_HEARTBEAT_MS, timeOfDay } from '@/domain/presence';
import { createDraftPublication, violations } from './admin-helpers';
import { expect, SESSION_KEY, test, type APIRequestContext, type BrowserContext, type Page, type StoredSession } from './support/fixtures';

type Browser = NonNullable<ReturnType<BrowserContext['browser']>>;

// Who else is editing, between two browsers signed in as two people: each
// sees the other on the same publication, and when one saves, the other is
// told before pressing 'Guardar cambios' (the 409 stays as the last guard);
// signing out ends presence at once.
// Heartbeats go every 20 s: what one browser does reaches the other within one.
// The test does not wait for them: it moves the time of both browsers
// (page.clock) and of the server (site.advanceClock) by a heartbeat.

const PASSWORD = 'una frase larga para la presencia';
/** The e2e servers run with the default SITE_TIME_ZONE. */
const SITE_TIME_ZONE = 'Europe/Madrid';

const uniqueUsername = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** An Editor with a Nombre, made through the API as the panel makes one. */
async function editorThroughApi(request: APIRequestContext, name: string): Promise<string> {
  const signIn = await request.post('/api/token/', { data: E2E_ADMIN });
  const access = ((await signIn.json()) as { access: string }).access;
  const username = uniqueUsername('presente');
  const made = await request.post('/api/users/', {
    data: { username, name, role: 'editor' },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(made.status()).toBe(201);
  const { invitation } = (await made.json()) as { invitation: { url: string } };
  const token = invitation.url.slice(invitation.url.indexOf('#') + 1);
  expect((await request.post('/api/invitations/accept/', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return username;
}

/** A page of a new browser (its own storage, its own clock), signed in as `username` through the API, on `path`. */
async function signedInBrowser(browser: Browser, username: string, watch: (context: BrowserContext) => void, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES' });
  watch(context);
  const page = await context.newPage();
  await page.clock.install();
  const reply = await page.request.post('/api/token/', { data: { username, password: PASSWORD } });
  expect(reply.status()).toBe(200);
  const session: StoredSession = { ...((await reply.json()) as { access: string; refresh: string }), username };
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
  await page.goto(path);
  return page;
}

/** 'desde las 10:42' with the time of day in SITE_TIME_ZONE of a moment between `from` and `to` (a minute may turn meanwhile). */
const sinceBetween = (from: number, to: number) =>
  new RegExp(
    `desde las (${[...new Set([timeOfDay(new Date(from).toISOString(), SITE_TIME_ZONE), timeOfDay(new Date(to).toISOString(), SITE_TIME_ZONE)])].join('|')})$`,
  );

const editors = (page: Page) => page.getByRole('list', { name: 'Quién más está editando' });

/** The Authorization header of a signed-in page's session. */
const bearer = async (page: Page) => ({
  Authorization: `Bearer ${JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY))!).access}`,
});

test('two people on one publication see each other; when one saves, the other is told before saving, and the 409 still guards; signing out ends presence', async ({
  adminPage,
  browser,
  browserProblems,
  site,
}, testInfo) => {
  const name = 'Ana Presente';
  const username = await editorThroughApi(adminPage.request, name);
  const { id } = await createDraftPublication(adminPage, 'Crónica a cuatro manos');
  const edit = `/admin/publications/edit/${id}`;
  // The administrator's Nombre, or the username when there is none.
  const account = (await (await adminPage.request.get('/api/account/', { headers: await bearer(adminPage) })).json()) as {
    username: string;
    name: string;
  };
  const adminName = account.name.trim() || account.username;
  const heading = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Editar Publicación' })).toBeVisible();
  const browsers: Page[] = [adminPage];
  /** A heartbeat's time goes by, in both browsers (whose heartbeats then go) and on the server. */
  const heartbeat = async () => {
    site.advanceClock(PRESENCE_HEARTBEAT_MS);
    await Promise.all(browsers.map((page) => page.clock.fastForward(PRESENCE_HEARTBEAT_MS)));
  };

  await adminPage.clock.install();
  const adminArrived = site.now();
  await adminPage.goto(edit);
  await heading(adminPage);
  // Alone: nothing above the form.
  await expect(editors(adminPage)).toHaveCount(0);

  // Ana opens the same publication on a phone: the administrator, who was there first, is named at once.
  const anaArrived = site.now();
  const ana = await signedInBrowser(browser, username, browserProblems.watch, edit);
  browsers.push(ana);
  await ana.setViewportSize({ width: 375, height: 812 });
  await heading(ana);
  const onAnas = editors(ana).getByRole('listitem');
  await expect(onAnas).toHaveCount(1);
  await expect(onAnas).toHaveText(
    new RegExp(`^${adminName} está editando esta publicación ${sinceBetween(adminArrived, site.now()).source}`),
  );

  // The administrator sees the newcomer appear, with her Nombre, by the next heartbeat.
  const onAdmins = editors(adminPage).getByRole('listitem');
  const anaSeen = site.now();
  await heartbeat();
  await expect(onAdmins).toHaveText(new RegExp(`^${name} está editando esta publicación ${sinceBetween(anaArrived, anaSeen).source}`));
  await expect(adminPage.getByRole('status').filter({ hasText: `${name} está editando esta publicación` })).toHaveCount(1);

  expect(await violations(adminPage)).toEqual([]);
  expect(await violations(ana)).toEqual([]);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.screenshot({ path: testInfo.outputPath('presence-1280.png'), fullPage: false });
  await ana.screenshot({ path: testInfo.outputPath('presence-375.png'), fullPage: false });
  expect(await ana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The administrator starts typing; Ana saves first and leaves the form.
  await adminPage.getByRole('textbox', { name: /^Título/ }).fill('Crónica según la dirección');
  await ana.getByRole('textbox', { name: /^Título/ }).fill('Crónica según Ana');
  await ana.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(ana.getByRole('heading', { level: 1, name: 'Publicaciones' })).toBeVisible();

  // Before pressing 'Guardar cambios', the administrator learns it, and that Ana left.
  const saved = adminPage.getByText(new RegExp(`^${name} guardó cambios hace unos segundos$`));
  await heartbeat();
  await expect(saved).toBeVisible();
  // Her leaving may reach the server just after the heartbeat that told of her save: then the next one tells it.
  await expect(async () => {
    if ((await editors(adminPage).count()) > 0) await heartbeat();
    await expect(editors(adminPage)).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const revisions = (await (
    await adminPage.request.get(`/api/publications/${id}/revisions/`, { headers: await bearer(adminPage) })
  ).json()) as { results: { id: number }[] };
  await expect(adminPage.getByRole('link', { name: 'Ver cambios' })).toHaveAttribute(
    'href',
    `/admin/publications/${id}/historial/${revisions.results[0].id}`,
  );
  expect(await violations(adminPage)).toEqual([]);
  await adminPage.screenshot({ path: testInfo.outputPath('presence-saved-1280.png'), fullPage: false });

  // Saving anyway still meets the 409 and its choices: the notice came first, the guard stays.
  browserProblems.expectFailedLoad(409, `/api/publications/${id}/`);
  await adminPage.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(adminPage.getByRole('button', { name: 'Cargar la versión guardada' })).toBeVisible();

  // Ana comes back, then signs out: her presence ends with her session, without waiting a minute.
  // The administrator hears of her at the first heartbeat after hers has reached the server (hers goes as
  // her form opens; on a busy machine it can land after the administrator's next one).
  const anaBeat = ana.waitForResponse((reply) => reply.url().includes('/presence/') && reply.request().method() === 'POST');
  await ana.goto(edit);
  await heading(ana);
  expect((await anaBeat).ok()).toBe(true);
  await heartbeat();
  await expect(onAdmins).toHaveText(new RegExp(`^${name} está editando esta publicación`));
  await ana.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(ana).toHaveURL(/\/admin\/login$/);
  await heartbeat();
  await expect(editors(adminPage)).toHaveCount(0);
  await ana.context().close();
});
