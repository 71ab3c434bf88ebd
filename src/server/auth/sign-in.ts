import type { TokenPair } from '@/domain/entities';
import { logActivity } from '../content/activity-log';
import { deleteExpiredRefreshTokens, findRefreshToken, revokeRefreshFamily } from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import { findUserById, findUserByUsername, recordSignIn } from '../db/users-repository';
import type { Services } from '../services';
import { clientNetwork } from './client-network';
import { HashingBusyError } from './hashing-gate';
import { isPasswordHash, verifyAgainstNothing, verifyPassword } from './passwords';
import { clearOldSessionIps, issuePair, pairOfSuccessor, rotatePair, type RequestOrigin } from './sessions';

/**
 * Signing in, renewing and signing out (SimpleJWT's three endpoints, docs/decisions/021-sessions.md):
 * the rules, apart from HTTP. routes/token.ts reads the request and answers each outcome.
 */

/**
 * How long after a rotation the rotated refresh token may be sent again
 * without revoking its family: a reload, or two tabs refreshing at once
 * (requirements §10.7). Within it, the token answers the refresh token its
 * rotation issued while that one is live.
 */
export const ROTATION_GRACE_SECONDS = 30;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

// A deactivated account is refused as wrong credentials are: the answer does not tell which.
const maySignIn = (user: UserRow | undefined): user is UserRow => user?.is_staff === 1 && user.is_active === 1;

export interface SignInAttempt {
  username: string;
  password: string;
  origin: RequestOrigin;
  /** The login-device cookie this browser sent, if any. */
  deviceCookie: string | undefined;
}

