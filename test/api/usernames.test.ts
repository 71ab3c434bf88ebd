import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { accountMessages } from '@/domain/accounts';
import { createBackup } from '@/server/backup/backup';
import { restoreBackup } from '@/server/backup/restore';
import { type AnyDb, codeMigrations, migrateTo } from '@/server/backup/schema';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { hashPassword } from '@/server/auth/passwords';
import { createDatabase } from '@/server/db/database';
import { createLocalFolderStore } from '@/server/media/local-folder-store';
import { freshDatabase, startApiServer, TEST_ADMIN, TEST_SECRET, type TestServer } from '../helpers/api-server';
import { PROCESS_TEST_GUARD_MS } from '../helpers/guards';

/**
 * Usernames that differ only in the case of an accented letter ('Álvaro' and
 * 'álvaro', 'Ñandu' and 'ñandu') or in how the accent is written (one code
 * point, or a letter and a combining mark, as some keyboards send it) are one
 * name, on SQLite (whose lower() folds ASCII only) as on PostgreSQL
 * (docs/decisions/227-one-key-per-username.md).
 */

// Real processes (create-admin), a backup and a restore, and many slow password checks: a guard, not a measure.
jest.setTimeout(PROCESS_TEST_GUARD_MS);

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'una frase larga de prueba 2026';
const OTHER_PASSWORD = 'otra frase larga de prueba 2026';
/** The name as a letter and a combining mark (NFD): 'Á' is 'A' + U+0301. */
const decomposed = (name: string) => name.normalize('NFD');
/** A typed name as a failure shows it: a decomposed one looks like the composed one otherwise. */
const shown = (name: string) => (name === name.normalize('NFC') ? name : `${name.normalize('NFC')} (decomposed)`);
/** The last schema before usernames had a key of their own. */
const BEFORE_KEYS = '2026-12-05-020-refresh-token-successors';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy, so that a test can be several clients; unknown browsers share 4 failures an hour per username.
  server = await startApiServer({ trustProxy: 1, loginUnknownDeviceMax: 4 });
});
afterAll(async () => server.close());

const tokenOf = (url: string): string => url.slice(url.indexOf('#') + 1);

/** An account made in Usuarios, its invitation accepted with `password`. */
async function makeAccount(username: string, password = PASSWORD): Promise<number> {
  const made = await server.request('POST', '/api/users/', { token: await server.adminToken(), json: { username, role: 'editor' } });
  if (made.status !== 201) throw new Error(`POST /api/users/ answered ${made.status}: ${JSON.stringify(made.body)}`);
  const accepted = await server.request('POST', '/api/invitations/accept/', {
    json: { token: tokenOf(made.body.invitation.url), password },
  });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return made.body.user.id as number;
}

