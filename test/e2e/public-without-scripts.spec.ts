import type { Biography, PublicPublication } from '@/domain/entities';
import { firstTextContent } from '@/domain/layout';
import { PAGE_DATA_ELEMENT_ID } from '@/domain/public-pages';
import { longDate } from '@/domain/publication-status';
import { stripTags } from '@/domain/text';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';

// The public site with JavaScript off: what the server draws must be enough to read every page
// and move through the site (docs/decisions/186-public-site-without-scripts.md). Nothing of the
// app runs here: 'Menú' and 'Buscar' are buttons the browser runs (popovertarget), 'Leer más' a
// native <details>.
test.use({ javaScriptEnabled: false });

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const headerButton = (page: Page, name: string) => page.locator('header.site-header').getByRole('button', { name, exact: true });
// A biography's toggle is a summary, which Playwright's roles do not call a button: found by its words.
const summary = (scope: Locator, words: string) => scope.locator('summary').filter({ hasText: words });

async function newsPublication(page: Page): Promise<PublicPublication> {
  const answer = await page.request.get('/api/public/publications/?section_slug=noticias');
  expect(answer.ok()).toBe(true);
  const { results } = (await answer.json()) as { results: PublicPublication[] };
  const publication = results.find((item) => firstTextContent(item.layout) && item.publish_date);
  expect(publication).toBeDefined();
  return publication!;
}

test('no script runs, and the page is whole as the server drew it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Máster en Educación Emocional y Convivencia Escolar' })).toBeVisible();
  // The app takes the page's data out of the page as it starts: still there, it never ran.
  await expect(page.locator(`#${PAGE_DATA_ELEMENT_ID}`)).toHaveCount(1);
  await expect(headerButton(page, 'Buscar')).toBeVisible();
  for (const label of ['Inicio', 'Presentación magíster', 'Cuerpo docente', 'Revista', 'Congresos', 'Media', 'Noticias', 'GIESE']) {
    await expect(navigation(page).getByRole('link', { name: label, exact: true })).toBeVisible();
  }
});

test('a publication reads whole: its title, its date and its first text', async ({ page }) => {
  const publication = await newsPublication(page);
  await page.goto('/noticias');
  await page.getByRole('link', { name: publication.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/noticias/${publication.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: publication.title })).toBeVisible();
  await expect(page.locator('.detail__date')).toHaveText(longDate(publication.publish_date!));
  await expect(page.locator('.detail__date')).toBeVisible();
  // The first text cell, as HTML drawn by the server: its opening words on screen.
  const opening = stripTags(firstTextContent(publication.layout)).split(/\s+/).slice(0, 8).join(' ');
  const firstText = page.locator('.ui-rich-text').first();
  await expect(firstText).toBeVisible();
  await expect(firstText).toContainText(opening);
});

