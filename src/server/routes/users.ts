import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  accountMessages,
  isRole,
  NAME_MAX_LENGTH,
  ROLE_LABELS,
  validateAccountEmail,
  validateUsername,
  type Role,
} from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { PasswordLink, PreviewLinksRevoked, User, UserCreateBody, UserCreated, UserUpdateBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail, IdParams } from '@/domain/schemas/common';
import { makeLink, neverActivated, toUserJson, type MadeLink } from '../auth/accounts';
import type { MailContent } from '../mail/compose';
import { adminResetMail, invitationMail } from '../mail/account-mail';
import { logActivity, type Actor } from '../content/activity-log';
import { revokePreviewLinksOfAccount } from '../content/preview-links';
import type { DbOrTrx } from '../db/database';
import { dropEmailChange } from '../db/email-changes-repository';
import { dropUnusedInvitations, pendingInvitationExpiries } from '../db/invitations-repository';
import { countLivePreviewLinksByCreator } from '../db/preview-links-repository';
import { revokeUserRefreshTokens } from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import {
  changePassword,
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  readUser,
  insertAccount,
  listUsers,
  NO_PASSWORD,
  PASSWORD_RESET,
  updateAccount,
} from '../db/users-repository';
import { badRequest, badRequestDetail, notFound } from '../http/api-error';
import { notFoundAs } from '../http/params';
import { staffSession } from '../plugins/auth';
import type { Services } from '../services';

async function userJson(db: DbOrTrx, user: UserRow) {
  const now = new Date().toISOString();
  const [expiries, links] = await Promise.all([pendingInvitationExpiries(db), countLivePreviewLinksByCreator(db, now)]);
  return toUserJson(user, expiries.get(user.id), now, links.get(user.id) ?? 0);
}

/** How a message names the Administrador who acted: their name, else their username. */
const nameOf = (user: UserRow): string => user.name.trim() || user.username;

const targetOf = (user: UserRow) => ({ kind: 'user' as const, id: user.id, label: user.username });

/**
 * 'Usuarios' (Administradores only, auth/permissions.ts): accounts are
 * created without a password and joined by a one-time link; they are
 * deactivated, never deleted, so history keeps its authors. Every change runs
 * under the write lock (services.writeContent), so the rule "at least one
 * active Administrador" is checked against what is really stored: two
 * Administradores demoting each other at once cannot both win.
 */
