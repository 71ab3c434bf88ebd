import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN } from '../../../playwright.config';
import { signInWithForm, storedSession } from '../admin-helpers';
import { devToolsRecord, installDevToolsStandIn } from '../devtools-stand-in';
import { expect, test } from '../support/fixtures';

// Runs against `npm run dev`'s server (playwright.dev.config.ts): the browser
// app built in memory with hot reloading, Redux DevTools on.

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

test('the development server serves the hot-reloading app on one origin', async ({ page, request }) => {
  const events: string[] = [];
  page.on('console', (message) => events.push(message.text()));
  await page.goto('/noticias');
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
  // The hot-reload client is connected to this same server.
  await expect.poll(() => events.some((text) => text.includes('[webpack-dev-middleware] connected'))).toBe(true);

  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-eval'");
  const api = await request.get('/api/public/publications/?section_slug=noticias');
  expect(api.ok()).toBe(true);
  expect((await request.get('/api/no-existe/')).status()).toBe(404);
  expect((await request.get('/media/hero-poster.jpg')).headers()['content-type']).toBe('image/jpeg');
});

test('a saved component is replaced in the page, its state kept (React Fast Refresh)', async ({ page }) => {
  const file = path.join(__dirname, '../../../src/client/session/login-page.tsx');
  const source = fs.readFileSync(file, 'utf8');
  const heading = /(<h1 id="login-title" className="login-title">\s*)Iniciar sesión/;
  expect(source).toMatch(heading);

  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill('escrito antes del cambio');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  try {
    fs.writeFileSync(file, source.replace(heading, '$1Iniciar sesión (recién editado)'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión (recién editado)', { timeout: 20_000 });
  } finally {
    fs.writeFileSync(file, source);
  }
  // No reload: the page's own variable and the component's typed value are still there.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(page.getByLabel('Usuario')).toHaveValue('escrito antes del cambio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión', { timeout: 20_000 });
});

test('Redux DevTools shows readable actions and masked tokens after a sign-in', async ({ page }) => {
  await installDevToolsStandIn(page);
  // The form, not the API: what DevTools shows of the sign-in itself is under test.
  await signInWithForm(page);

  const session = await storedSession(page);
  expect(session?.access).toMatch(JWT);

  const record = await devToolsRecord(page);
  expect(record.name).toBe('Máster Educación Emocional');
  const types = record.entries.map((entry) => entry.type);
  expect(types).toEqual(
    expect.arrayContaining(['session/sessionRestored', 'api/executeMutation/pending', 'api/executeMutation/fulfilled', 'session/signedIn']),
  );

  // Nothing DevTools received carries a token or the password, but the rest reads as it is.
  const shown = JSON.stringify(record.entries);
  expect(shown).not.toMatch(JWT);
  expect(shown).not.toContain(session!.refresh);
  expect(shown).not.toContain(E2E_ADMIN.password);

  const signedIn = record.entries.find((entry) => entry.type === 'session/signedIn')!;
  expect(signedIn.action).toEqual({
    type: 'session/signedIn',
    payload: { access: '[oculto]', refresh: '[oculto]', username: E2E_ADMIN.username },
  });
  const last = record.entries.at(-1)!.state as { session: { user: unknown } };
  expect(last.session.user).toEqual({ access: '[oculto]', refresh: '[oculto]', username: E2E_ADMIN.username });

  const login = record.entries.find((entry) => entry.type === 'api/executeMutation/pending')!.action as {
    meta: { arg: { endpointName: string; originalArgs: unknown } };
  };
  expect(login.meta.arg.endpointName).toBe('login');
  expect(login.meta.arg.originalArgs).toEqual({ username: E2E_ADMIN.username, password: '[oculto]' });
});
