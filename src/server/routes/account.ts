import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountMessages, validatePassword, type Role } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { Account, AccountSession, PasswordChangeBody, PasswordChanged, SessionParams, SessionsClosed } from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { Type } from 'typebox';
import { clientNetwork } from '../auth/client-network';
import { HashingBusyError } from '../auth/hashing-gate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { describeSession, issuePair, originOf } from '../auth/sessions';
import { logActivity } from '../content/activity-log';
import { dropUnusedInvitations } from '../db/invitations-repository';
import {
  openSessions,
  revokeOtherFamilies,
  revokeUserFamily,
  revokeUserRefreshTokens,
  sessionOfFamily,
} from '../db/refresh-tokens-repository';
import { changePassword, findUserById } from '../db/users-repository';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { staffSession } from '../plugins/auth';
import { queuePasswordChangedNotice } from '../mail/password-changed';
import type { Services } from '../services';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * 'Mi cuenta': the signed-in person's own account, password and sign-ins.
 * A password change ends every other sign-in of that person at once and keeps
 * this one: the session version goes up (older tokens open nothing) and the
 * answer carries this sign-in's new pair.
 */
export const accountRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, tokens, hashingGate, loginThrottle, config } = services;
  const tags = ['Cuenta'];
  const security = [{ bearer: [] }];

  app.get(
    '/account/',
    { schema: { tags, security, summary: 'La cuenta de quien hace la petición', response: { 200: Account, 401: Detail } } },
    async (request) => {
      const { user } = staffSession(request);
      return { id: user.id, username: user.username, name: user.name, role: user.role as Role };
    },
  );

  app.post(
    '/account/password/',
    {
      schema: {
        tags,
        security,
        summary: 'Cambia la contraseña propia',
        description:
          'Comprueba la contraseña actual (con el mismo límite de intentos que el inicio de sesión). Cierra las demás sesiones de la persona ' +
          'y mantiene esta: la respuesta trae el par de tokens nuevo de esta sesión.',
        body: PasswordChangeBody,
        response: { 200: PasswordChanged, 400: BadRequest, 401: Detail, 429: Detail, 503: Detail },
      },
    },
    async (request) => {
      const { user, claims } = staffSession(request);
      const errors: FieldErrors = {};
      const current = request.body.current_password ?? '';
      const next = request.body.new_password ?? '';
      if (current === '') errors.current_password = [messages.required];
      if (next === '') errors.new_password = [messages.required];
      else {
        const refused = validatePassword(next, user.username);
        if (refused.length > 0) errors.new_password = refused;
      }
      if (hasErrors(errors)) throw badRequest(errors);
      // Guessing the current password with a stolen access token is bounded as sign-in guesses are.
      const reservation = await loginThrottle.reserve({
        network: clientNetwork(request.ip, config.loginIpv6Prefix),
        username: user.username,
        device: null,
      });
      if (!reservation.allowed) {
        throw new ApiError(429, { detail: messages.tooManyAttempts }, { 'Retry-After': String(reservation.retryAfterSeconds) });
      }
      let valid: boolean;
      let newHash: string;
      try {
        valid = await hashingGate.run(() => verifyPassword(current, user.password_hash));
        newHash = valid ? await hashingGate.run(() => hashPassword(next)) : '';
      } catch (error) {
        await reservation.release();
        if (error instanceof HashingBusyError) throw new ApiError(503, { detail: messages.loginBusy }, { 'Retry-After': '1' });
        throw error;
      }
      if (!valid) throw badRequest({ current_password: [accountMessages.wrongCurrentPassword] });
      await reservation.release();
      const pair = await db.transaction().execute(async (trx) => {
        const carried = claims.family ? await sessionOfFamily(trx, claims.family) : undefined;
        await changePassword(trx, user.id, newHash);
        await revokeUserRefreshTokens(trx, user.id);
        await dropUnusedInvitations(trx, user.id);
        const changed = (await findUserById(trx, user.id))!;
        await queuePasswordChangedNotice(trx, services.mailer, changed, request);
        return issuePair(trx, tokens, changed, { family: claims.family, origin: originOf(request), carried });
      });
      services.mailer.kick();
      await logActivity(db, { id: user.id, username: user.username }, 'password_change', {
        kind: 'user',
        id: user.id,
        label: user.username,
      });
      return { detail: accountMessages.passwordChanged, access: pair.access, refresh: pair.refresh };
    },
  );

  app.get(
    '/account/sessions/',
    {
      schema: {
        tags,
        security,
        summary: 'Las sesiones abiertas de quien hace la petición',
        description: 'Una por inicio de sesión aún vivo, la usada más recientemente primero; `current` marca la de esta petición.',
        response: { 200: Type.Array(AccountSession), 401: Detail },
      },
    },
    async (request) => {
      const { user, claims } = staffSession(request);
      return (await openSessions(db, user.id, nowSeconds())).map((session) => describeSession(session, claims.family));
    },
  );

  app.delete(
    '/account/sessions/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Cierra una sesión propia',
        description: 'Sus tokens dejan de servir en la siguiente petición. 404 si no es una sesión abierta de quien hace la petición.',
        params: SessionParams,
        response: { 204: Type.Null(), 401: Detail, 404: Detail },
      },
    },
    async (request, reply) => {
      const { user } = staffSession(request);
      if (!(await revokeUserFamily(db, user.id, request.params.id))) throw notFound(accountMessages.sessionNotFound);
      await logActivity(db, { id: user.id, username: user.username }, 'sessions_close', {
        kind: 'user',
        id: user.id,
        label: user.username,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/sessions/close-others/',
    {
      schema: {
        tags,
        security,
        summary: 'Cierra las demás sesiones propias',
        description: 'Todas menos la de esta petición.',
        response: { 200: SessionsClosed, 401: Detail },
      },
    },
    async (request) => {
      const { user, claims } = staffSession(request);
      const closed = await revokeOtherFamilies(db, user.id, claims.family, nowSeconds());
      if (closed > 0) {
        await logActivity(db, { id: user.id, username: user.username }, 'sessions_close', {
          kind: 'user',
          id: user.id,
          label: user.username,
        });
      }
      return { closed };
    },
  );
};
