import type { DbOrTrx } from './database';

export interface StoredRefreshToken {
  jti: string;
  userId: number;
  /** Unix seconds. */
  expiresAt: number;
  /** Unix seconds: its `iat`. */
  issuedAt: number;
  /** The `session_version` claim it carries. */
  sessionVersion: number;
  /** The family it belongs to: its own jti for a sign-in, the parent's family for a rotation. */
  family: string;
  /** What the sessions list shows: the sign-in's browser and start, this token's address and issue time. */
  session?: SessionDetails;
}

export interface SessionDetails {
  userAgent: string | null;
  ip: string | null;
  /** ISO 8601. */
  startedAt: string;
  lastUsedAt: string;
}

export async function storeRefreshToken(db: DbOrTrx, token: StoredRefreshToken): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: token.jti,
      user_id: token.userId,
      expires_at: token.expiresAt,
      issued_at: token.issuedAt,
      session_version: token.sessionVersion,
      family: token.family,
      rotated_at: null,
      successor: null,
      user_agent: token.session?.userAgent?.slice(0, 512) ?? null,
      ip: token.session?.ip?.slice(0, 64) ?? null,
      started_at: token.session?.startedAt ?? null,
      last_used_at: token.session?.lastUsedAt ?? null,
    })
    .execute();
}

/** A sign-in that is still alive, as 'Sesiones abiertas' lists it. */
export interface OpenSession {
  family: string;
  userAgent: string | null;
  ip: string | null;
  startedAt: string | null;
  lastUsedAt: string | null;
}

/** The live sign-ins of a user (a family with an unrotated, unexpired token), most recently used first. */
export async function openSessions(db: DbOrTrx, userId: number, nowSeconds: number): Promise<OpenSession[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select(['family', 'user_agent', 'ip', 'started_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('rotated_at', 'is', null)
    .where('expires_at', '>=', nowSeconds)
    .execute();
  const byFamily = new Map<string, OpenSession>();
  for (const row of rows) {
    const session = { family: row.family, userAgent: row.user_agent, ip: row.ip, startedAt: row.started_at, lastUsedAt: row.last_used_at };
    const known = byFamily.get(row.family);
    if (!known || (session.lastUsedAt ?? '') > (known.lastUsedAt ?? '')) byFamily.set(row.family, session);
  }
  return [...byFamily.values()].sort((a, b) => (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || a.family.localeCompare(b.family));
}

/** The session details a family's tokens carry (its newest row's), for the next token of the family. */
export async function sessionOfFamily(db: DbOrTrx, family: string): Promise<Pick<SessionDetails, 'userAgent' | 'startedAt'> | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['user_agent', 'started_at'])
    .where('family', '=', family)
    .orderBy('last_used_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { userAgent: row.user_agent, startedAt: row.started_at ?? new Date().toISOString() };
}

/** Revokes one sign-in of a user; false when the user has no such sign-in. */
export async function revokeUserFamily(db: DbOrTrx, userId: number, family: string): Promise<boolean> {
  const result = await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('family', '=', family).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every sign-in of a user but one, answering how many live sign-ins ended. */
export async function revokeOtherFamilies(db: DbOrTrx, userId: number, keep: string | undefined, nowSeconds: number): Promise<number> {
  const ended = (await openSessions(db, userId, nowSeconds)).filter((session) => session.family !== keep).length;
  let query = db.deleteFrom('refresh_tokens').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('family', '!=', keep);
  await query.execute();
  return ended;
}

/** Clears the addresses last used before `before` (ISO 8601): personal data is kept ACTIVITY_IP_KEPT_DAYS. */
export async function clearOldSessionAddresses(db: DbOrTrx, before: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ ip: null })
    .where('ip', 'is not', null)
    .where('last_used_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks a refresh token as rotated, naming the token its rotation issues, and
 * says whether this call did it: the conditional update is the check, so two
 * requests racing with one token cannot both win.
 */
export async function rotateRefreshToken(
  db: DbOrTrx,
  jti: string,
  userId: number,
  nowSeconds: number,
  successor: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: nowSeconds, successor })
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stored refresh token, as the refresh reads it. */
export interface FoundRefreshToken {
  jti: string;
  family: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Null on rows written before migration 020, as are the session version and the successor. */
  issuedAt: number | null;
  sessionVersion: number | null;
  /** Unix seconds; null while it is the family's live token. */
  rotatedAt: number | null;
  /** The jti of the token its rotation issued. */
  successor: string | null;
}

/** A stored refresh token of a user, or undefined when it is unknown or revoked. */
export async function findRefreshToken(db: DbOrTrx, jti: string, userId: number): Promise<FoundRefreshToken | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['jti', 'family', 'expires_at', 'issued_at', 'session_version', 'rotated_at', 'successor'])
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL answers bigint columns as text.
  const seconds = (value: number | null) => (value === null ? null : Number(value));
  return (
    row && {
      jti: row.jti,
      family: row.family,
      expiresAt: Number(row.expires_at),
      issuedAt: seconds(row.issued_at),
      sessionVersion: row.session_version,
      rotatedAt: seconds(row.rotated_at),
      successor: row.successor,
    }
  );
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
