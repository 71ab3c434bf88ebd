import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { TokenPair } from '@/domain/entities';
import { ACTIVITY_IP_KEPT_DAYS } from '@/domain/history';
import { nowIso } from '../clock';
import type { Db, DbOrTrx } from '../db/database';
import {
  clearOldSessionAddresses,
  findRefreshToken,
  rotateRefreshToken,
  sessionOfFamily,
  storeRefreshToken,
  type FoundRefreshToken,
  type OpenSession,
} from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import type { SignedClaims, TokenIssuer } from './tokens';

/**
 * Sign-ins ('Sesiones abiertas'): every sign-in starts a family of refresh
 * tokens (docs/decisions/021-sessions.md) and each token of the family carries
 * the sign-in's browser and start forward, with the address and time of its
 * own issue, so that the newest token of a family describes the whole sign-in.
 */

/** Where a request comes from, as a sign-in remembers it. */
export interface RequestOrigin {
  userAgent: string | null;
  ip: string | null;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  ip: request.ip ?? null,
});

export interface IssueOptions {
  /** The sign-in the pair continues (a rotation, a password change); a new sign-in when absent. */
  family?: string;
  origin: RequestOrigin;
  /** The sign-in's browser and start, when the family's rows were just revoked (a password change keeps this sign-in). */
  carried?: { userAgent: string | null; startedAt: string };
}

/** Stores an issued refresh token as the newest of its family, with the sign-in's details carried forward. */
async function storeIssued(db: DbOrTrx, user: UserRow, refresh: SignedClaims, family: string, options: IssueOptions): Promise<void> {
  const now = nowIso();
  const carried = options.carried ?? (options.family ? await sessionOfFamily(db, options.family) : undefined);
  await storeRefreshToken(db, {
    jti: refresh.jti,
    userId: user.id,
    expiresAt: refresh.expiresAt,
    // With the jti, the user and the expiry, all its signature covers: enough to sign it again (pairOfSuccessor).
    issuedAt: refresh.issuedAt,
    sessionVersion: refresh.sessionVersion,
    family,
    session: {
      userAgent: carried ? carried.userAgent : options.origin.userAgent,
      ip: options.origin.ip,
      startedAt: carried?.startedAt ?? now,
      lastUsedAt: now,
    },
  });
}

/** An access token of a user's sign-in: it names its family, so revoking the family ends it too (plugins/auth.ts). */
const accessOf = async (tokens: TokenIssuer, user: UserRow, family: string): Promise<string> =>
  (await tokens.issue(user.id, 'access', user.session_version, family)).token;

/** A new pair of tokens for a user, stored as the newest of its family. */
export async function issuePair(
  db: DbOrTrx,
  tokens: TokenIssuer,
  user: UserRow,
  options: IssueOptions,
): Promise<TokenPair & { family: string }> {
  const refresh = await tokens.issue(user.id, 'refresh', user.session_version);
  const family = options.family ?? refresh.claims.jti;
  await storeIssued(db, user, refresh.claims, family, options);
  return { access: await accessOf(tokens, user, family), refresh: refresh.token, family };
}

/**
 * Rotates a family's live refresh token: marks it rotated, naming the token
 * that replaces it, and stores that one, in one transaction. Undefined when
 * another request rotated it first: then nothing was written, and the token
 * is a rotated one sent again (pairOfSuccessor). A request that races the
 * rotation waits for its commit (PostgreSQL's row lock, SQLite's one writer),
 * so it finds the successor stored.
 */
export async function rotatePair(
  db: Db,
  tokens: TokenIssuer,
  user: UserRow,
  rotated: Pick<FoundRefreshToken, 'jti' | 'family'>,
  origin: RequestOrigin,
  nowSeconds: number,
): Promise<TokenPair | undefined> {
  const refresh = await tokens.issue(user.id, 'refresh', user.session_version);
  const won = await db.transaction().execute(async (trx) => {
    if (!(await rotateRefreshToken(trx, rotated.jti, user.id, nowSeconds, refresh.claims.jti))) return false;
    await storeIssued(trx, user, refresh.claims, rotated.family, { family: rotated.family, origin });
    return true;
  });
  return won ? { access: await accessOf(tokens, user, rotated.family), refresh: refresh.token } : undefined;
}

/**
 * A rotated refresh token sent again within the rotation's grace (a reload,
 * or another tab, before the new pair was stored): the refresh token its
 * rotation issued, the very same string, signed again from its row, and a new
 * access token of the family. Undefined when that token is no longer the
 * family's live one (rotated in turn, revoked, expired) or was issued under
 * another session version, and for rows rotated before migration 020, which
 * name no successor: the caller refuses those without revoking anything.
 */
export async function pairOfSuccessor(
  db: DbOrTrx,
  tokens: TokenIssuer,
  user: UserRow,
  rotated: FoundRefreshToken,
  nowSeconds: number,
): Promise<TokenPair | undefined> {
  if (rotated.successor === null) return undefined;
  const successor = await findRefreshToken(db, rotated.successor, user.id);
  if (
    !successor ||
    successor.family !== rotated.family ||
    successor.rotatedAt !== null ||
    successor.expiresAt <= nowSeconds ||
    successor.issuedAt === null ||
    successor.sessionVersion !== user.session_version
  ) {
    return undefined;
  }
  const refresh = await tokens.sign({
    userId: user.id,
    jti: successor.jti,
    tokenType: 'refresh',
    issuedAt: successor.issuedAt,
    expiresAt: successor.expiresAt,
    sessionVersion: successor.sessionVersion,
  });
  return { access: await accessOf(tokens, user, rotated.family), refresh };
}

/** A sign-in as 'Sesiones abiertas' shows it: browser and system read from its User-Agent. */
/** A browser as a person names it, from its User-Agent: 'Firefox 128' on 'Linux' (or 'Navegador desconocido'). */
export function describeBrowser(userAgent: string | null | undefined): { browser: string; system: string } {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const named = (name?: string, version?: string) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : '');
  return {
    browser: named(parsed?.browser.name, parsed?.browser.version) || 'Navegador desconocido',
    system: named(parsed?.os.name, parsed?.os.versionName ?? parsed?.os.version) || 'Sistema desconocido',
  };
}

export function describeSession(session: OpenSession, current: string | undefined) {
  return {
    id: session.family,
    ...describeBrowser(session.userAgent),
    ip: session.ip,
    started_at: session.startedAt,
    last_used_at: session.lastUsedAt,
    current: session.family === current,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sign-ins' addresses are personal data: cleared after ACTIVITY_IP_KEPT_DAYS,
 * as Actividad's are. Run at every sign-in, with the sweep of expired tokens.
 */
export async function clearOldSessionIps(db: DbOrTrx, now: Date = new Date()): Promise<number> {
  return clearOldSessionAddresses(db, new Date(now.getTime() - ACTIVITY_IP_KEPT_DAYS * DAY_MS).toISOString());
}
