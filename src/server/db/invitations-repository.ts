import type { InvitationKind } from '@/domain/accounts';
import type { DbOrTrx } from './database';
import type { InvitationRow } from './schema';

/** One-time password links (invitation, reset): only the hash of each token is kept. */

export interface NewInvitation {
  userId: number;
  tokenHash: string;
  kind: InvitationKind;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  createdById: number | null;
}

/** Stores a link, replacing every unused link of the same person: only the newest one works. */
export async function replaceInvitation(db: DbOrTrx, invitation: NewInvitation): Promise<void> {
  await db.deleteFrom('invitations').where('user_id', '=', invitation.userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('invitations')
    .values({
      user_id: invitation.userId,
      token_hash: invitation.tokenHash,
      kind: invitation.kind,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      used_at: null,
      created_by_id: invitation.createdById,
    })
    .execute();
}

/** The unused, unexpired link with this hash, or undefined. */
export async function findUsableInvitation(db: DbOrTrx, tokenHash: string, now: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a link used and says whether this call did it: two requests racing with one link cannot both win. */
export async function useInvitation(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops the unused links of a person (their account was deactivated, or a password was set another way). */
export async function dropUnusedInvitations(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('invitations').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The newest unused link's expiry per person: what 'Estado' needs to tell a pending invitation from an expired one. */
export async function pendingInvitationExpiries(db: DbOrTrx): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('invitations')
    .select(['user_id', 'expires_at'])
    .where('used_at', 'is', null)
    .orderBy('expires_at')
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.expires_at]));
}
