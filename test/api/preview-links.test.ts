import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { accountMessages } from '@/domain/accounts';
import { buildApp } from '@/server/app';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { publicCacheKey } from '@/server/cache/public-key';
import { loadConfig } from '@/server/config';
import { migrateToLatest } from '@/server/db/migrate';
import { expiredPreviewLinksJob } from '@/server/upkeep/preview-links';
import {
  fakeClientBuild,
  formData,
  freshDatabase,
  makeImage,
  startApiServer,
  TEST_ADMIN,
  TEST_SECRET,
  type TestServer,
} from '../helpers/api-server';

/**
 * Private preview links ('Compartir borrador'): made and revoked in the panel,
 * opened by anyone holding one without signing in; a revoked or expired
 * link, or one whose publication is in the trash, answers 404; a purge
 * removes them; the token is kept only as a hash and never reaches the log.
 */

let server: TestServer;
let admin: string;
let jpeg: Buffer;
let sectionId: number;
let sectionSlug: string;
const editors: Record<'ana' | 'bea', { id: number; access: string }> = {} as never;

const PASSWORD = 'una clave de editora bastante larga';
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_URL = /^\/vista-previa\/([A-Za-z0-9_-]{43})$/;

async function makeEditor(username: string) {
  const created = await server.request('POST', '/api/users/', {
    token: admin,
    json: { username, name: `Editora ${username}`, role: 'editor' },
  });
  expect(created.status).toBe(201);
  const token = (created.body.invitation.url as string).split('#')[1];
  const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token, password: PASSWORD } });
  expect(accepted.status).toBe(200);
  return { id: created.body.user.id as number, access: accepted.body.access as string };
}

async function newPublication(title: string, fields: Record<string, string> = {}) {
  const reply = await server.request('POST', '/api/publications/', {
    token: admin,
    form: formData(
      { title, section_id: String(sectionId), status: 'draft', publish_date: '2026-01-15', layout: '[]', ...fields },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; title: string };
}

async function makeLink(publicationId: number, token = admin, body: unknown = {}) {
  const reply = await server.request('POST', `/api/publications/${publicationId}/preview-links/`, { token, json: body });
  expect(reply.status).toBe(201);
  const token_ = TOKEN_URL.exec(reply.body.url)?.[1];
  expect(token_).toBeDefined();
  return { ...reply.body, token: token_! } as { id: number; url: string; token: string; expires_at: string; can_revoke: boolean };
}

const open = (token: string) => server.request('GET', `/api/public/preview/${token}/`);
const page = (address: string) => server.request('GET', address, { headers: { Accept: 'text/html' } });
const linksOf = (publicationId: number, token = admin) =>
  server.request('GET', `/api/publications/${publicationId}/preview-links/`, { token });
const revoke = (id: number, token = admin) => server.request('DELETE', `/api/preview-links/${id}/`, { token });

function expectPrivateHeaders(headers: Headers) {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-robots-tag')).toBe('noindex');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('etag')).toBeNull();
}

async function activity(action: string) {
  const reply = await server.request('GET', `/api/activity/?kind=${action}&page_size=100`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body.results as { action: string; user: string | null; target_id: number; target_label: string }[];
}

beforeAll(async () => {
  server = await startApiServer();
  admin = await server.adminToken();
  jpeg = await makeImage('jpeg');
  const section = await server.request('POST', '/api/sections/', { token: admin, json: { title: 'Enlaces privados' } });
  expect(section.status).toBe(201);
  sectionId = section.body.id;
  sectionSlug = section.body.slug;
  editors.ana = await makeEditor('ana.enlaces');
  editors.bea = await makeEditor('bea.enlaces');
}, 60_000);
afterAll(async () => server.close());

describe('a new link', () => {
  it('is shown once, lives 7 days by default, and only the hash of its token is kept', async () => {
    const publication = await newPublication('Borrador compartido');
    const before = Date.now();
    const link = await makeLink(publication.id);
    expect(link).toMatchObject({
      publication_id: publication.id,
      created_by: TEST_ADMIN.username,
      first_viewed_at: null,
      can_revoke: true,
    });
    const lifetime = Date.parse(link.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
    // 256 random bits, base64url.
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);

    const rows = await server.services.db.selectFrom('preview_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(rows.find((row) => row.id === link.id)?.token_hash).toBe(crypto.createHash('sha256').update(link.token).digest('hex'));

    // The list never tells the address again.
    const list = await linksOf(publication.id);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...link, url: undefined, token: undefined }].map(({ url: _u, token: _t, ...rest }) => rest));
    expect(JSON.stringify(list.body)).not.toContain(link.token);
  });

  it('takes the days it should live, from 1 to 30', async () => {
    const publication = await newPublication('Con caducidad elegida');
    const before = Date.now();
    const day = await makeLink(publication.id, admin, { days: 1 });
    expect(Date.parse(day.expires_at) - before).toBeLessThanOrEqual(DAY_MS + 60_000);
    expect(Date.parse(day.expires_at) - before).toBeGreaterThanOrEqual(DAY_MS - 1000);
    const month = await makeLink(publication.id, admin, { days: 30 });
    expect(Date.parse(month.expires_at) - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    for (const days of [0, 31, 2.5, '7']) {
      const reply = await server.request('POST', `/api/publications/${publication.id}/preview-links/`, { token: admin, json: { days } });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['days']);
    }
    // Several live at once, newest first.
    expect(((await linksOf(publication.id)).body as { id: number }[]).map((link) => link.id)).toEqual([month.id, day.id]);
  });

  it('is 404 for a publication that does not exist', async () => {
    const reply = await server.request('POST', '/api/publications/999999/preview-links/', { token: admin, json: {} });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ detail: 'No se encontró la publicación' });
    expect((await linksOf(999999)).status).toBe(404);
  });
});

