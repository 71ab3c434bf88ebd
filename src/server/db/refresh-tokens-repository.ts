import type { DbOrTrx } from './database';

export interface StoredRefreshToken {
  jti: string;
  userId: number;
  /** Unix seconds. */
  expiresAt: number;
  /** The family it belongs to: its own jti for a sign-in, the parent's family for a rotation. */
  family: string;
}

export async function storeRefreshToken(db: DbOrTrx, token: StoredRefreshToken): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt, family: token.family, rotated_at: null })
    .execute();
}

/**
 * Marks a refresh token as rotated and says whether this call did it: the
 * conditional update is the check, so two requests racing with one token
 * cannot both win.
 */
export async function rotateRefreshToken(db: DbOrTrx, jti: string, userId: number, nowSeconds: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: nowSeconds })
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stored refresh token's family and rotation time (unix seconds, null while live), or undefined when it is unknown or revoked. */
export async function findRefreshToken(
  db: DbOrTrx,
  jti: string,
  userId: number,
): Promise<{ family: string; rotatedAt: number | null } | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family', 'rotated_at'])
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL answers bigint columns as text.
  return row && { family: row.family, rotatedAt: row.rotated_at === null ? null : Number(row.rotated_at) };
}

/** Whether a sign-in still holds a refresh token (it was neither signed out nor revoked, nor has it expired). */
export async function familyIsLive(db: DbOrTrx, family: string): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').select('jti').where('family', '=', family).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Revokes a whole sign-in: every token descended from it, rotated or live. */
export async function revokeRefreshFamily(db: DbOrTrx, family: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('family', '=', family).execute();
}

/** Revokes every sign-in of a user (their password changed). */
export async function revokeUserRefreshTokens(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
}

export async function deleteExpiredRefreshTokens(db: DbOrTrx, nowSeconds: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', nowSeconds).execute();
}
