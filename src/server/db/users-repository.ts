import type { DbOrTrx } from './database';
import { nowIso } from '../clock';
import type { UserRow } from './schema';

export async function findUserByUsername(db: DbOrTrx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a staff user, or sets the password of the existing one. Returns whether it was created. */
export async function upsertStaffUser(db: DbOrTrx, username: string, passwordHash: string): Promise<'created' | 'updated'> {
  const existing = await findUserByUsername(db, username);
  if (existing) {
    await db.updateTable('users').set({ password_hash: passwordHash, is_staff: 1 }).where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db.insertInto('users').values({ username, password_hash: passwordHash, is_staff: 1, created_at: nowIso() }).execute();
  return 'created';
}
