import { nowIso } from '../clock';
import type { DbOrTrx } from './database';
import type { UserRow } from './schema';

export async function findUserByUsername(db: DbOrTrx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The administrators' usernames, as written, whose lower case is one of `lowered`. */
export async function staffUsernamesAmong(db: DbOrTrx, lowered: string[]): Promise<string[]> {
  if (lowered.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', lowered))
    .where('is_staff', '=', 1)
    .orderBy('username')
    .execute();
  return rows.map((row) => row.username);
}

export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds a staff user; false, changing nothing, when the username is taken (another instance starting at the same moment). */
export async function insertStaffUser(db: DbOrTrx, username: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({ username, password_hash: passwordHash, is_staff: 1, created_at: nowIso() })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Makes a user staff without touching the password or the sessions. */
export async function makeStaff(db: DbOrTrx, id: number): Promise<void> {
  await db.updateTable('users').set({ is_staff: 1 }).where('id', '=', id).execute();
}

/**
 * Sets a new password and bumps the session version, so that every access
 * and refresh token issued before stops working (plugins/auth.ts, routes/token.ts).
 */
export async function changePassword(db: DbOrTrx, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, is_staff: 1, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