test('the navigation reaches the news list, and a card its publication', async ({ page }) => {
  const publication = await newsPublication(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await navigation(page).getByRole('link', { name: 'Noticias', exact: true }).click();
  await expect(page).toHaveURL(/\/noticias$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Noticias', exact: true })).toHaveAttribute('aria-current', 'page');
  const card = page.locator('.card').filter({ hasText: publication.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(longDate(publication.publish_date!));
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("'Menú' opens the menu without scripts; 'Noticias' in it goes to the news", async ({ page }) => {
    await page.goto('/');
    await expect(navigation(page)).toBeHidden();
    await expect(headerButton(page, 'Menú')).toHaveAttribute('aria-controls', 'navegacion-principal');
    await headerButton(page, 'Menú').click();
    await expect(navigation(page)).toBeVisible();
    // The same button now says what it does next; the bars are a cross.
    await expect(headerButton(page, 'Cerrar')).toBeVisible();
    await expect(headerButton(page, 'Menú')).toHaveCount(0);
    // The menu hangs below the header, over the page, and its last control (the search's button) can be reached.
    // Its top border lies over the header's bottom border: a pixel apart at most, once it has slid in (0.18 s).
    const gap = async () => {
      const [header, menu] = await Promise.all([
        page.locator('header.site-header').boundingBox(),
        page.locator('.site-nav-panel').boundingBox(),
      ]);
      return Math.abs(menu!.y - (header!.y + header!.height));
    };
    await expect.poll(gap).toBeLessThanOrEqual(1);
    // Scrolled to its end, the menu shows its last control whole, the page behind unmoved.
    await page.locator('.site-nav-panel').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
    await expect(page.locator('.site-nav-panel').getByRole('button', { name: 'Buscar' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The page behind does not scroll while it is open.
    expect(await page.locator('html').evaluate((html) => getComputedStyle(html).overflow)).toBe('hidden');

    // It closes again from the same place.
    await headerButton(page, 'Cerrar').click();
    await expect(navigation(page)).toBeHidden();
    await expect(headerButton(page, 'Menú')).toBeVisible();

    await headerButton(page, 'Menú').click();
    await navigation(page).getByRole('link', { name: 'Noticias', exact: true }).click();
    await expect(page).toHaveURL(/\/noticias$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
    // A new page: the menu is closed again and the page scrolls.
    await expect(navigation(page)).toBeHidden();
    expect(await page.locator('html').evaluate((html) => getComputedStyle(html).overflow)).toBe('visible');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the menu holds the search form, which sends to /buscar', async ({ page }) => {
    await page.goto('/noticias');
    await headerButton(page, 'Menú').click();
    const menu = page.locator('.site-nav-panel');
    await menu.getByRole('searchbox', { name: 'Buscar en el sitio' }).fill('convivencia escolar');
    await menu.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/buscar\?q=convivencia\+escolar$/);
    await expect(page.getByText(/^\d+ resultados? para «convivencia escolar»$/)).toBeVisible();
  });
});

test("the header's 'Buscar' opens its form without scripts; the results page lists what it found", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const header = page.locator('header.site-header');
  const field = header.getByRole('searchbox', { name: 'Buscar en el sitio' });
  await expect(field).toBeHidden();
  await headerButton(page, 'Buscar').click();
  await expect(field).toBeVisible();
  await field.fill('emociones');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=emociones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados de búsqueda' })).toBeVisible();
  await expect(page.getByText(/^\d+ resultados? para «emociones»$/)).toBeVisible();
  const results = page.getByRole('list', { name: 'Resultados de búsqueda' }).locator('.card');
  await expect(results.first()).toBeVisible();
  await expect(page.locator('.card mark').first()).toHaveText(/^emoci[oó]n(es)?$/i);
  // The search page's own field holds what was searched.
  await expect(page.locator('#buscar-pagina')).toHaveValue('emociones');
});

// What a reader gets of a text, whatever its line breaks: its words.
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
// A card's text as shown, without its toggle: the summary stands under the text but comes before the rest in
// the document, so innerText has its label (on a line of its own) where the preview stopped.
const withoutToggle = (text: string) => words(text.replace(/\n*Leer (más|menos)\n*/, ''));

test("a biography's 'Leer más' opens the rest in the same paragraph, and 'Leer menos' closes it", async ({ page }) => {
  const answer = await page.request.get('/api/public/biographies/?page_size=100&include_inactive=true');
  const { results } = (await answer.json()) as { results: Biography[] };
  await page.goto('/cuerpo-docente');
  await expect(page.getByRole('heading', { level: 1, name: 'Cuerpo Docente' })).toBeVisible();
  const card = page
    .locator('.bio-card')
    .filter({ has: page.locator('summary') })
    .first();
  const name = card.getByRole('heading', { level: 2 });
  const shownName = await name.textContent();
  const whole = words(results.find((biography) => biography.name === shownName)?.biography ?? '');
  expect(whole.length).toBeGreaterThan(250);
  const text = card.locator('.bio-card__text');
  const more = card.getByText('Leer más', { exact: true });
  const less = card.getByText('Leer menos', { exact: true });

  // Closed: the first 250 characters and '...', then 'Leer más' alone.
  await expect(more).toBeVisible();
  await expect(less).toBeHidden();
  const shown = withoutToggle(await text.innerText());
  expect(shown.endsWith('...')).toBe(true);
  expect(shown.length).toBeLessThanOrEqual(253);
  expect(whole.startsWith(shown.slice(0, -3))).toBe(true);
  // Where a part stands in the card (the page may scroll to show what was clicked).
  const placeIn = async (part: Locator) => {
    const [box, cardBox] = await Promise.all([part.boundingBox(), card.boundingBox()]);
    return { x: Math.round(box!.x - cardBox!.x), y: Math.round(box!.y - cardBox!.y) };
  };
  const nameBefore = await placeIn(name);
  const textBefore = await placeIn(text);
  const toggleBefore = await placeIn(summary(card, 'Leer más'));

  await more.click();
  await expect(less).toBeVisible();
  await expect(more).toBeHidden();
  // The whole biography, the ellipsis gone.
  expect(withoutToggle(await text.innerText())).toBe(whole);
  // One paragraph: the rest starts in the line where the preview stopped, not on a line of its own.
  const lines = await text.evaluate((paragraph) => {
    const head = paragraph.firstChild as Text;
    const rest = Array.from(paragraph.querySelector('details')!.childNodes).find((node): node is Text => node.nodeType === Node.TEXT_NODE)!;
    const lineAt = (node: Text, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    return { cut: lineAt(head, head.length - 1), rest: lineAt(rest, rest.data.search(/\S/)) };
  });
  expect(lines.rest).toBe(lines.cut);
  // Nothing above it moved; the toggle stands under the text, at its left edge, as before.
  expect(await placeIn(name)).toEqual(nameBefore);
  expect(await placeIn(text)).toEqual(textBefore);
  const toggleAfter = await placeIn(summary(card, 'Leer menos'));
  expect(toggleAfter.x).toBe(toggleBefore.x);
  expect(toggleAfter.y).toBeGreaterThan(toggleBefore.y);

  await less.click();
  await expect(more).toBeVisible();
  await expect(less).toBeHidden();
  expect(withoutToggle(await text.innerText())).toBe(shown);
  expect(await placeIn(summary(card, 'Leer más'))).toEqual(toggleBefore);

  // The keyboard: the summary is in the tab order; Enter and Space toggle it.
  await name.click();
  await page.keyboard.press('Tab');
  await expect(summary(card, 'Leer más')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(less).toBeVisible();
  await page.keyboard.press('Space');
  await expect(more).toBeVisible();
});

test.describe('for axe: the same pages, the app kept out', () => {
  // axe waits on timers, which a page without scripts never runs. So these pages have scripts on, for axe alone
  // (Playwright puts it in), and the app's code answers empty: the markup is the one a visitor without scripts gets.
  test.use({ javaScriptEnabled: true });
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  });

  const expectNoViolations = async (page: Page) => {
    const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };

  test('the open phone menu, the open header search and an open biography have no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await headerButton(page, 'Menú').click();
    await expect(navigation(page)).toBeVisible();
    await expectNoViolations(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/cuerpo-docente');
    await headerButton(page, 'Buscar').click();
    await expect(page.locator('header.site-header').getByRole('searchbox', { name: 'Buscar en el sitio' })).toBeVisible();
    await page.locator('.bio-card').getByText('Leer más', { exact: true }).first().click();
    await expect(page.locator('.bio-card').getByText('Leer menos', { exact: true }).first()).toBeVisible();
    // Still the server's page: the app never ran.
    await expect(page.locator(`#${PAGE_DATA_ELEMENT_ID}`)).toHaveCount(1);
    await expectNoViolations(page);
  });
});
