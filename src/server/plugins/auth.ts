import type { FastifyReply, FastifyRequest } from 'fastify';
import { familyIsLive } from '../db/refresh-tokens-repository';
import { findUserById } from '../db/users-repository';
import { invalidToken, notAuthenticated } from '../http/api-error';
import type { Services } from '../services';
import type { UserRow } from '../db/schema';

/** The token of 'Authorization: Bearer <token>', or undefined when the header is absent or of another scheme. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

async function staffUserOf(services: Services, token: string): Promise<UserRow | null> {
  const claims = await services.tokens.verify(token, 'access');
  if (!claims) return null;
  const [user, live] = await Promise.all([
    findUserById(services.db, claims.userId),
    // A signed-out or revoked sign-in (a stolen refresh token reused) takes its access tokens with it.
    claims.family ? familyIsLive(services.db, claims.family) : true,
  ]);
  // A password change bumps the session version: tokens issued before it no longer open anything.
  return user && live && user.is_staff === 1 && user.session_version === claims.sessionVersion ? user : null;
}

/** The signed-in administrator of a request, or null: for public routes whose answer an admin may widen. */
export async function optionalAdmin(services: Services, request: FastifyRequest): Promise<UserRow | null> {
  const token = bearerToken(request);
  return token ? staffUserOf(services, token) : null;
}

/**
 * onRequest hook for the admin subtree: 401 {"detail"} without a token, or
 * with a token that is garbage, tampered, expired, a refresh token, of a
 * user who no longer exists, issued before the user's password changed, or
 * of a sign-in that was signed out or revoked.
 */
export function requireAdmin(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('WWW-Authenticate', 'Bearer realm="api"');
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    if (!(await staffUserOf(services, token))) throw invalidToken();
    reply.removeHeader('WWW-Authenticate');
  };
}
