import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import sharp from 'sharp';
import { buildApp } from '@/server/app';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { loadConfig, type ServerConfig } from '@/server/config';
import { migrateToLatest } from '@/server/db/migrate';
import type { Services } from '@/server/services';
import { TEST_ADMIN, TEST_KEEP_ALIVE_MS, TEST_SECRET } from './api-server-constants';

export { TEST_ADMIN, TEST_SECRET };

/**
 * A fresh database for one test file: a temporary SQLite file, or, when
 * DATABASE_URL is set (CI's second pass), a new PostgreSQL database created
 * next to the one it names and dropped afterwards.
 */
export async function freshDatabase(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { drop: async () => {} };
  const name = `api_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    // Without FORCE: forcing would kill backends whose clients the closed pool
    // has just said goodbye to, and pg reports that as an unhandled error in
    // whichever test runs next. The backends leave within moments; wait for them.
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** A stand-in for the built SPA (dist/client), so SPA tests do not depend on a webpack build. */
export async function fakeClientBuild(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  // The two documents of the build: the public site's and the admin panel's.
  for (const [file, entry] of [
    ['index.html', 'main'],
    ['admin.html', 'admin'],
  ]) {
    await fs.writeFile(
      path.join(dir, file),
      '<!doctype html><html lang=es><head><meta charset=utf-8><title>Máster de pruebas</title>' +
        `<meta name=description content="Descripción de pruebas"><script defer src=/assets/${entry}.abc123.js></script></head>` +
        '<body><div id=root></div></body></html>',
    );
    await fs.writeFile(path.join(dir, 'assets', `${entry}.abc123.js`), `console.log("${entry}")`);
  }
  await fs.writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  await fs.mkdir(path.join(dir, 'media'), { recursive: true });
  await fs.writeFile(path.join(dir, 'media', 'hero-poster.jpg'), 'poster');
}

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** Sent as is, with the given content type. */
  raw?: { body: string | Buffer; contentType: string };
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  config: ServerConfig;
  services: Services;
  dataDir: string;
  request(method: string, pathName: string, options?: RequestOptions): Promise<Reply>;
  /** An access token of the test admin (signs in once per server, then reuses it). */
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export async function startApiServer(
  overrides: Partial<ServerConfig> = {},
  shared?: { dataDir: string; databaseUrl?: string },
): Promise<TestServer> {
  const dataDir = shared?.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-')));
  const database = shared ? { databaseUrl: shared.databaseUrl, drop: async () => {} } : await freshDatabase();
  const clientDir = path.join(dataDir, 'client');
  await fakeClientBuild(clientDir);
  const config: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET, CLIENT_DIR: clientDir, LOGIN_RATE_LIMIT_MAX: '1000' }),
    databaseUrl: database.databaseUrl,
    ...overrides,
  };
  const cleanUp = async () => {
    await database.drop();
    if (!shared) await fs.rm(dataDir, { recursive: true, force: true });
  };
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    built = await buildApp(config, { logger: false });
    await migrateToLatest(built.services.db);
    await ensureAdmin(built.services.db, TEST_ADMIN.username, TEST_ADMIN.password);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    built.app.server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
  } catch (error) {
    await built?.app.close();
    await cleanUp();
    throw error;
  }
  const { app, services } = built;
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const request = async (method: string, pathName: string, options: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers['Content-Type'] = options.raw.contentType;
      body = typeof options.raw.body === 'string' ? options.raw.body : new Uint8Array(options.raw.body);
    }
    const response = await fetch(`${url}${pathName}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  };

  let token: string | undefined;
  return {
    url,
    config,
    services,
    dataDir,
    request,
    async adminToken() {
      if (!token) {
        const reply = await request('POST', '/api/token/', { json: TEST_ADMIN });
        if (reply.status !== 200) throw new Error(`admin sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
        token = reply.body.access as string;
      }
      return token;
    },
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

/** A real image of the given format, made by sharp. */
export async function makeImage(format: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body from fields and files, as the browser's FormData sends it. */
export function formData(
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name?: string; type?: string }> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'imagen.jpg');
  }
  return form;
}

/**
 * The start most API test files share: a fresh server, the test admin's
 * access token and a small JPEG to upload.
 *
 *   beforeAll(async () => ({ server, token, jpeg } = await startSignedIn()));
 */
export async function startSignedIn(overrides: Partial<ServerConfig> = {}): Promise<{ server: TestServer; token: string; jpeg: Buffer }> {
  const server = await startApiServer(overrides);
  return { server, token: await server.adminToken(), jpeg: await makeImage('jpeg') };
}
