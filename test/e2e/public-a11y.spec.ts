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

test('every publication detail reachable from the lists has no axe violations', async ({ page }) => {
  // One axe run per publication the lists show (the demo's 14, and whatever earlier tests on
  // this worker's database published) in a single test: the time of that many pages, not of one.
  const details: string[] = [];
  for (const list of ['/presentacion-magister', '/revista', '/congresos', '/media', '/noticias']) {
    await page.goto(list);
    await expect(page.locator('.card').first()).toBeVisible();
    details.push(...(await page.locator('.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))));
  }
  expect(details.length).toBeGreaterThan(5);
  test.setTimeout(120_000 + details.length * 15_000);
  for (const href of details) {
    await page.goto(href);
    await expect(page.locator('h1.detail__title')).toBeVisible();
    await expectNoViolations(page);
  }
});

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
  await expectNoViolations(page);
});
