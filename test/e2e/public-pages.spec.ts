import { E2E_ADMIN } from '../../playwright.config';
import { expect, test, type APIRequestContext } from './support/fixtures';
import { nextFrames } from './support/frames';

// The public website against the real server and its demo content (requirements §2).

const SECTIONS = [
  { path: '/presentacion-magister', title: 'Presentación del Máster', slug: 'presentacion-del-magister' },
  { path: '/revista', title: 'Revista', slug: 'revista' },
  { path: '/congresos', title: 'Congresos', slug: 'congresos' },
  { path: '/media', title: 'Media', slug: 'media' },
  { path: '/noticias', title: 'Noticias', slug: 'noticias' },
];

async function adminPublications(request: APIRequestContext) {
  const token = await request.post('/api/token/', { data: E2E_ADMIN });
  expect(token.ok()).toBe(true);
  const { access } = (await token.json()) as { access: string };
  const list = await request.get('/api/publications/?page_size=1000', { headers: { Authorization: `Bearer ${access}` } });
  const body = (await list.json()) as { results?: { id: number; title: string; status: string; publish_date: string | null }[] };
  return body.results ?? [];
}

test('home: top bar, navigation, hero video with its title, pause control and "Ver más"', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Máster en Educación Emocional y Convivencia Escolar');
  await expect(page.getByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeVisible();
  for (const network of ['Facebook', 'Instagram', 'X', 'YouTube', 'LinkedIn']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${network} `) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Grupo de investigación GIESE' }).first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const label of ['Inicio', 'Presentación magíster', 'Cuerpo docente', 'Revista', 'Congresos', 'Media', 'Noticias', 'GIESE']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  const video = page.locator('video.hero__video');
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Pausar vídeo' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Reproducir vídeo' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

  await page.getByRole('button', { name: 'Ver más' }).click();
  await expect(page.getByRole('heading', { name: 'Educar las emociones para convivir mejor' })).toBeInViewport();
});

test("the desktop navigation holds one line from 1024 px, 'Buscar' as its icon where room is short", async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  const search = page.getByRole('button', { name: 'Buscar', exact: true });
  for (const width of [1024, 1100, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const tops = await nav.getByRole('link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect({ width, lines: new Set(tops).size }).toEqual({ width, lines: 1 });
    // The word beside the icon from 1280 px; below, the icon alone, the word still its name.
    await expect(search.getByText('Buscar')).toBeVisible({ visible: width >= 1280 });
    await expect(search).toBeVisible();
  }
});

test('the hero moves at 0.3 of the scroll', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect.poll(() => page.locator('.hero__media').evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(1, 0, 0, 1, 0, 60)');
});

test('with reduced motion the hero neither autoplays nor moves, and the button can play it', async ({ browser, browserProblems }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  browserProblems.watch(context);
  const page = await context.newPage();
  await page.goto('/');
  const video = page.locator('video.hero__video');
  await expect(page.getByRole('button', { name: 'Reproducir vídeo' })).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 300));
  await nextFrames(page);
  expect(await page.locator('.hero__media').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  await page.getByRole('button', { name: 'Reproducir vídeo' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await context.close();
});

for (const section of SECTIONS) {
  test(`${section.path} lists the section's publications as cards linking to /${section.slug}/{id}`, async ({ page }) => {
    await page.goto(section.path);
    await expect(page).toHaveTitle(new RegExp(`^${section.title} · `));
    await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeVisible();
    const cards = page.locator('.card');
    await expect(cards.first()).toBeVisible();
    const hrefs = await page.locator('.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/${section.slug}/\\d+$`));
    await expect(cards.first().locator('time')).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
    await expect(cards.first().locator('.card__excerpt')).toHaveText(/\.\.\.$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(section.title);
  });
}

test('a card leads to its publication; the breadcrumb leads back', async ({ page }) => {
  await page.goto('/noticias');
  const first = page.locator('.card__link').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/noticias\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs).toContainText('Inicio');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
  const banner = page.locator('.detail__banner');
  await expect(banner).toHaveCSS('height', '400px');
  await crumbs.getByRole('link', { name: 'Noticias' }).click();
  await expect(page).toHaveURL(/\/noticias$/);
  await crumbs.waitFor({ state: 'detached' });
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
});

test('a publication detail lays its cells on a 4-column grid, one column on phones', async ({ page }) => {
  await page.goto('/revista');
  await page.getByRole('link', { name: /n\.º 12/ }).click();
  const row = page.locator('.ui-layout-row').nth(1);
  await expect(row).toBeVisible();
  expect((await row.evaluate((el) => getComputedStyle(el).gridTemplateColumns)).split(' ')).toHaveLength(4);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await row.evaluate((el) => getComputedStyle(el).gridTemplateColumns)).split(' ')).toHaveLength(1);
});

