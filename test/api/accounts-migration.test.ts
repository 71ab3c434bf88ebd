import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AnyDb, migrateTo } from '@/server/backup/schema';
import { createDatabase } from '@/server/db/database';
import { freshDatabase } from '../helpers/api-server';

/** The accounts migration on a site that already has accounts. */

it('makes every existing account an active Administrador, and keeps usernames that differ only in case apart', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-accounts-migration-'));
  const database = await freshDatabase();
  // At an older schema: its tables are not the newest's (src/server/db/schema.ts).
  const db: AnyDb = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
  try {
    await migrateTo(db, '2026-11-24-011-login-devices');
    const at = new Date().toISOString();
    for (const username of ['Ana', 'luis', 'ana']) {
      await db.insertInto('users').values({ username, password_hash: 'scrypt$x', is_staff: 1, created_at: at }).execute();
    }
    await migrateTo(db, '2026-11-24-012-accounts');
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'role', 'is_active', 'last_login_at'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: 1, username: 'Ana', name: '', role: 'admin', is_active: 1, last_login_at: null },
      { id: 2, username: 'luis', name: '', role: 'admin', is_active: 1, last_login_at: null },
      { id: 3, username: 'ana-3', name: '', role: 'admin', is_active: 1, last_login_at: null },
    ]);
    // From now on a name is unique in any case.
    await expect(
      db.insertInto('users').values({ username: 'LUIS', password_hash: '', is_staff: 1, created_at: at }).execute(),
    ).rejects.toThrow();
  } finally {
    await db.destroy();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