const signIn = (target: TestServer, username: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  target.request('POST', '/api/token/', { json: { username, password }, headers });

/** Who a sign-in opened: the account's id and username, or its status when it failed. */
async function whoSignsIn(target: TestServer, username: string, password = PASSWORD) {
  const reply = await signIn(target, username, password);
  if (reply.status !== 200) return reply.status;
  const account = (await target.request('GET', '/api/account/', { token: reply.body.access })).body;
  return { id: account.id, username: account.username };
}

describe('an account whose name has an accented capital', () => {
  it("signs in as 'Álvaro', 'Ángela' or 'Óscar' however the name is typed: as written, in lower case, in capitals, decomposed", async () => {
    for (const username of ['Álvaro', 'Ángela', 'Óscar']) {
      const id = await makeAccount(username);
      for (const typed of [username, username.toLowerCase(), username.toUpperCase(), decomposed(username)]) {
        expect([shown(typed), await whoSignsIn(server, typed)]).toEqual([shown(typed), { id, username }]);
      }
    }
  });

  it("cannot be made twice: beside 'Ñandu', 'ñandu' in any case or decomposed is refused, and signing in as 'ñandu' opens 'Ñandu' only", async () => {
    const id = await makeAccount('Ñandu');
    for (const username of ['ñandu', 'ÑANDU', decomposed('Ñandu'), decomposed('ñandu')]) {
      const made = await server.request('POST', '/api/users/', { token: await server.adminToken(), json: { username, role: 'editor' } });
      expect([shown(username), made.status, made.body]).toEqual([shown(username), 400, { username: [accountMessages.usernameTaken] }]);
    }
    for (const typed of ['Ñandu', 'ñandu', decomposed('ñandu')]) {
      expect([shown(typed), await whoSignsIn(server, typed)]).toEqual([shown(typed), { id, username: 'Ñandu' }]);
      // Another password is no way in: no other account answers to the name.
      expect([shown(typed), await whoSignsIn(server, typed, OTHER_PASSWORD)]).toEqual([shown(typed), 401]);
    }
  });
});

/** npm run create-admin on the test server's database, as an operator runs it. */
async function createAdmin(username: string, password: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/create-admin.ts', '--username', username, '--password', password],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.config.databaseUrl ?? '', SECRET_KEY: TEST_SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output: output.trim() };
}

describe('create-admin and ADMIN_USERNAME', () => {
  it("run again for 'Íñigo', as written, in lower case or decomposed, find the account instead of failing or making a second one", async () => {
    expect(await createAdmin('Íñigo', PASSWORD)).toEqual({ code: 0, output: 'Administrador "Íñigo" creado.' });
    expect(await createAdmin('Íñigo', PASSWORD)).toEqual({ code: 0, output: 'Usuario "Íñigo" sin cambios.' });
    expect(await createAdmin('íñigo', OTHER_PASSWORD)).toEqual({ code: 0, output: 'Usuario "íñigo" actualizado.' });
    const nfd = decomposed('ÍÑIGO');
    expect(await createAdmin(nfd, OTHER_PASSWORD)).toEqual({ code: 0, output: `Usuario "${nfd}" sin cambios.` });
    const users = (await server.request('GET', '/api/users/', { token: await server.adminToken() })).body as { username: string }[];
    expect(users.filter((user) => user.username.normalize('NFC').toLowerCase() === 'íñigo').map((user) => user.username)).toEqual([
      'Íñigo',
    ]);
    expect(await whoSignsIn(server, 'Íñigo', PASSWORD)).toBe(401);
    expect(await whoSignsIn(server, 'íñigo', OTHER_PASSWORD)).toEqual({ id: expect.any(Number), username: 'Íñigo' });

    // A start with ADMIN_USERNAME does the same: the second start finds the account the first made.
    expect(await ensureAdmin(server.services.db, 'Úrsula', PASSWORD)).toBe('created');
    expect(await ensureAdmin(server.services.db, 'úrsula', OTHER_PASSWORD)).toBe('unchanged');
    expect(await ensureAdmin(server.services.db, decomposed('ÚRSULA'), OTHER_PASSWORD)).toBe('unchanged');
  });
});

describe('the sign-in throttle', () => {
  const from = (address: string, cookie?: string) => ({ 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) });

  it("gives 'Ámbar' one budget however the name is typed; her known browser still gets in, and the dashboard names her as written", async () => {
    const name = 'Ámbar';
    await makeAccount(name);
    // She signs in from her own browser, which becomes known.
    const earlier = await signIn(server, name, PASSWORD, from('203.0.113.5'));
    expect(earlier.status).toBe(200);
    const knownBrowser = earlier.headers.get('set-cookie')!.split(';')[0];

    const typings = [name, 'ámbar', decomposed('ámbar'), decomposed('ÁMBAR'), 'ÁMBAR'];
    const answers: number[] = [];
    for (const [i, typed] of typings.entries()) answers.push((await signIn(server, typed, 'equivocada', from(`10.0.0.${i + 1}`))).status);
    // Four failures fill the unknown browsers' budget at her name: the fifth is refused before any check.
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    expect((await signIn(server, decomposed(name), PASSWORD, from('10.0.1.1'))).status).toBe(429);

    // Her browser is known for her name however she types it.
    expect((await signIn(server, decomposed('ámbar'), PASSWORD, from('192.0.2.44', knownBrowser))).status).toBe(200);

    const summary = await server.request('GET', '/api/summary/', { token: await server.adminToken() });
    expect(summary.body.locked_usernames).toEqual([name]);
    const log = await server.request('GET', '/api/activity/?kind=sign_in_locked', { token: await server.adminToken() });
    expect(log.body.results.map((entry: { user: string }) => entry.user)).toEqual([name]);
  });
});

