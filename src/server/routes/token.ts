import type { FastifyPluginAsync } from 'fastify';
import type { FieldErrors, TokenPair } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { verifyAgainstNothing, verifyPassword } from '../auth/passwords';
import { consumeRefreshToken, deleteExpiredRefreshTokens, storeRefreshToken } from '../db/refresh-tokens-repository';
import { findUserById, findUserByUsername } from '../db/users-repository';
import { ApiError, badRequest, invalidToken } from '../http/api-error';
import { readForm } from '../http/form';
import type { Services } from '../services';

function requiredStrings(body: Record<string, unknown>, names: string[]): Record<string, string> {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value !== 'string' || value.trim() === '') errors[name] = [messages.required];
    else values[name] = value;
  }
  if (hasErrors(errors)) throw badRequest(errors);
  return values;
}

/** SimpleJWT's two endpoints: obtain a pair, and refresh (rotating the refresh token). */
export const tokenRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db, tokens, loginThrottle } = services;

  async function issuePair(userId: number): Promise<TokenPair> {
    const access = await tokens.issue(userId, 'access');
    const refresh = await tokens.issue(userId, 'refresh');
    await storeRefreshToken(db, { jti: refresh.claims.jti, userId, expiresAt: refresh.claims.expiresAt });
    return { access: access.token, refresh: refresh.token };
  }

  app.post('/token/', async (request) => {
    const { username, password } = requiredStrings((await readForm(request, [])).fields, ['username', 'password']);
    const wait = loginThrottle.retryAfter(request.ip, username);
    if (wait > 0) throw new ApiError(429, { detail: messages.tooManyAttempts }, { 'Retry-After': String(wait) });
    const user = await findUserByUsername(db, username);
    const valid = user && user.is_staff === 1 ? await verifyPassword(password, user.password_hash) : await verifyAgainstNothing(password);
    if (!user || !valid) {
      loginThrottle.recordFailure(request.ip, username);
      throw new ApiError(401, { detail: messages.invalidCredentials });
    }
    loginThrottle.recordSuccess(username);
    await deleteExpiredRefreshTokens(db, Math.floor(Date.now() / 1000));
    return issuePair(user.id);
  });

  app.post('/token/refresh/', async (request) => {
    const { refresh } = requiredStrings((await readForm(request, [])).fields, ['refresh']);
    const claims = await tokens.verify(refresh, 'refresh');
    // Rotation: a refresh token works once. Deleting its row is the check.
    if (!claims || !(await consumeRefreshToken(db, claims.jti, claims.userId))) throw invalidToken();
    const user = await findUserById(db, claims.userId);
    if (!user || user.is_staff !== 1) throw invalidToken();
    return issuePair(user.id);
  });
};