export type SignInOutcome =
  | { kind: 'signed_in'; pair: TokenPair; deviceCookie: string }
  /** Wrong credentials, an unknown name or an account that may not sign in: one answer for all. */
  | { kind: 'refused' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** Too many passwords being checked at once: nothing was counted. */
  | { kind: 'busy' };

/** A password checked against the sign-in throttle: right, wrong (its attempt counted), or not checked at all. */
export type PasswordCheck = { kind: 'valid' } | { kind: 'wrong' } | { kind: 'throttled'; retryAfterSeconds: number } | { kind: 'busy' };

/**
 * One attempt at a password, counted in the sign-in throttle's buckets before the slow check, so
 * that a burst cannot slip past the limit (decision 123). `check` runs the hash behind the hashing
 * gate; when no password was checked (too busy, or the database failed) the attempt does not count,
 * and a right one gives its place back: only a wrong password keeps it, as the failure it is.
 */
async function checkedAttempt(
  services: Services,
  bucket: Parameters<Services['loginThrottle']['reserve']>[0],
  check: () => Promise<boolean>,
): Promise<PasswordCheck> {
  const reservation = await services.loginThrottle.reserve(bucket);
  if (!reservation.allowed) return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
  let valid: boolean;
  try {
    valid = await check();
  } catch (error) {
    await reservation.release();
    if (error instanceof HashingBusyError) return { kind: 'busy' };
    throw error;
  }
  if (!valid) return { kind: 'wrong' };
  await reservation.release();
  return { kind: 'valid' };
}

/**
 * The current password of a signed-in account ('Mi cuenta': a new address, a new password), in the
 * sign-in's throttle for this username and network: a stolen access token alone does not get to guess it.
 */
export const checkCurrentPassword = (services: Services, user: UserRow, password: string, ip: string): Promise<PasswordCheck> =>
  checkedAttempt(services, { network: clientNetwork(ip, services.config.loginIpv6Prefix), username: user.username, device: null }, () =>
    services.hashingGate.run(() => verifyPassword(password, user.password_hash)),
  );

export async function signIn(services: Services, attempt: SignInAttempt): Promise<SignInOutcome> {
  const { db, tokens, loginThrottle, loginDevices, hashingGate, config } = services;
  const { username, password, origin } = attempt;
  // Refused at once while the line is full: a burst costs no more than parsing its requests.
  if (hashingGate.full) return { kind: 'busy' };
  const network = clientNetwork(origin.ip ?? '', config.loginIpv6Prefix);
  const device = await loginDevices.recognise(attempt.deviceCookie, username);
  let user: UserRow | undefined;
  const checked = await checkedAttempt(services, { network, username, device }, async () => {
    user = await findUserByUsername(db, username);
    // An account without a password (invited, or reset) costs the same time as any other.
    const known = maySignIn(user) && isPasswordHash(user.password_hash) ? user : undefined;
    return hashingGate.run(() => (known ? verifyPassword(password, known.password_hash) : verifyAgainstNothing(password)));
  });
  if (checked.kind === 'throttled' || checked.kind === 'busy') return checked;
  if (checked.kind === 'wrong' || !maySignIn(user)) {
    // Logged only once the password was checked, so the throttle bounds how many entries a burst leaves.
    // The name is kept only when it is an administrator's: an unknown one may be a password typed in the wrong box.
    const named = user?.is_staff === 1 ? { id: user.id, username: user.username } : null;
    await logActivity(db, named, 'sign_in_failed', undefined, origin.ip);
    // This attempt had room, so a budget full now is one this failure filled: the username is locked
    // for unknown browsers from now on, and Actividad says so (once, but for failures at the same instant).
    if (named && device === null && (await loginThrottle.lockedForUnknownDevices(username))) {
      await logActivity(db, named, 'sign_in_locked', undefined, null);
    }
    return { kind: 'refused' };
  }
  // On the plain connection, never through writeContent: a sign-in is no content and leaves the public cache alone.
  await logActivity(db, { id: user.id, username: user.username }, 'sign_in', undefined, origin.ip);
  await recordSignIn(db, user.id);
  await deleteExpiredRefreshTokens(db, nowSeconds());
  await clearOldSessionIps(db);
  const { access, refresh } = await issuePair(db, tokens, user, { origin });
  // This browser is now known for this username: its attempts get a budget of their own.
  return { kind: 'signed_in', pair: { access, refresh }, deviceCookie: await loginDevices.issue(user.username) };
}

/**
 * A refresh token rotates once. Sent again within 30 s of its rotation (a
 * reload or another tab before the new pair was stored) it answers the
 * refresh token its rotation issued, the same string, with a new access
 * token, as long as that one is still the family's live token; otherwise it
 * is refused (undefined) and nothing else happens. Later than 30 s it is taken for
 * a stolen copy and its whole family is revoked, which signs out whoever holds
 * the live token too.
 */
export async function renewSession(services: Services, refreshToken: string, origin: RequestOrigin): Promise<TokenPair | undefined> {
  const { db, tokens } = services;
  const claims = await tokens.verify(refreshToken, 'refresh');
  if (!claims) return undefined;
  const now = nowSeconds();
  let stored = await findRefreshToken(db, claims.jti, claims.userId);
  if (!stored) return undefined;
  // Past the grace it is taken for a stolen copy: its sign-in ends, whoever sends it.
  if (stored.rotatedAt !== null && now - stored.rotatedAt > ROTATION_GRACE_SECONDS) {
    await revokeRefreshFamily(db, stored.family);
    return undefined;
  }
  const user = await findUserById(db, claims.userId);
  if (!maySignIn(user) || user.session_version !== claims.sessionVersion) return undefined;
  if (stored.rotatedAt === null) {
    const rotated = await rotatePair(db, tokens, user, stored, origin, now);
    if (rotated) return rotated;
    // Another request rotated it first: it is a rotated token sent again, at once.
    stored = await findRefreshToken(db, claims.jti, claims.userId);
    if (stored?.rotatedAt == null) return undefined;
  }
  return pairOfSuccessor(db, tokens, user, stored, now);
}

/**
 * Sign-out (SimpleJWT's TokenBlacklistView): revokes the refresh token's family, so neither it nor
 * any token rotated from it works again. False for a string that is not a valid refresh token at
 * all; true also for a token already revoked.
 */
export async function signOut(services: Services, refreshToken: string): Promise<boolean> {
  const { db, tokens } = services;
  const claims = await tokens.verify(refreshToken, 'refresh');
  if (!claims) return false;
  const stored = await findRefreshToken(db, claims.jti, claims.userId);
  if (stored) {
    await revokeRefreshFamily(db, stored.family);
    // Logged once: a token already revoked finds nothing stored.
    const user = await findUserById(db, claims.userId);
    await logActivity(db, user ? { id: user.id, username: user.username } : null, 'sign_out');
  }
  return true;
}
