import { hashPassword } from './passwords';
import type { DbOrTrx } from '../db/database';
import { upsertStaffUser } from '../db/users-repository';

/** Creates the staff admin, or resets its password: the same for the CLI and ADMIN_USERNAME/ADMIN_PASSWORD. */
export async function ensureAdmin(db: DbOrTrx, username: string, password: string): Promise<'created' | 'updated'> {
  if (!username.trim() || !password) throw new Error('An admin needs a username and a password.');
  return upsertStaffUser(db, username.trim(), await hashPassword(password));
}
