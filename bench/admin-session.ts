/**
 * What the admin benches share: the real server with a bench administrator,
 * Debian's Chromium, and a page at 1280 × 900 signed in through the sign-in screen.
 */
import { chromium, type Browser, type LaunchOptions, type Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from './site-server';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchChromium = (options: LaunchOptions = {}): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, ...options });

export const BENCH_ADMIN = { username: 'bench', password: 'clave-de-bench-admin' };

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median and the worst of a bench's runs, in whole milliseconds. */
export const spread = (values: number[]) => ({ median: Math.round(median(values)), worst: Math.round(Math.max(...values)) });

export interface AdminSession {
  server: SiteServer;
  page: Page;
  /** Closes the browser and stops the server. */
  close: () => Promise<void>;
}

/** Starts the server (its admin from the environment), then signs a fresh page in. */
export async function startAdminSession(): Promise<AdminSession> {
  process.env.ADMIN_USERNAME = BENCH_ADMIN.username;
  process.env.ADMIN_PASSWORD = BENCH_ADMIN.password;
  process.env.LOGIN_RATE_LIMIT_MAX = '1000';
  const server = await startSiteServer();
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.getByLabel('Usuario').fill(BENCH_ADMIN.username);
    await page.getByLabel('Contraseña').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/admin$/);
    return { server, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
