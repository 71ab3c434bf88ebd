import { expect, test } from '../support/fixtures';
import { kept, openServed, takenOver, watchRequests } from '../support/take-over';

// The development build of React reports what its production build lets pass when it takes over a
// page the server drew: an attribute, a style or a text that differs from what the client would draw
// (React logs them as console errors, which fail the test: support/fixtures.ts browserProblems).
// Every kind of public page, drawn by the development server and taken over by its hot-reloading app;
// public-take-over.spec.ts holds the production build to the rest.

test('every kind of public page is taken over by the development build with no console error', async ({
  page,
  request,
  browserProblems,
}) => {
  const news = (await (await request.get('/api/public/publications/?section_slug=noticias')).json()) as { results: { id: number }[] };
  expect(news.results.length).toBeGreaterThan(0);
  const pages = ['/', '/noticias', '/revista', `/noticias/${news.results[0].id}`, '/cuerpo-docente', '/buscar?q=emociones', '/no-existe'];
  // The 404 page's document answers 404, which Chromium logs: the one console error allowed.
  browserProblems.expectFailedLoad(404, '/no-existe');

  // Also read here, page by page, so that a failure names the page.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });

  for (const path of pages) {
    errors.length = 0;
    const watch = watchRequests(page);
    const served = await openServed(page, path);
    watch.phase = 'take-over';
    expect(served.response?.status(), path).toBe(path === '/no-existe' ? 404 : 200);
    await takenOver(page.locator('main h1'));
    await takenOver(page.getByRole('contentinfo').getByRole('link').last());
    // The home page's latest news are a part of their own, taken over once their code has arrived.
    if (path === '/') await takenOver(page.getByRole('region', { name: 'Últimas noticias' }).getByRole('link').last());
    expect(await kept(page), path).toEqual({ sameHeading: true, removed: [], added: [], sawLoading: false });
    expect(watch.api(), path).toEqual([]);
    watch.stop();
    const expected = (error: string) =>
      path === '/no-existe' && error.startsWith('Failed to load resource') && error.includes('/no-existe');
    expect(
      errors.filter((error) => !expected(error)),
      `console errors on ${path}`,
    ).toEqual([]);
  }
});
