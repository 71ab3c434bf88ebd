import type { DbOrTrx } from '../db/database';
import { revokeUserRefreshTokens } from '../db/refresh-tokens-repository';
import { changePassword, findUserByUsername, insertStaffUser, makeStaff } from '../db/users-repository';
import { hashPassword, verifyPassword } from './passwords';

export type EnsureAdminOutcome = 'created' | 'updated' | 'unchanged';

/** How the commands report each outcome. */
export const ADMIN_OUTCOME: Record<EnsureAdminOutcome, string> = {
  created: 'creado',
  updated: 'actualizado',
  unchanged: 'sin cambios',
};

/**
 * Creates the staff admin, or sets its password: the same for the CLI and
 * ADMIN_USERNAME/ADMIN_PASSWORD. Only a password that really changes signs the
 * admin out everywhere (requirements §10.7): a restart with the same
 * ADMIN_PASSWORD keeps every session.
 */
export async function ensureAdmin(db: DbOrTrx, username: string, password: string): Promise<EnsureAdminOutcome> {
  const name = username.trim();
  if (!name || !password) throw new Error('An admin needs a username and a password.');
  const existing = await findUserByUsername(db, name);
  if (!existing) {
    if (await insertStaffUser(db, name, await hashPassword(password))) return 'created';
    // Instances started together: another one created it first; from here it is an existing admin.
    return ensureAdmin(db, username, password);
  }
  if (await verifyPassword(password, existing.password_hash)) {
    if (existing.is_staff === 1) return 'unchanged';
    await makeStaff(db, existing.id);
    return 'updated';
  }
  await changePassword(db, existing.id, await hashPassword(password));
  await revokeUserRefreshTokens(db, existing.id);
  return 'updated';
}
