import { ACCESS_TOKEN_EXPIRED, storedSession, summaryCard } from './admin-helpers';
import { expect, test } from './support/fixtures';

test('an expired access token is refreshed once, transparently, and the user stays signed in', async ({
  page,
  signInThroughApi,
  browserProblems,
  site,
}) => {
  browserProblems.expectFailedLoad(401, /\/api\/(account|dashboard)\/$/);
  await signInThroughApi(page);
  await expect(summaryCard(page, 'Secciones').getByText('5', { exact: true })).toBeVisible();
  const first = await storedSession(page);

  for (const round of [1, 2]) {
    site.advanceClock(ACCESS_TOKEN_EXPIRED); // the access token has expired
    const refreshes: string[] = [];
    const unauthorized: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/token/refresh/')) refreshes.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(response.url());
    });

    // A reload starts three admin requests at once with the expired token.
    await page.reload();
    await expect(summaryCard(page, 'Secciones').getByText('5', { exact: true })).toBeVisible();
    await expect(summaryCard(page, 'Biografías').getByText('8', { exact: true })).toBeVisible();
    await expect(summaryCard(page, 'Publicaciones').getByText(/^\d+$/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect(unauthorized.length, `round ${round}: the expired token was refused`).toBeGreaterThan(0);
    expect(refreshes, `round ${round}: one refresh for all of them`).toHaveLength(1);
  }

  const last = await storedSession(page);
  expect(last?.username).toBe(first?.username);
  expect(last?.access).not.toBe(first?.access);
  // The server rotates refresh tokens; the second round only worked with the rotated one.
  expect(last?.refresh).not.toBe(first?.refresh);
});

test('when the refresh token no longer works, the session ends at the sign-in screen', async ({
  page,
  signInThroughApi,
  browserProblems,
  site,
}) => {
  browserProblems.expectFailedLoad(401, /\/api\/(account|dashboard)\/$/);
  browserProblems.expectFailedLoad(401, '/api/token/refresh/');
  await signInThroughApi(page);
  // The landing's own requests done first: one still on its way after the access token expires
  // would refresh with the app's good token and store it over the broken one.
  await expect(summaryCard(page, 'Secciones').getByText('5', { exact: true })).toBeVisible();
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user')!);
    localStorage.setItem('user', JSON.stringify({ ...user, refresh: 'no-vale' }));
  });
  site.advanceClock(ACCESS_TOKEN_EXPIRED);
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});
