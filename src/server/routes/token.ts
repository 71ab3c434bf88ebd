import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { parseCookie, stringifySetCookie } from 'cookie';
import { clientNetwork } from '../auth/client-network';
import { HashingBusyError } from '../auth/hashing-gate';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_COOKIE_PATH, LOGIN_DEVICE_LIFETIME_SECONDS } from '../auth/login-devices';
import { isPasswordHash, verifyAgainstNothing, verifyPassword } from '../auth/passwords';
import { deleteExpiredRefreshTokens, findRefreshToken, revokeRefreshFamily } from '../db/refresh-tokens-repository';
import { clearOldSessionIps, issuePair, originOf, pairOfSuccessor, rotatePair } from '../auth/sessions';
import type { UserRow } from '../db/schema';
import { findUserById, findUserByUsername, recordSignIn } from '../db/users-repository';
import { ApiError, badRequest, invalidToken, passwordChecksBusy, tooManyAttempts } from '../http/api-error';
import { FORM_CONTENT_TYPES, formBody } from '../http/form';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { RefreshBody, SignInBody, TokenPair as TokenPairSchema } from '@/domain/schemas/token';
import type { Services } from '../services';
import { logActivity } from '../content/activity-log';

/**
 * How long after a rotation the rotated refresh token may be sent again
 * without revoking its family: a reload, or two tabs refreshing at once
 * (requirements §10.7). Within it, the token answers the refresh token its
 * rotation issued while that one is live.
 */
