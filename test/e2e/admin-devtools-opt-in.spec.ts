import { E2E_ADMIN } from '../../playwright.config';
import { devToolsRecord, installDevToolsStandIn } from './devtools-stand-in';
import { expect, test } from './support/fixtures';

// In production Redux DevTools stay off until an administrator switches them
// on for their own browser; then they come with the same masking as in
// development, from a chunk that only that browser downloads.

test('an administrator switches Redux DevTools on for this browser only, tokens masked', async ({
  page,
  signInThroughApi,
  browserProblems,
}) => {
  // Three full loads of the panel and one of the site: on a busy machine they outlast the default 30 s.
  await installDevToolsStandIn(page);
  const devToolsChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/devtools\.[\w]+\.js$/.test(request.url())) devToolsChunks.push(request.url());
  });

  // The stand-in is in place before the app's first script runs, the sign-in included.
  await signInThroughApi(page);
  // The switch lives in 'Mi cuenta', under the developers' options, reached from the username.
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(E2E_ADMIN.username) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Opciones para desarrolladores' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contenido del sitio' }).getByRole('checkbox')).toHaveCount(0);
  // Off by default: the store never asked for the extension.
  expect(await devToolsRecord(page)).toEqual({ name: undefined, entries: [] });
  expect(devToolsChunks).toEqual([]);

  const toggle = page.getByRole('checkbox', { name: 'Redux DevTools en este navegador' });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/los tokens se muestran ocultos/);
  await toggle.check();
  expect(await page.evaluate(() => localStorage.getItem('reduxDevTools'))).toBe('on');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(devToolsChunks).toHaveLength(1);
  const record = await devToolsRecord(page);
  expect(record.name).toBe('Máster Educación Emocional');
  const restored = record.entries.find((entry) => entry.type === 'session/sessionRestored');
  expect(restored?.action).toEqual({
    type: 'session/sessionRestored',
    payload: { access: '[oculto]', refresh: '[oculto]', username: E2E_ADMIN.username },
  });
  expect(JSON.stringify(record.entries)).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);

  // Another browser (a fresh context) is not affected.
  const other = await page.context().browser()!.newPage();
  browserProblems.watch(other);
  await installDevToolsStandIn(other);
  await other.goto('/');
  await expect(other.getByRole('banner')).toBeVisible();
  expect(await devToolsRecord(other)).toEqual({ name: undefined, entries: [] });
  await other.close();

  // Switched off, the next load is back to no DevTools.
  await toggle.uncheck();
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Panel de Control');
  expect(await devToolsRecord(page)).toEqual({ name: undefined, entries: [] });
});
