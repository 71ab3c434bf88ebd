import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/fixtures';

// axe on every public page: no violations (WCAG 2.1 AA rules and best practices).

async function expectNoViolations(page: Page) {
  // Third-party players (YouTube, Vimeo) are outside our page; axe checks ours.
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

const PAGES = ['/', '/presentacion-magister', '/revista', '/congresos', '/media', '/noticias', '/cuerpo-docente', '/giese'];

for (const path of PAGES) {
  test(`${path} has no axe violations`, async ({ page, browserProblems }) => {
    // GIESE has no page here: the server answers 404 with the site's 404 page.
    if (path === '/giese') browserProblems.expectFailedLoad(404, path);
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByText('Cargando...')).toHaveCount(0);
    await expectNoViolations(page);
  });
}

test('every kind of publication detail reachable from the lists has no axe violations', async ({ page }) => {
  // Every publication the lists show (the demo's, and whatever earlier tests on this worker's
  // database published) is opened, and axe runs once per kind of page: the set of the parts its
  // content is made of (text, image, video and document cells, an event, a banner). Pages of one
  // kind share their markup; axe on each of them again found nothing new and cost half a minute.
  const details: string[] = [];
  for (const list of ['/presentacion-magister', '/revista', '/congresos', '/media', '/noticias']) {
    await page.goto(list);
    await expect(page.locator('.card').first()).toBeVisible();
    details.push(...(await page.locator('.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))));
  }
  expect(details.length).toBeGreaterThan(5);
  test.setTimeout(120_000 + details.length * 5_000);
  const kinds = new Set<string>();
  for (const href of details) {
    await page.goto(href);
    await expect(page.locator('h1.detail__title')).toBeVisible();
    const kind = await page
      .locator('main')
      .evaluate((main) =>
        [...new Set([...main.querySelectorAll('[class]')].flatMap((element) => [...element.classList]))].sort().join(' '),
      );
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    await expectNoViolations(page);
  }
  expect(kinds.size).toBeGreaterThan(1);
});

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
  await expectNoViolations(page);
});