export const userRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['Usuarios'];
  const security = [{ bearer: [] }];
  const config = notFoundAs(accountMessages.userNotFound);

  /**
   * A link made in the panel is also mailed to the account's address, when it has one and the site
   * sends mail (in the same transaction: it goes if and only if the link is stored). Answers the address.
   */
  async function mailLink(trx: DbOrTrx, user: UserRow, link: MadeLink, content: MailContent): Promise<string | null> {
    if (!user.email || !services.mailer.enabled) return null;
    const kind = neverActivated(user) ? 'invitation' : 'reset-by-admin';
    await services.mailer.queue(trx, { kind, userId: user.id, to: user.email, content, expiresAt: new Date(link.expires_at) });
    return user.email;
  }

  app.get(
    '/users/',
    {
      schema: {
        tags,
        security,
        summary: 'Las cuentas, por nombre de usuario',
        response: { 200: Type.Array(User), 401: Detail, 403: Detail },
      },
    },
    async () => {
      const now = new Date().toISOString();
      const [users, expiries, links] = await Promise.all([
        listUsers(db),
        pendingInvitationExpiries(db),
        countLivePreviewLinksByCreator(db, now),
      ]);
      return users.map((user) => toUserJson(user, expiries.get(user.id), now, links.get(user.id) ?? 0));
    },
  );

  app.post(
    '/users/',
    {
      schema: {
        tags,
        security,
        summary: 'Crea una cuenta sin contraseña y su enlace de invitación',
        description:
          'El enlace (de un solo uso, válido 72 horas) se muestra solo en esta respuesta: se guarda únicamente su huella. ' +
          'La persona elige su contraseña en la página de activación.',
        body: UserCreateBody,
        response: { 201: UserCreated, 400: BadRequest, 401: Detail, 403: Detail },
      },
    },
    async (request, reply) => {
      const { user: me } = staffSession(request);
      const errors: FieldErrors = {};
      const username = (request.body.username ?? '').trim();
      const name = (request.body.name ?? '').trim();
      const role = request.body.role ?? '';
      const email = (request.body.email ?? '').trim();
      const usernameErrors = validateUsername(username);
      if (usernameErrors.length > 0) errors.username = usernameErrors;
      const emailErrors = validateAccountEmail(email);
      if (emailErrors.length > 0) errors.email = emailErrors;
      if ([...name].length > NAME_MAX_LENGTH) errors.name = [accountMessages.nameTooLong];
      if (role === '') errors.role = [messages.required];
      else if (!isRole(role)) errors.role = [accountMessages.invalidRole];
      if (hasErrors(errors)) throw badRequest(errors);
      const actor: Actor = { id: me.id, username: me.username };
      const answer = await services.writeContent(async (trx) => {
        // Under the write lock: no other account can take the address between this look and the insert.
        if (email !== '' && (await findUserByEmail(trx, email))) throw badRequest({ email: [accountMessages.emailTaken] });
        const created = await insertAccount(trx, { username, passwordHash: NO_PASSWORD, name, role: role as Role, email });
        if (!created) throw badRequest({ username: [accountMessages.usernameTaken] });
        const link = await makeLink(trx, created.id, 'invitation', me.id);
        await logActivity(trx, actor, 'account_create', targetOf(created));
        await logActivity(trx, actor, 'invitation_create', targetOf(created));
        const mailedTo = await mailLink(trx, created, link, invitationMail(created, link.url, nameOf(me)));
        return { user: await userJson(trx, created), invitation: { ...link, mailed_to: mailedTo } };
      });
      services.mailer.kick();
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/users/:id/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Cambia el nombre, el correo, el rol o el estado de una cuenta',
        description:
          'Nadie se desactiva ni se cambia el rol a sí mismo, y siempre queda al menos un Administrador activo (400 con el motivo). ' +
          'Una cuenta desactivada no puede iniciar sesión, sus tokens dejan de servir en la siguiente petición y sus enlaces privados se revocan; un cambio de rol cuenta desde la siguiente petición.',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: User, 400: BadRequest, 401: Detail, 403: Detail, 404: Detail },
      },
    },
    async (request) => {
      const { user: me } = staffSession(request);
      const { id } = request.params;
      const { name, role, is_active: isActive } = request.body;
      const email = request.body.email === undefined ? undefined : (request.body.email ?? '').trim();
      const errors: FieldErrors = {};
      if (name !== undefined && [...name.trim()].length > NAME_MAX_LENGTH) errors.name = [accountMessages.nameTooLong];
      const emailErrors = email === undefined ? [] : validateAccountEmail(email);
      if (emailErrors.length > 0) errors.email = emailErrors;
      if (role !== undefined && !isRole(role)) errors.role = [accountMessages.invalidRole];
      if (hasErrors(errors)) throw badRequest(errors);
      const actor: Actor = { id: me.id, username: me.username };
      return services.writeContent(async (trx) => {
        const user = await findUserById(trx, id);
        if (!user || user.is_staff !== 1) throw notFound(accountMessages.userNotFound);
        const roleChanges = role !== undefined && role !== user.role;
        const activeChanges = isActive !== undefined && (isActive ? 1 : 0) !== user.is_active;
        if (id === me.id && activeChanges && !isActive) throw badRequestDetail(accountMessages.cannotDeactivateSelf);
        if (id === me.id && roleChanges) throw badRequestDetail(accountMessages.cannotChangeOwnRole);
        if (email) {
          const owner = await findUserByEmail(trx, email);
          if (owner && owner.id !== id) throw badRequest({ email: [accountMessages.emailTaken] });
        }
        const change: { name?: string; role?: Role; is_active?: number; email?: string } = {};
        if (name !== undefined) change.name = name.trim();
        if (email !== undefined) change.email = email;
        if (roleChanges) change.role = role as Role;
        if (activeChanges) change.is_active = isActive ? 1 : 0;
        await updateAccount(trx, id, change);
        // Checked after the change, under the write lock: what is stored now is what counts.
        if ((roleChanges || activeChanges) && user.role === 'admin' && (await countActiveAdmins(trx)) === 0) {
          throw badRequestDetail(accountMessages.lastAdmin);
        }
        if (activeChanges && !isActive) {
          await revokeUserRefreshTokens(trx, id);
          await dropUnusedInvitations(trx, id);
          await dropEmailChange(trx, id);
          await logActivity(trx, actor, 'account_deactivate', targetOf(user));
          await revokePreviewLinksOfAccount(trx, actor, user);
        }
        if (activeChanges && isActive) await logActivity(trx, actor, 'account_reactivate', targetOf(user));
        if (roleChanges)
          await logActivity(trx, actor, 'role_change', { ...targetOf(user), label: `${user.username} (${ROLE_LABELS[role as Role]})` });
        return userJson(trx, await readUser(trx, id));
      });
    },
  );

  app.post(
    '/users/:id/invitation/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Nuevo enlace de contraseña',
        description:
          'Para una cuenta que aún no eligió contraseña, una invitación nueva (la anterior deja de servir). Para una cuenta activa, un restablecimiento: ' +
          'la contraseña anterior deja de servir, todas sus sesiones se cierran y sus enlaces privados se revocan en el acto. El enlace se muestra solo en esta respuesta. ' +
          '400 para una cuenta desactivada y para la propia (se cambia en Mi cuenta).',
        params: IdParams,
        response: { 201: PasswordLink, 400: BadRequest, 401: Detail, 403: Detail, 404: Detail },
      },
    },
    async (request, reply) => {
      const { user: me } = staffSession(request);
      const { id } = request.params;
      const actor: Actor = { id: me.id, username: me.username };
      // A reset of one's own account would end this very session: Mi cuenta changes one's own password.
      if (id === me.id) throw badRequestDetail(accountMessages.ownLink);
      const link = await services.writeContent(async (trx) => {
        const user = await findUserById(trx, id);
        if (!user || user.is_staff !== 1) throw notFound(accountMessages.userNotFound);
        if (user.is_active !== 1) throw badRequestDetail(accountMessages.inactiveAccountLink);
        if (neverActivated(user)) {
          const made = await makeLink(trx, id, 'invitation', me.id);
          await logActivity(trx, actor, 'invitation_create', targetOf(user));
          return { ...made, mailed_to: await mailLink(trx, user, made, invitationMail(user, made.url, nameOf(me))) };
        }
        // A reset: the old password and every sign-in end now, not when the link is used.
        await changePassword(trx, id, PASSWORD_RESET);
        await revokeUserRefreshTokens(trx, id);
        const made = await makeLink(trx, id, 'reset', me.id);
        await logActivity(trx, actor, 'password_reset', targetOf(user));
        await revokePreviewLinksOfAccount(trx, actor, user);
        return { ...made, mailed_to: await mailLink(trx, user, made, adminResetMail(user, made.url, nameOf(me))) };
      });
      services.mailer.kick();
      return reply.code(201).send(link);
    },
  );

  app.delete(
    '/users/:id/preview-links/',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoca todos los enlaces privados que creó una cuenta',
        description: 'Dejan de funcionar en el acto. Responde cuántos se revocaron (0 si no había ninguno).',
        params: IdParams,
        response: { 200: PreviewLinksRevoked, 401: Detail, 403: Detail, 404: Detail },
      },
    },
    async (request) => {
      const { user: me } = staffSession(request);
      const actor: Actor = { id: me.id, username: me.username };
      const revoked = await services.writeContent(async (trx) => {
        const user = await findUserById(trx, request.params.id);
        if (!user || user.is_staff !== 1) throw notFound(accountMessages.userNotFound);
        return revokePreviewLinksOfAccount(trx, actor, user);
      });
      return { revoked };
    },
  );
};