describe('opening a link', () => {
  it('shows the saved version, without signing in, with its shown status; the first view is recorded once', async () => {
    const publication = await newPublication('Programada para más adelante', { status: 'published', publish_date: '2099-03-01' });
    const link = await makeLink(publication.id);
    const first = await open(link.token);
    expect(first.status).toBe(200);
    expectPrivateHeaders(first.headers);
    expect(first.body).toMatchObject({
      publication: { id: publication.id, title: 'Programada para más adelante', section_slug: sectionSlug, status: 'published' },
      shown_status: 'scheduled',
      expires_at: link.expires_at,
    });
    // No public answer for it: the public API does not have it.
    expect((await server.request('GET', `/api/public/publication/${publication.id}/`)).status).toBe(404);
    expect((await open(link.token)).status).toBe(200);

    const views = (await activity('preview_link_view')).filter((entry) => entry.target_id === publication.id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ user: null, target_label: 'Programada para más adelante' });
    const made = (await activity('preview_link_create')).filter((entry) => entry.target_id === publication.id);
    expect(made).toHaveLength(1);
    expect(made[0].user).toBe(TEST_ADMIN.username);
    expect(((await linksOf(publication.id)).body as { first_viewed_at: string | null }[])[0].first_viewed_at).not.toBeNull();
  });

  it('is never kept by the public cache, nor by any other', async () => {
    const publication = await newPublication('Sin caché');
    const link = await makeLink(publication.id);
    expect(publicCacheKey(`/api/public/preview/${link.token}/`)).toBeUndefined();
    const shown = await open(link.token);
    expect(shown.body.publication.title).toBe('Sin caché');
    const edited = await server.request('PATCH', `/api/publications/${publication.id}/`, {
      token: admin,
      json: { title: 'Sin caché, editada' },
    });
    expect(edited.status).toBe(200);
    // The saved version, as it is now.
    expect((await open(link.token)).body.publication.title).toBe('Sin caché, editada');
  });

  it('has a page at /vista-previa/{token}: 200 while it lives, never indexed or cached, its canonical the publication’s future address', async () => {
    const publication = await newPublication('Con página propia');
    const link = await makeLink(publication.id);
    const shown = await page(link.url);
    expect(shown.status).toBe(200);
    expectPrivateHeaders(shown.headers);
    expect(shown.body).toContain('<meta name="robots" content="noindex" />');
    expect(shown.body).toContain(`<link rel="canonical" href="${server.url}/${sectionSlug}/${publication.id}" />`);
    expect(shown.body).not.toContain(link.token);
    // Its page is no view: only what the page then reads is.
    expect((await linksOf(publication.id)).body[0].first_viewed_at).toBeNull();

    for (const address of [
      `/vista-previa/${link.token.slice(1)}`,
      `/vista-previa/${'A'.repeat(43)}`,
      `${link.url}/otra`,
      '/vista-previa/x',
    ]) {
      const missing = await page(address);
      expect(missing.status).toBe(404);
      expectPrivateHeaders(missing.headers);
      expect(missing.body).toContain('Página no encontrada');
    }
    for (const token of [link.token.slice(1), 'A'.repeat(43), 'x']) {
      const missing = await open(token);
      expect(missing.status).toBe(404);
      expectPrivateHeaders(missing.headers);
      expect(missing.body).toEqual({ detail: 'No se encontró la página.' });
    }
  });

  it('is 404 at an address that names it only once decoded, which no log mask reads: refused, not normalised', async () => {
    const publication = await newPublication('Con dirección codificada');
    const link = await makeLink(publication.id);
    const encodedToken = `%${link.token.charCodeAt(0).toString(16)}${link.token.slice(1)}`;
    for (const address of [
      `/api/public/pr%65view/${link.token}/`,
      `/api/public/preview/${encodedToken}/`,
      `/api%2Fpublic%2Fpreview/${link.token}/`,
      `/vista%2Dprevia/${link.token}`,
      `/vista-previa/${encodedToken}`,
    ]) {
      const refused = await page(address);
      expect({ address, status: refused.status }).toEqual({ address, status: 404 });
      expect(JSON.stringify(refused.body)).not.toContain(publication.title);
    }
    // None of them was a view; the link itself still works.
    expect((await linksOf(publication.id)).body[0].first_viewed_at).toBeNull();
    expect((await open(link.token)).status).toBe(200);
    // Other encoded addresses are not the preview's, and are routed as before.
    expect((await page('/noticias%3Fx')).status).toBe(404);
    expect((await server.request('GET', '/api/public/publications/?section_slug=noticia%73')).status).toBe(200);
  });

  it('has /vista-previa for the unsaved state: 200, never indexed or cached, no canonical', async () => {
    for (const address of ['/vista-previa', '/vista-previa/']) {
      const shown = await page(address);
      expect(shown.status).toBe(200);
      expectPrivateHeaders(shown.headers);
      expect(shown.body).toContain('<meta name="robots" content="noindex" />');
      expect(shown.body).not.toContain('rel="canonical"');
    }
    const sitemap = await server.request('GET', '/sitemap.xml');
    expect(sitemap.body).not.toContain('vista-previa');
  });
});

