import { expect, test } from './support/fixtures';

// Addresses that name nothing answer 404, and the browser app still shows its 404 page.

test("a missing publication's address answers 404 and shows the not-found page", async ({ page, browserProblems }) => {
  // The server's page says it: the app does not ask the API again (docs/decisions/185).
  browserProblems.expectFailedLoad(404, '/noticias/999999');
  const response = await page.goto('/noticias/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeVisible();
});

test('an unknown address answers 404 with the Spanish 404 page', async ({ page, browserProblems }) => {
  browserProblems.expectFailedLoad(404, '/esta-pagina-no-existe');
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle(/^Página no encontrada · /);
});
