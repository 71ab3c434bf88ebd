import { validatePassword, type Role } from '@/domain/accounts';
import type { DbOrTrx } from '../db/database';
import { dropUnusedInvitations } from '../db/invitations-repository';
import { revokeUserRefreshTokens } from '../db/refresh-tokens-repository';
import { changePassword, findUserByUsername, insertAccount } from '../db/users-repository';
import { hashPassword, verifyPassword } from './passwords';

export type EnsureAdminOutcome = 'created' | 'updated' | 'unchanged';

/** How the commands report each outcome. */
export const ADMIN_OUTCOME: Record<EnsureAdminOutcome, string> = {
  created: 'creado',
  updated: 'actualizado',
  unchanged: 'sin cambios',
};

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD at start: creates the Administrador when no
 * account has that username (in any case), and otherwise changes nothing. A
 * start never overwrites a password changed in the panel, and never
 * reactivates or promotes an account an Administrador deactivated or demoted.
 */
export async function ensureAdmin(db: DbOrTrx, username: string, password: string): Promise<'created' | 'unchanged'> {
  const name = username.trim();
  if (!name || !password) throw new Error('An admin needs a username and a password.');
  if (await findUserByUsername(db, name)) return 'unchanged';
  // Instances started together: another one may create it first, and then it exists.
  return (await insertAccount(db, { username: name, passwordHash: await hashPassword(password), role: 'admin' })) ? 'created' : 'unchanged';
}

/** A password `create-admin` refuses, in Spanish; thrown before anything changes. */
export class RefusedPasswordError extends Error {}

/**
 * `npm run create-admin`: creates an account with the role given, or, for a
 * username that exists, sets its password, an explicit operator action that
 * ends every session of that person (only when the password really changes:
 * running it again with the same one keeps everyone signed in). Role and
 * active state of an existing account are left as they are. The password
 * follows the panel's rules.
 */
export async function createOrResetAccount(
  db: DbOrTrx,
  username: string,
  password: string,
  role: Role = 'admin',
): Promise<EnsureAdminOutcome> {
  const name = username.trim();
  if (!name || !password) throw new Error('An account needs a username and a password.');
  const refused = validatePassword(password, name);
  if (refused.length > 0) throw new RefusedPasswordError(refused.join(' '));
  const existing = await findUserByUsername(db, name);
  if (!existing) {
    if (await insertAccount(db, { username: name, passwordHash: await hashPassword(password), role })) return 'created';
    return createOrResetAccount(db, username, password, role);
  }
  if (existing.is_staff === 1 && (await verifyPassword(password, existing.password_hash))) return 'unchanged';
  await changePassword(db, existing.id, await hashPassword(password));
  await revokeUserRefreshTokens(db, existing.id);
  await dropUnusedInvitations(db, existing.id);
  return 'updated';
}