describe('a link stops working', () => {
  it('when it expires, and the upkeep then removes it', async () => {
    const publication = await newPublication('Caducada');
    const link = await makeLink(publication.id);
    expect((await open(link.token)).status).toBe(200);
    await server.services.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    expect((await open(link.token)).status).toBe(404);
    expect((await page(link.url)).status).toBe(404);
    expect((await linksOf(publication.id)).body).toEqual([]);
    expect((await expiredPreviewLinksJob(server.services).run()).expired).toBeGreaterThanOrEqual(1);
    expect(await server.services.db.selectFrom('preview_links').select('id').where('id', '=', link.id).executeTakeFirst()).toBeUndefined();
  });

  it('when it is revoked, at once; Actividad says who revoked it', async () => {
    const publication = await newPublication('Revocada');
    const link = await makeLink(publication.id);
    const other = await makeLink(publication.id);
    expect((await page(link.url)).status).toBe(200);
    expect((await revoke(link.id)).status).toBe(204);
    expect((await open(link.token)).status).toBe(404);
    const gone = await page(link.url);
    expect(gone.status).toBe(404);
    expectPrivateHeaders(gone.headers);
    // The other link lives on.
    expect((await open(other.token)).status).toBe(200);
    expect(((await linksOf(publication.id)).body as { id: number }[]).map((row) => row.id)).toEqual([other.id]);
    const again = await revoke(link.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'No se encontró el enlace.' });
    const revoked = (await activity('preview_link_revoke')).filter((entry) => entry.target_id === publication.id);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ user: TEST_ADMIN.username, target_label: 'Revocada' });
  });

  it('while its publication is in the trash; a restore brings it back, a purge removes it', async () => {
    const publication = await newPublication('A la papelera');
    const link = await makeLink(publication.id);
    expect((await server.request('DELETE', `/api/publications/${publication.id}/`, { token: admin })).status).toBe(204);
    expect((await open(link.token)).status).toBe(404);
    expect((await page(link.url)).status).toBe(404);
    expect((await linksOf(publication.id)).status).toBe(404);

    const entryId = async () =>
      (
        (await server.request('GET', '/api/trash/?all=true', { token: admin })).body.results as {
          id: number;
          item_id: number;
          kind: string;
        }[]
      ).find((entry) => entry.kind === 'publication' && entry.item_id === publication.id)!.id;
    expect((await server.request('POST', `/api/trash/${await entryId()}/restore/`, { token: admin })).status).toBe(200);
    expect((await open(link.token)).status).toBe(200);

    expect((await server.request('DELETE', `/api/publications/${publication.id}/`, { token: admin })).status).toBe(204);
    expect((await server.request('DELETE', `/api/trash/${await entryId()}/`, { token: admin })).status).toBe(204);
    const left = await server.services.db.selectFrom('preview_links').select('id').where('publication_id', '=', publication.id).execute();
    expect(left).toEqual([]);
    expect((await open(link.token)).status).toBe(404);
  });
});

