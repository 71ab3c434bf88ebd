import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '@/domain/accounts';
import type { TokenClaims } from '../auth/tokens';
import { mayCall } from '../auth/permissions';
import { familyIsLive } from '../db/refresh-tokens-repository';
import { findUserById } from '../db/users-repository';
import { ApiError, invalidToken, notAuthenticated } from '../http/api-error';
import type { Services } from '../services';
import type { UserRow } from '../db/schema';

/** The token of 'Authorization: Bearer <token>', or undefined when the header is absent or of another scheme. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** A signed-in staff member: the account as it is now, and the access token's claims. */
export interface StaffSession {
  user: UserRow;
  claims: TokenClaims;
}

/** The session the admin scope checked for a request, so that a route and its helpers read the account once. */
const checked = new WeakMap<FastifyRequest, StaffSession>();

/**
 * The account and claims behind an access token, or null. The account is read
 * on every request, so a role change or a deactivation counts from the next one.
 */
async function staffSessionOf(services: Services, token: string): Promise<StaffSession | null> {
  const claims = await services.tokens.verify(token, 'access');
  if (!claims) return null;
  const [user, live] = await Promise.all([
    findUserById(services.db, claims.userId),
    // A signed-out or revoked sign-in (a stolen refresh token reused) takes its access tokens with it.
    claims.family ? familyIsLive(services.db, claims.family) : true,
  ]);
  // A password change bumps the session version: tokens issued before it no longer open anything.
  const valid = user && live && user.is_staff === 1 && user.is_active === 1 && user.session_version === claims.sessionVersion;
  return valid ? { user, claims } : null;
}

/** The signed-in staff member of a request, or null: for public routes whose answer an admin may widen. */
export async function optionalAdmin(services: Services, request: FastifyRequest): Promise<UserRow | null> {
  const known = checked.get(request);
  if (known) return known.user;
  const token = bearerToken(request);
  return token ? ((await staffSessionOf(services, token))?.user ?? null) : null;
}

/** The session of a request the admin scope let through (routes of that scope only). */
export function staffSession(request: FastifyRequest): StaffSession {
  const session = checked.get(request);
  if (!session) throw notAuthenticated();
  return session;
}

/** The role of a request's account, or undefined outside the admin scope. */
export const staffRole = (request: FastifyRequest): string | undefined => checked.get(request)?.user.role;

const forbidden = () => new ApiError(403, { detail: accountMessages.forbidden });

/**
 * onRequest hook for the admin subtree: 401 {"detail"} without a token, or
 * with a token that is garbage, tampered, expired, a refresh token, of a
 * user who no longer exists or was deactivated, issued before the user's
 * password changed, or of a sign-in that was signed out or revoked; then 403
 * when the account's role may not call the route (auth/permissions.ts).
 */
export function requireAdmin(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('WWW-Authenticate', 'Bearer realm="api"');
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    const session = await staffSessionOf(services, token);
    if (!session) throw invalidToken();
    reply.removeHeader('WWW-Authenticate');
    checked.set(request, session);
    if (!(await mayCall(session.user.role, request, services.db, session.user.id))) throw forbidden();
  };
}
