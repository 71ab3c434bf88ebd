import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@/server/app';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { createBackup } from '@/server/backup/backup';
import { restoreBackup } from '@/server/backup/restore';
import { loadConfig } from '@/server/config';
import { migrateToLatest } from '@/server/db/migrate';
import { createLocalFolderStore } from '@/server/media/local-folder-store';
import { fakeClientBuild, freshDatabase, startApiServer, TEST_ADMIN, TEST_SECRET } from '../helpers/api-server';

/** A password link's token never reaches a log line; backup and restore carry accounts, roles and pending links. */

jest.setTimeout(60_000);

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

it('writes no log line that holds a link’s token, whatever is sent with it', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-links-'));
  const database = await freshDatabase();
  const clientDir = path.join(dataDir, 'client');
  await fakeClientBuild(clientDir);
  const lines: string[] = [];
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET, CLIENT_DIR: clientDir, LOGIN_RATE_LIMIT_MAX: '1000' }),
    databaseUrl: database.databaseUrl,
    // Everything the server could say.
    logLevel: 'trace',
  };
  const { app, services } = await buildApp(config, { logStream: { write: (line: string) => void lines.push(line) } });
  try {
    await migrateToLatest(services.db);
    await ensureAdmin(services.db, TEST_ADMIN.username, TEST_ADMIN.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const send = async (method: string, pathName: string, body?: string, token?: string) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`${url}${pathName}`, { method, headers, body });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const access = (await send('POST', '/api/token/', JSON.stringify(TEST_ADMIN))).body.access as string;
    const created = await send('POST', '/api/users/', JSON.stringify({ username: 'en.los.registros', name: '', role: 'editor' }), access);
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.invitation.url);

    // Every way a token can arrive: good, wrong, malformed, with unknown fields, in a broken body, twice.
    expect((await send('POST', '/api/invitations/check/', JSON.stringify({ token }))).status).toBe(200);
    expect((await send('POST', '/api/invitations/check/', JSON.stringify({ token, extra: token }))).status).toBe(400);
    expect((await send('POST', '/api/invitations/check/', JSON.stringify({ token: 42 }))).status).toBe(400);
    expect((await send('POST', '/api/invitations/check/', `{"token": "${token}"`)).status).toBe(400);
    expect((await send('POST', '/api/invitations/accept/', JSON.stringify({ token, password: 'corta' }))).status).toBe(400);
    expect((await send('POST', '/api/invitations/accept/', JSON.stringify({ token, password: 'una clave larga de verdad' }))).status).toBe(
      200,
    );
    expect((await send('POST', '/api/invitations/accept/', JSON.stringify({ token, password: 'una clave larga de verdad' }))).status).toBe(
      404,
    );
    const reset = await send('POST', `/api/users/${created.body.user.id}/invitation/`, undefined, access);
    expect(reset.status).toBe(201);
    const resetToken = tokenOf(reset.body.url);
    expect((await send('POST', '/api/invitations/check/', `{"token": "${resetToken}", }`)).status).toBe(400);
    expect(
      (await send('POST', '/api/invitations/accept/', JSON.stringify({ token: resetToken, password: 'otra clave larga de verdad' })))
        .status,
    ).toBe(200);

    const log = lines.join('');
    // The logger was listening (the start says so at trace level), and none of it holds a token.
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(token);
    expect(log).not.toContain(resetToken);
  } finally {
    await app.close();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

it('carries accounts, roles, the active state and pending links (hashed) through a backup and a restore', async () => {
  const server = await startApiServer();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-accounts-backup-'));
  const archive = path.join(scratch, 'cuentas.tar.gz');
  try {
    const token = await server.adminToken();
    const editor = await server.request('POST', '/api/users/', {
      token,
      json: { username: 'editora.copiada', name: 'Editora', role: 'editor' },
    });
    const accepted = await server.request('POST', '/api/invitations/accept/', {
      json: { token: tokenOf(editor.body.invitation.url), password: 'la clave de la editora copiada' },
    });
    expect(accepted.status).toBe(200);
    const pending = await server.request('POST', '/api/users/', {
      token,
      json: { username: 'pendiente', name: 'Aún sin clave', role: 'admin' },
    });
    const gone = await server.request('POST', '/api/users/', { token, json: { username: 'desactivada', name: '', role: 'editor' } });
    await server.request('PATCH', `/api/users/${gone.body.user.id}/`, { token, json: { is_active: false } });
    const usersBefore = await server.services.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(usersBefore.map((user) => [user.username, user.role, user.is_active])).toEqual([
      ['admin', 'admin', 1],
      ['editora.copiada', 'editor', 1],
      ['pendiente', 'admin', 1],
      ['desactivada', 'editor', 0],
    ]);
    const invitationsBefore = await server.services.db.selectFrom('invitations').selectAll().orderBy('id').execute();
    expect(invitationsBefore.length).toBeGreaterThan(0);

    const media = createLocalFolderStore(path.join(server.dataDir, 'media'));
    await createBackup({ db: server.services.db, media, out: archive, print: () => {} }).finally(() => media.close());

    const targetDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-accounts-restored-'));
    const targetDatabase = await freshDatabase();
    const targetMedia = createLocalFolderStore(path.join(targetDir, 'media'));
    await restoreBackup({
      file: archive,
      target: { dataDir: targetDir, databaseUrl: targetDatabase.databaseUrl, media: targetMedia },
      print: () => {},
    }).finally(() => targetMedia.close());
    const restored = await startApiServer({}, { dataDir: targetDir, databaseUrl: targetDatabase.databaseUrl });
    try {
      expect(await restored.services.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(usersBefore);
      expect(await restored.services.db.selectFrom('invitations').selectAll().orderBy('id').execute()).toEqual(invitationsBefore);
      // The pending link still opens the activation, and the Editor still signs in as an Editor.
      const check = await restored.request('POST', '/api/invitations/check/', { json: { token: tokenOf(pending.body.invitation.url) } });
      expect(check).toMatchObject({ status: 200, body: { username: 'pendiente', kind: 'invitation' } });
      const signedIn = await restored.request('POST', '/api/token/', {
        json: { username: 'editora.copiada', password: 'la clave de la editora copiada' },
      });
      expect(signedIn.status).toBe(200);
      expect((await restored.request('GET', '/api/account/', { token: signedIn.body.access })).body.role).toBe('editor');
    } finally {
      await restored.close();
      await targetDatabase.drop();
      await fs.rm(targetDir, { recursive: true, force: true });
    }
  } finally {
    await server.close();
    await fs.rm(scratch, { recursive: true, force: true });
  }
});