describe("an account's links", () => {
  const usersRow = async (id: number) =>
    ((await server.request('GET', '/api/users/', { token: admin })).body as { id: number; preview_links: number }[]).find(
      (user) => user.id === id,
    )!;
  const accountEntries = async (id: number) => (await activity('preview_links_revoke_all')).filter((entry) => entry.target_id === id);

  it('stop working when the account is deactivated or its password reset, in the same change; Actividad names the account', async () => {
    const carla = await makeEditor(`carla.enlaces.${Date.now()}`);
    const publication = await newPublication('De una cuenta que se desactiva');
    const hers = [await makeLink(publication.id, carla.access), await makeLink(publication.id, carla.access)];
    const theirs = await makeLink(publication.id);
    expect((await usersRow(carla.id)).preview_links).toBe(2);

    const deactivated = await server.request('PATCH', `/api/users/${carla.id}/`, { token: admin, json: { is_active: false } });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.preview_links).toBe(0);
    for (const link of hers) expect((await open(link.token)).status).toBe(404);
    expect((await open(theirs.token)).status).toBe(200);
    expect(await accountEntries(carla.id)).toEqual([
      expect.objectContaining({ user: TEST_ADMIN.username, target_label: `${deactivated.body.username} (2)` }),
    ]);

    // Active again, she makes a link; an Administrador's reset of her password revokes it too.
    expect((await server.request('PATCH', `/api/users/${carla.id}/`, { token: admin, json: { is_active: true } })).status).toBe(200);
    const signIn = await server.request('POST', '/api/token/', { json: { username: deactivated.body.username, password: PASSWORD } });
    const again = await makeLink(publication.id, signIn.body.access as string);
    expect((await usersRow(carla.id)).preview_links).toBe(1);
    expect((await server.request('POST', `/api/users/${carla.id}/invitation/`, { token: admin })).status).toBe(201);
    expect((await open(again.token)).status).toBe(404);
    expect((await usersRow(carla.id)).preview_links).toBe(0);
    expect(await accountEntries(carla.id)).toHaveLength(2);
  });

  it("are revoked all at once by an Administrador ('Revocar todos'), and by nobody else", async () => {
    const publication = await newPublication('Enlaces de Bea');
    const links = [await makeLink(publication.id, editors.bea.access), await makeLink(publication.id, editors.bea.access)];
    const anas = await makeLink(publication.id, editors.ana.access);
    expect((await usersRow(editors.bea.id)).preview_links).toBeGreaterThanOrEqual(2);

    const refused = await server.request('DELETE', `/api/users/${editors.bea.id}/preview-links/`, { token: editors.ana.access });
    expect(refused.status).toBe(403);
    for (const link of links) expect((await open(link.token)).status).toBe(200);

    const revoked = await server.request('DELETE', `/api/users/${editors.bea.id}/preview-links/`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBeGreaterThanOrEqual(2);
    for (const link of links) expect((await open(link.token)).status).toBe(404);
    expect((await open(anas.token)).status).toBe(200);
    expect((await usersRow(editors.bea.id)).preview_links).toBe(0);
    expect(await accountEntries(editors.bea.id)).toHaveLength(1);
    // Nothing left: 0, and no entry.
    expect((await server.request('DELETE', `/api/users/${editors.bea.id}/preview-links/`, { token: admin })).body).toEqual({ revoked: 0 });
    expect(await accountEntries(editors.bea.id)).toHaveLength(1);
    expect((await server.request('DELETE', '/api/users/99999/preview-links/', { token: admin })).status).toBe(404);
  });
});

