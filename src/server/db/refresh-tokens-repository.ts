import type { DbOrTrx } from './database';

export async function storeRefreshToken(db: DbOrTrx, token: { jti: string; userId: number; expiresAt: number }): Promise<void> {
  await db.insertInto('refresh_tokens').values({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt }).execute();
}

/**
 * Uses up a refresh token: deletes its row and says whether it was there.
 * The delete is the check, so two requests racing with the same token cannot
 * both win.
 */
export async function consumeRefreshToken(db: DbOrTrx, jti: string, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('refresh_tokens').where('jti', '=', jti).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteExpiredRefreshTokens(db: DbOrTrx, nowSeconds: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', nowSeconds).execute();
}
