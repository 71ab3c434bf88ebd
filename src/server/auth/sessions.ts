import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { TokenPair } from '@/domain/entities';
import { ACTIVITY_IP_KEPT_DAYS } from '@/domain/history';
import { nowIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import { clearOldSessionAddresses, sessionOfFamily, storeRefreshToken, type OpenSession } from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import type { TokenIssuer } from './tokens';

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

/** A new pair of tokens for a user, stored as the newest of its family. */
export async function issuePair(
  db: DbOrTrx,
  tokens: TokenIssuer,
  user: UserRow,
  options: IssueOptions,
): Promise<TokenPair & { family: string }> {
  const refresh = await tokens.issue(user.id, 'refresh', user.session_version);
  const { jti, expiresAt } = refresh.claims;
  const family = options.family ?? jti;
  const now = nowIso();
  const carried = options.carried ?? (options.family ? await sessionOfFamily(db, options.family) : undefined);
  await storeRefreshToken(db, {
    jti,
    userId: user.id,
    expiresAt,
    family,
    session: {
      userAgent: carried ? carried.userAgent : options.origin.userAgent,
      ip: options.origin.ip,
      startedAt: carried?.startedAt ?? now,
      lastUsedAt: now,
    },
  });
  // The access token names its sign-in: revoking the family ends it too (plugins/auth.ts).
  const access = await tokens.issue(user.id, 'access', user.session_version, family);
  return { access: access.token, refresh: refresh.token, family };
}

/** A sign-in as 'Sesiones abiertas' shows it: browser and system read from its User-Agent. */
export function describeSession(session: OpenSession, current: string | undefined) {
  const parsed = session.userAgent ? Bowser.parse(session.userAgent) : undefined;
  const named = (name?: string, version?: string) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : '');
  return {
    id: session.family,
    browser: named(parsed?.browser.name, parsed?.browser.version) || 'Navegador desconocido',
    system: named(parsed?.os.name, parsed?.os.versionName ?? parsed?.os.version) || 'Sistema desconocido',
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