describe('roles', () => {
  it('let an Editor make links and revoke their own; an Administrador revokes any', async () => {
    const publication = await newPublication('De varias manos');
    const ana = await makeLink(publication.id, editors.ana.access);
    const bea = await makeLink(publication.id, editors.bea.access);
    const mine = await makeLink(publication.id);
    expect(ana.can_revoke).toBe(true);

    const seenByAna = (await linksOf(publication.id, editors.ana.access)).body as { id: number; can_revoke: boolean; created_by: string }[];
    expect(seenByAna.map((link) => [link.id, link.can_revoke, link.created_by])).toEqual([
      [mine.id, false, TEST_ADMIN.username],
      [bea.id, false, 'Editora bea.enlaces'],
      [ana.id, true, 'Editora ana.enlaces'],
    ]);
    expect(((await linksOf(publication.id)).body as { can_revoke: boolean }[]).every((link) => link.can_revoke)).toBe(true);

    for (const id of [bea.id, mine.id]) {
      const refused = await revoke(id, editors.ana.access);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: accountMessages.forbidden });
    }
    expect((await open(bea.token)).status).toBe(200);
    expect((await revoke(ana.id, editors.ana.access)).status).toBe(204);
    expect((await revoke(bea.id)).status).toBe(204);
    expect((await revoke(mine.id)).status).toBe(204);
    // A link that does not exist is 404 for an Editor too, not 403.
    expect((await revoke(ana.id, editors.ana.access)).status).toBe(404);
  });

  it('ask for a token on every admin route; the public route needs none', async () => {
    const publication = await newPublication('Sin sesión');
    const link = await makeLink(publication.id);
    expect((await server.request('GET', `/api/publications/${publication.id}/preview-links/`)).status).toBe(401);
    expect((await server.request('POST', `/api/publications/${publication.id}/preview-links/`, { json: {} })).status).toBe(401);
    expect((await server.request('DELETE', `/api/preview-links/${link.id}/`)).status).toBe(401);
    expect((await open(link.token)).status).toBe(200);
  });
});

it('writes no log line that holds a link’s token', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-preview-'));
  const database = await freshDatabase();
  const clientDir = path.join(dataDir, 'client');
  await fakeClientBuild(clientDir);
  const lines: string[] = [];
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET, CLIENT_DIR: clientDir, LOGIN_RATE_LIMIT_MAX: '1000' }),
    databaseUrl: database.databaseUrl,
    logLevel: 'trace',
  };
  const { app, services } = await buildApp(config, { logStream: { write: (line: string) => void lines.push(line) } });
  try {
    await migrateToLatest(services.db);
    await ensureAdmin(services.db, TEST_ADMIN.username, TEST_ADMIN.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const send = async (method: string, pathName: string, options: { body?: unknown; token?: string } = {}) => {
      const headers: Record<string, string> = options.body === undefined ? {} : { 'Content-Type': 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const response = await fetch(`${url}${pathName}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
    };
    const access = (await send('POST', '/api/token/', { body: TEST_ADMIN })).body.access as string;
    const section = await send('POST', '/api/sections/', { body: { title: 'Registros' }, token: access });
    const form = formData(
      { title: 'En el registro', section_id: String(section.body.id), status: 'draft', publish_date: '2026-01-15', layout: '[]' },
      { featured_image: { bytes: jpeg } },
    );
    const created = await fetch(`${url}/api/publications/`, { method: 'POST', headers: { Authorization: `Bearer ${access}` }, body: form });
    expect(created.status).toBe(201);
    const publicationId = ((await created.json()) as { id: number }).id;
    const made = await send('POST', `/api/publications/${publicationId}/preview-links/`, { body: {}, token: access });
    expect(made.status).toBe(201);
    const token = TOKEN_URL.exec(made.body.url)![1];

    // Every way the token can arrive: its page, its API, with a query, a wrong method, a malformed address.
    expect((await send('GET', `/vista-previa/${token}`)).status).toBe(200);
    expect((await send('GET', `/api/public/preview/${token}/`)).status).toBe(200);
    expect((await send('GET', `/api/public/preview/${token}/?x=${token}`)).status).toBe(200);
    expect((await send('POST', `/api/public/preview/${token}/`, { body: { token } })).status).toBe(404);
    expect((await send('GET', `/vista-previa/${token}/%`)).status).toBeGreaterThanOrEqual(400);
    expect((await send('DELETE', `/api/preview-links/${made.body.id}/`, { token: access })).status).toBe(204);
    expect((await send('GET', `/vista-previa/${token}`)).status).toBe(404);

    // A request the server logs, as an error or with request logging on, is written with the token replaced.
    app.log.info({ req: { method: 'GET', url: `/vista-previa/${token}?a=1`, ip: '127.0.0.1' } }, 'prueba');
    app.log.info({ req: { method: 'GET', url: `/api/public/preview/${token}/`, ip: '127.0.0.1' } }, 'prueba');
    const probes = lines.filter((line) => line.includes('"prueba"'));
    expect(probes).toHaveLength(2);
    expect(probes[0]).toContain('"url":"/vista-previa/[oculto]?a=1"');
    expect(probes[1]).toContain('"url":"/api/public/preview/[oculto]/"');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  } finally {
    await app.close();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
