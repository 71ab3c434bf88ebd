import { emailKey, usernameKey, type Role } from '@/domain/accounts';
import { nowIso } from '../clock';
import type { DbOrTrx } from './database';
import type { UserRow } from './schema';

/**
 * Staff accounts. Usernames are unique regardless of case and of how an accent
 * is written: every row keeps usernameKey(username) in username_key, unique,
 * and a username is looked up by its key. Whatever writes a username writes its key.
 */

/**
 * The stored hash of an account that has no usable password: an invited
 * person who has not chosen one yet is '', one whose password was reset is
 * this (no scrypt hash, so no password ever matches it).
 */
export const NO_PASSWORD = '';
export const PASSWORD_RESET = '!reset';

export async function findUserByUsername(db: DbOrTrx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

/** The administrators' usernames, as written, whose key (usernameKey) is one of `keys`. */
export async function staffUsernamesAmong(db: DbOrTrx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username_key', 'in', keys)
    .where('is_staff', '=', 1)
    .orderBy('username')
    .execute();
  return rows.map((row) => row.username);
}

/** The account whose email address is `email` in any spelling (emailKey), if any. */
export async function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
}

/** An email address as stored: the address as written and its key, or nulls for none. */
const emailColumns = (email: string | null): { email: string | null; email_key: string | null } => {
  const address = email?.trim() ?? '';
  return address === '' ? { email: null, email_key: null } : { email: address, email_key: emailKey(address) };
};

export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An account known to exist (the one just written, the signed-in one): its row as stored now. */
export async function readUser(db: DbOrTrx, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every staff account, by username. */
export async function listUsers(db: DbOrTrx): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('is_staff', '=', 1).orderBy('username').orderBy('id').execute();
}

export interface NewAccount {
  username: string;
  passwordHash: string;
  name?: string;
  role?: Role;
  email?: string | null;
}

/**
 * Adds a staff account, active; undefined, changing nothing, when the
 * username is taken in any case (another instance or request at the same moment).
 */
export async function insertAccount(db: DbOrTrx, account: NewAccount): Promise<UserRow | undefined> {
  if (await findUserByUsername(db, account.username)) return undefined;
  try {
    const inserted = await db
      .insertInto('users')
      .values({
        username: account.username,
        username_key: usernameKey(account.username),
        password_hash: account.passwordHash,
        is_staff: 1,
        created_at: nowIso(),
        ...(account.name ? { name: account.name } : {}),
        ...(account.role ? { role: account.role } : {}),
        ...emailColumns(account.email ?? null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findUserById(db, inserted.id);
  } catch (error) {
    // The unique index on username_key refused it: someone took the name a moment ago.
    if (await findUserByUsername(db, account.username)) return undefined;
    throw error;
  }
}

/** Name, role, email address and active state: what 'Usuarios' edits. */
export async function updateAccount(
  db: DbOrTrx,
  id: number,
  { email, ...change }: { name?: string; role?: Role; is_active?: number; email?: string | null },
): Promise<void> {
  const columns = email === undefined ? change : { ...change, ...emailColumns(email) };
  if (Object.keys(columns).length === 0) return;
  await db.updateTable('users').set(columns).where('id', '=', id).execute();
}

/** How many active administrators there are. */
export async function countActiveAdmins(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('is_staff', '=', 1)
    .where('is_active', '=', 1)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordSignIn(db: DbOrTrx, id: number, at: string = nowIso()): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
}

/**
 * Sets a new password (or PASSWORD_RESET, which no password matches) and
 * bumps the session version, so that every access and refresh token issued
 * before stops working (plugins/auth.ts, auth/sign-in.ts).
 */
export async function changePassword(db: DbOrTrx, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, is_staff: 1, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