export const ROTATION_GRACE_SECONDS = 30;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function requiredStrings(body: Partial<Record<string, string>>, names: string[]): Record<string, string> {
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

/**
 * SimpleJWT's endpoints: obtain a pair; refresh, rotating the refresh token;
 * blacklist (sign out). Every sign-in starts a family of refresh tokens
 * (docs/decisions/021-sessions.md).
 */
export const tokenRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, tokens, loginThrottle, loginDevices, hashingGate, config } = services;
  // The device cookie is read and written by these routes only (its Path is /api/token/).
  const secureCookie = config.publicUrl?.startsWith('https://') ?? false;

  // A deactivated account is refused as wrong credentials are: the answer does not tell which.
  const maySignIn = (user: UserRow | undefined): user is UserRow => user?.is_staff === 1 && user.is_active === 1;
  const pair = async (request: FastifyRequest, user: UserRow) => {
    const { access, refresh } = await issuePair(db, tokens, user, { origin: originOf(request) });
    return { access, refresh };
  };

  const tags = ['Sesión'];
  // JSON, or a form as a browser without JavaScript sends it: one schema for both.
  const consumes = FORM_CONTENT_TYPES;

  app.post(
    '/token/',
    {
      preValidation: formBody(SignInBody),
      schema: {
        tags,
        consumes,
        summary: 'Inicia sesión',
        description:
          'Devuelve un par de tokens. Tras varios intentos fallidos por IP o usuario: 429 con Retry-After. ' +
          'Con demasiadas contraseñas comprobándose a la vez: 503 con Retry-After.',
        body: SignInBody,
        response: { 200: TokenPairSchema, 400: BadRequest, 401: Detail, 429: Detail, 503: Detail },
      },
    },
    async (request, reply) => {
      const { username, password } = requiredStrings(request.body, ['username', 'password']);
      // Refused at once while the line is full: a burst costs no more than parsing its requests.
      if (hashingGate.full) throw passwordChecksBusy();
      // The attempt is counted before the slow check, so a burst cannot slip past the limit (decision 123).
      const network = clientNetwork(request.ip, config.loginIpv6Prefix);
      const device = await loginDevices.recognise(parseCookie(request.headers.cookie ?? '')[LOGIN_DEVICE_COOKIE], username);
      const reservation = await loginThrottle.reserve({ network, username, device });
      if (!reservation.allowed) {
        throw tooManyAttempts(reservation.retryAfterSeconds);
      }
      let user: UserRow | undefined;
      let valid: boolean;
      try {
        user = await findUserByUsername(db, username);
        // An account without a password (invited, or reset) costs the same time as any other.
        const known = maySignIn(user) && isPasswordHash(user.password_hash) ? user : undefined;
        valid = await hashingGate.run(() => (known ? verifyPassword(password, known.password_hash) : verifyAgainstNothing(password)));
      } catch (error) {
        // No password was checked (too busy, or the database failed): the attempt does not count.
        await reservation.release();
        throw error instanceof HashingBusyError ? passwordChecksBusy() : error;
      }
      // A wrong password keeps its place in the throttle: that is the failure.
      if (!maySignIn(user) || !valid) {
        // Logged only once the password was checked, so the throttle bounds how many entries a burst leaves.
        // The name is kept only when it is an administrator's: an unknown one may be a password typed in the wrong box.
        const named = user?.is_staff === 1 ? { id: user.id, username: user.username } : null;
        await logActivity(db, named, 'sign_in_failed', undefined, request.ip);
        // This attempt had room, so a budget full now is one this failure filled: the username is locked
        // for unknown browsers from now on, and Actividad says so (once, but for failures at the same instant).
        if (named && device === null && (await loginThrottle.lockedForUnknownDevices(username))) {
          await logActivity(db, named, 'sign_in_locked', undefined, null);
        }
        throw new ApiError(401, { detail: messages.invalidCredentials });
      }
      await reservation.release();
      // This browser is now known for this username: its attempts get a budget of their own.
      reply.header(
        'Set-Cookie',
        stringifySetCookie({
          name: LOGIN_DEVICE_COOKIE,
          value: await loginDevices.issue(user.username),
          path: LOGIN_DEVICE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookie,
          maxAge: LOGIN_DEVICE_LIFETIME_SECONDS,
        }),
      );
      // On the plain connection, never through writeContent: a sign-in is no content and leaves the public cache alone.
      await logActivity(db, { id: user.id, username: user.username }, 'sign_in', undefined, request.ip);
      await recordSignIn(db, user.id);
      await deleteExpiredRefreshTokens(db, nowSeconds());
      await clearOldSessionIps(db);
      return pair(request, user);
    },
  );

  /**
   * A refresh token rotates once. Sent again within 30 s of its rotation (a
   * reload or another tab before the new pair was stored) it answers the
   * refresh token its rotation issued, the same string, with a new access
   * token, as long as that one is still the family's live token; otherwise it
   * is refused and nothing else happens. Later than 30 s it is taken for a
   * stolen copy and its whole family is revoked, which signs out whoever holds
   * the live token too (docs/decisions/021-sessions.md).
   */
  app.post(
    '/token/refresh/',
    {
      preValidation: formBody(RefreshBody),
      schema: {
        tags,
        consumes,
        summary: 'Renueva el par de tokens',
        description:
          'Devuelve un token de acceso nuevo y el token de renovación que sustituye al usado. ' +
          'Reenviado en los 30 s siguientes a su renovación, el token usado devuelve el mismo token de renovación que ' +
          'entregó su renovación (si sigue vigente) con un token de acceso nuevo; reenviado más tarde, ' +
          'se revoca toda la sesión de la que procede.',
        body: RefreshBody,
        response: { 200: TokenPairSchema, 400: BadRequest, 401: Detail },
      },
    },
    async (request) => {
      const { refresh } = requiredStrings(request.body, ['refresh']);
      const claims = await tokens.verify(refresh, 'refresh');
      if (!claims) throw invalidToken();
      const now = nowSeconds();
      let stored = await findRefreshToken(db, claims.jti, claims.userId);
      if (!stored) throw invalidToken();
      // Past the grace it is taken for a stolen copy: its sign-in ends, whoever sends it.
      if (stored.rotatedAt !== null && now - stored.rotatedAt > ROTATION_GRACE_SECONDS) {
        await revokeRefreshFamily(db, stored.family);
        throw invalidToken();
      }
      const user = await findUserById(db, claims.userId);
      if (!maySignIn(user) || user.session_version !== claims.sessionVersion) throw invalidToken();
      if (stored.rotatedAt === null) {
        const rotated = await rotatePair(db, tokens, user, stored, originOf(request), now);
        if (rotated) return rotated;
        // Another request rotated it first: it is a rotated token sent again, at once.
        stored = await findRefreshToken(db, claims.jti, claims.userId);
        if (stored?.rotatedAt == null) throw invalidToken();
      }
      const again = await pairOfSuccessor(db, tokens, user, stored, now);
      if (!again) throw invalidToken();
      return again;
    },
  );

  /**
   * Sign-out (SimpleJWT's TokenBlacklistView): revokes the refresh token's
   * family, so neither it nor any token rotated from it works again. 200 {}
   * also for a token already revoked; 401 for one that is not a valid refresh
   * token at all.
   */
  app.post(
    '/token/blacklist/',
    {
      preValidation: formBody(RefreshBody),
      schema: {
        tags,
        consumes,
        summary: 'Cierra la sesión',
        description: 'Revoca el token de renovación y todos los que procedan del mismo inicio de sesión.',
        body: RefreshBody,
        response: { 200: Type.Object({}), 400: BadRequest, 401: Detail },
      },
    },
    async (request) => {
      const { refresh } = requiredStrings(request.body, ['refresh']);
      const claims = await tokens.verify(refresh, 'refresh');
      if (!claims) throw invalidToken();
      const stored = await findRefreshToken(db, claims.jti, claims.userId);
      if (stored) {
        await revokeRefreshFamily(db, stored.family);
        // Logged once: a token already revoked finds nothing stored.
        const user = await findUserById(db, claims.userId);
        await logActivity(db, user ? { id: user.id, username: user.username } : null, 'sign_out');
      }
      return {};
    },
  );
};
