import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { accountMessages, EMAIL_CONFIRMATION_LIFETIME_HOURS, validateAccountEmail, validatePassword } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import {
  Account,
  AccountSession,
  EmailChangeBody,
  PasswordChangeBody,
  PasswordChanged,
  SessionParams,
  SessionsClosed,
} from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { Type } from 'typebox';
import { HashingBusyError } from '../auth/hashing-gate';
import { hashPassword } from '../auth/passwords';
import { describeSession, originOf } from '../auth/sessions';
import { checkCurrentPassword } from '../auth/sign-in';
import { changeOwnEmail } from '../content/account-email';
import { logActivity } from '../content/activity-log';
import { livePendingEmail } from '../db/email-changes-repository';
import { openSessions, revokeOtherFamilies, revokeUserFamily } from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import { readUser } from '../db/users-repository';
import { badRequest, notFound, passwordChecksBusy, tooManyAttempts } from '../http/api-error';
import { staffSession } from '../plugins/auth';
import { changeOwnPassword } from '../accounts/passwords';
import type { Services } from '../services';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * 'Mi cuenta': the signed-in person's own account, email address, password and sign-ins.
 * A password change ends every other sign-in of that person at once and keeps
 * this one: the session version goes up (older tokens open nothing) and the
 * answer carries this sign-in's new pair.
 */
export const accountRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, hashingGate } = services;
  const tags = ['Cuenta'];
  const security = [{ bearer: [] }];

  /** The account as 'Mi cuenta' shows it, with the address waiting for its link, if any. */
  async function accountJson(user: UserRow) {
    const pending = await livePendingEmail(db, user.id, user.session_version, new Date().toISOString());
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      role: user.role,
      email: user.email ?? '',
      pending_email: pending ?? null,
      mail: services.mailer.enabled,
    };
  }

  /** The current password, as the sign-in checks it (auth/sign-in.ts); 400 when wrong. */
  async function requireCurrentPassword(request: FastifyRequest, user: UserRow, current: string): Promise<void> {
    const checked = await checkCurrentPassword(services, user, current, request.ip);
    if (checked.kind === 'throttled') throw tooManyAttempts(checked.retryAfterSeconds);
    if (checked.kind === 'busy') throw passwordChecksBusy();
    if (checked.kind === 'wrong') throw badRequest({ current_password: [accountMessages.wrongCurrentPassword] });
  }

  app.get(
    '/account/',
    { schema: { tags, security, summary: 'La cuenta de quien hace la petición', response: { 200: Account, 401: Detail } } },
    async (request) => accountJson(staffSession(request).user),
  );

  app.post(
    '/account/email/',
    {
      schema: {
        tags,
        security,
        summary: 'Cambia o quita la dirección de correo propia',
        description:
          'Pide la contraseña actual (con el mismo límite de intentos que el inicio de sesión). Si el sitio envía correo, la dirección nueva ' +
          `queda pendiente (202) hasta que se abra el enlace que se le envía (válido ${EMAIL_CONFIRMATION_LIFETIME_HOURS} horas; una petición nueva ` +
          'sustituye a la anterior), y a la dirección anterior se le avisa cuando cambia. Si el sitio no envía correo, o la dirección es la misma ' +
          'escrita de otra forma, cambia en el acto (200). "" quita la dirección en el acto. 400 si otra cuenta ya la tiene.',
        body: EmailChangeBody,
        response: { 200: Account, 202: Account, 400: BadRequest, 401: Detail, 429: Detail, 503: Detail },
      },
    },
    async (request, reply) => {
      const { user } = staffSession(request);
      const errors: FieldErrors = {};
      const email = (request.body.email ?? '').trim();
      const current = request.body.current_password ?? '';
      const emailErrors = validateAccountEmail(email);
      if (emailErrors.length > 0) errors.email = emailErrors;
      if (current === '') errors.current_password = [messages.required];
      if (hasErrors(errors)) throw badRequest(errors);
      // Before anything about the address is said: whether another account has it is told only to someone who knows the password.
      await requireCurrentPassword(request, user, current);
      const now = new Date();
      const waits = await changeOwnEmail(services, user, email, now);
      return reply.code(waits ? 202 : 200).send(await accountJson(await readUser(db, user.id)));
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
      await requireCurrentPassword(request, user, current);
      let newHash: string;
      try {
        newHash = await hashingGate.run(() => hashPassword(next));
      } catch (error) {
        if (error instanceof HashingBusyError) throw passwordChecksBusy();
        throw error;
      }
      const pair = await changeOwnPassword(services, user, claims.family, newHash, originOf(request));
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