test("a draft or scheduled publication is never shown: 'No se encontró la publicación'", async ({ page, request, browserProblems }) => {
  const all = await adminPublications(request);
  const draft = all.find((p) => p.status === 'draft');
  const scheduled = all.find(
    (p) => p.status === 'published' && p.publish_date !== null && p.publish_date > new Date().toISOString().slice(0, 10),
  );
  expect(draft).toBeDefined();
  expect(scheduled).toBeDefined();
  for (const hidden of [draft!, scheduled!]) {
    // Not public: the server answers 404 with the publication's not-found page, which the app takes over.
    browserProblems.expectFailedLoad(404, `/revista/${hidden.id}`);
    await page.goto(`/revista/${hidden.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeVisible();
    await expect(page.getByText(hidden.title)).toHaveCount(0);
  }
  await page.goto('/revista');
  await expect(page.locator('.card').first()).toBeVisible();
  await expect(page.getByText(draft!.title)).toHaveCount(0);
});

for (const path of ['/giese', '/esta-pagina-no-existe', '/otra/ruta/cualquiera/mas']) {
  test(`${path} is a Spanish 404 page with the navigation and a way home`, async ({ page, browserProblems }) => {
    // The server answers 404 with the same page, which the app renders.
    browserProblems.expectFailedLoad(404, path);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeVisible();
  });
}

test("faculty: heading, count, cards, and 'Leer más' / 'Leer menos'", async ({ page }) => {
  await page.goto('/cuerpo-docente');
  await expect(page.getByRole('heading', { level: 1, name: 'Cuerpo Docente' })).toBeVisible();
  await expect(page.getByText(/^Mostrando \d+ docentes$/)).toBeVisible();
  const count = Number((await page.getByText(/^Mostrando \d+ docentes$/).textContent())!.match(/\d+/)![0]);
  await expect(page.locator('.bio-card')).toHaveCount(count);

  // 'Leer más' is the summary of a native <details> (docs/decisions/226), which Playwright's roles do not
  // call a button: found by its words. Its label changes with the state (the other one is display: none).
  const card = page
    .locator('.bio-card')
    .filter({ has: page.locator('summary') })
    .first();
  const text = card.locator('.bio-card__text');
  const more = card.getByText('Leer más', { exact: true });
  const less = card.getByText('Leer menos', { exact: true });
  const short = await text.innerText();
  expect(short).toMatch(/\.\.\.\s*Leer más$/);
  await more.click();
  await expect(less).toBeVisible();
  await expect(more).toBeHidden();
  expect((await text.innerText()).length).toBeGreaterThan(short.length);
  await less.click();
  await expect(more).toBeVisible();
  await expect(text).toHaveText(short, { useInnerText: true });

  await expect(card.getByRole('link', { name: /^Escribir a / })).toHaveAttribute('href', /^mailto:/);
  await expect(card.getByRole('link', { name: /^Web de / })).toHaveAttribute('href', /^https?:\/\//);
});

test('two columns of faculty cards on a laptop, one on a phone', async ({ page }) => {
  await page.goto('/cuerpo-docente');
  const grid = page.locator('.bio-grid');
  await expect(grid).toBeVisible();
  expect((await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns)).split(' ')).toHaveLength(2);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns)).split(' ')).toHaveLength(1);
});