// ---- Names that already collide: an upgrade, and the restore of an older backup ----

/** An account as an older schema stores it (the first schema's columns), with a password. */
async function oldAccount(db: AnyDb, username: string, password: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ username, password_hash: await hashPassword(password), is_staff: 1, created_at: new Date().toISOString() })
    .execute();
}

/** What the migration warns, and Actividad's entries of renamed accounts, as an Administrador reads them. */
async function renames(target: TestServer, warn: jest.SpyInstance) {
  const log = await target.request('GET', '/api/activity/?kind=account_rename', { token: await target.adminToken() });
  return {
    warned: warn.mock.calls.map((call) => String(call[0])),
    activity: log.body.results.map((entry: { user: string | null; target_kind: string; target_id: number; target_label: string }) => [
      entry.user,
      entry.target_kind,
      entry.target_id,
      entry.target_label,
    ]),
  };
}

describe('usernames that already collide', () => {
  const places: { remove: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const place of places) await place.remove();
  });
  /** A data directory and a database (PostgreSQL when DATABASE_URL is set, unless `sqlite`). */
  async function newPlace(sqlite = false) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'usuarios-'));
    const database = sqlite ? { databaseUrl: undefined, drop: async () => {} } : await freshDatabase();
    const place = {
      dataDir,
      databaseUrl: database.databaseUrl,
      remove: async () => {
        await database.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
    places.push(place);
    return place;
  }

  it('an upgrade keeps every account: the later of two that collide becomes name-id, the log and Actividad say so, and the site starts', async () => {
    const place = await newPlace();
    const db: AnyDb = createDatabase(place);
    // A name of 149 characters, and the same name in 150 (the most a username may have): its accent is a code point of its own.
    const long = `Ñ${'a'.repeat(148)}`;
    const longer = `${decomposed('ñ')}${'a'.repeat(148)}`;
    try {
      await migrateTo(db, BEFORE_KEYS);
      // Both databases already kept 'Álvaro' and 'álvaro' apart in ASCII-only ways: an accent written
      // as a letter and a combining mark is another name to lower() on either.
      await oldAccount(db, 'Álvaro', 'clave de Álvaro 1'); // 1
      await oldAccount(db, decomposed('ÁLVARO'), 'clave de ÁLVARO 2'); // 2: its name-id would be 'ÁLVARO-2'…
      await oldAccount(db, 'álvaro-2', 'clave de álvaro-2 3'); // 3: …which is this account's, in another case
      await oldAccount(db, 'Ñandu', 'clave de Ñandu 4'); // 4
      await oldAccount(db, decomposed('ñandu'), 'clave de ñandu 5'); // 5
      await oldAccount(db, long, 'clave larga 6'); // 6
      await oldAccount(db, longer, 'clave larga 7'); // 7
    } finally {
      await db.destroy();
    }

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const site = await startApiServer({}, place);
    try {
      const renamed = {
        2: `${decomposed('ÁLVARO')}-2-2`,
        5: `${decomposed('ñandu')}-5`,
        7: `${longer.slice(0, 148)}-7`,
      };
      expect([...renamed[7]].length).toBe(150);
      const { warned, activity } = await renames(site, warn);
      expect(warned).toEqual([
        expect.stringContaining(`«${decomposed('ÁLVARO')}» (id 2) se llama ahora «${renamed[2]}»`),
        expect.stringContaining(`«${decomposed('ñandu')}» (id 5) se llama ahora «${renamed[5]}»`),
        expect.stringContaining(`«${longer}» (id 7) se llama ahora «${renamed[7]}»`),
      ]);
      // Newest first, by the migration (no person).
      expect(activity).toEqual([
        [null, 'user', 7, `${longer} → ${renamed[7]}`],
        [null, 'user', 5, `${decomposed('ñandu')} → ${renamed[5]}`],
        [null, 'user', 2, `${decomposed('ÁLVARO')} → ${renamed[2]}`],
      ]);
      // Everyone signs in with their own password, under the name they keep or the new one.
      expect(await whoSignsIn(site, 'álvaro', 'clave de Álvaro 1')).toEqual({ id: 1, username: 'Álvaro' });
      expect(await whoSignsIn(site, decomposed('ÁLVARO'), 'clave de ÁLVARO 2')).toBe(401);
      expect(await whoSignsIn(site, renamed[2], 'clave de ÁLVARO 2')).toEqual({ id: 2, username: renamed[2] });
      expect(await whoSignsIn(site, 'ÁLVARO-2', 'clave de álvaro-2 3')).toEqual({ id: 3, username: 'álvaro-2' });
      expect(await whoSignsIn(site, 'ñandu', 'clave de Ñandu 4')).toEqual({ id: 4, username: 'Ñandu' });
      expect(await whoSignsIn(site, 'Ñandu-5', 'clave de ñandu 5')).toEqual({ id: 5, username: renamed[5] });
      expect(await whoSignsIn(site, long, 'clave larga 6')).toEqual({ id: 6, username: long });
      expect(await whoSignsIn(site, renamed[7], 'clave larga 7')).toEqual({ id: 7, username: renamed[7] });
    } finally {
      warn.mockRestore();
      await site.close();
    }
  });

  it("restores an older SQLite backup holding 'Ñandu' and 'ñandu' (no collision to SQLite then) and migrates it: 'ñandu' becomes 'ñandu-2' and both sign in", async () => {
    const all = codeMigrations();
    const from = await newPlace(true);
    const db: AnyDb = createDatabase(from);
    const media = createLocalFolderStore(path.join(from.dataDir, 'media'));
    const archive = path.join(from.dataDir, 'anterior.tar.gz');
    try {
      await migrateTo(db, BEFORE_KEYS);
      await oldAccount(db, 'Ñandu', 'clave de Ñandu 1');
      await oldAccount(db, 'ñandu', 'clave de ñandu 2');
      await oldAccount(db, TEST_ADMIN.username, TEST_ADMIN.password);
      await createBackup({ db, media, out: archive, print: () => {} });
    } finally {
      await db.destroy();
      await media.close();
    }

    const to = await newPlace();
    const target = { dataDir: to.dataDir, databaseUrl: to.databaseUrl, media: createLocalFolderStore(path.join(to.dataDir, 'media')) };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const report = await restoreBackup({ file: archive, target, print: () => {} }).finally(() => target.media.close());
      expect(report.migrated).toEqual(all.slice(all.indexOf(BEFORE_KEYS) + 1));
      const site = await startApiServer({}, to);
      try {
        const { warned, activity } = await renames(site, warn);
        expect(warned).toEqual([expect.stringContaining('«ñandu» (id 2) se llama ahora «ñandu-2»')]);
        expect(activity).toEqual([[null, 'user', 2, 'ñandu → ñandu-2']]);
        expect(await whoSignsIn(site, 'Ñandu', 'clave de Ñandu 1')).toEqual({ id: 1, username: 'Ñandu' });
        expect(await whoSignsIn(site, 'ñandu', 'clave de Ñandu 1')).toEqual({ id: 1, username: 'Ñandu' });
        expect(await whoSignsIn(site, 'ñandu', 'clave de ñandu 2')).toBe(401);
        expect(await whoSignsIn(site, 'ÑANDU-2', 'clave de ñandu 2')).toEqual({ id: 2, username: 'ñandu-2' });
      } finally {
        await site.close();
      }
    } finally {
      warn.mockRestore();
    }
  });
});
