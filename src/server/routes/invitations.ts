import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { accountMessages, validatePassword } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { LinkAcceptBody, LinkCheck, LinkCheckBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { TokenPair } from '@/domain/schemas/token';
import { hashLinkToken } from '../auth/accounts';
import { HashingBusyError } from '../auth/hashing-gate';
import { hashPassword } from '../auth/passwords';
import { originOf } from '../auth/sessions';
import { acceptPasswordLink } from '../accounts/passwords';
import { findUsableInvitation } from '../db/invitations-repository';
import type { InvitationRow, UserRow } from '../db/schema';
import { findUserById } from '../db/users-repository';
import { badRequest, notFound, passwordChecksBusy } from '../http/api-error';
import { isLinkToken, throttledLinkRequest } from '../http/link-throttle';
import type { Services } from '../services';

const invalidLink = () => notFound(accountMessages.invalidLink);

/**
 * The activation page's requests (public): a one-time link's token arrives
 * in the body only, never in a path or a query string, so that no log line,
 * proxy or Referer ever holds it. Both are throttled as sign-in is, per client
 * network: a wrong token counts as a failed attempt.
 */
export const invitationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, hashingGate } = services;
  const tags = ['Usuarios'];

  /** The link a token opens and its person, or undefined. */
  async function linkOf(token: string | undefined): Promise<{ invitation: InvitationRow; user: UserRow } | undefined> {
    if (!isLinkToken(token)) return undefined;
    const invitation = await findUsableInvitation(db, hashLinkToken(token), new Date().toISOString());
    const user = invitation && (await findUserById(db, invitation.user_id));
    return invitation && user && user.is_staff === 1 && user.is_active === 1 ? { invitation, user } : undefined;
  }

  /** A link's request with a place in the sign-in throttle: a link that opens nothing keeps it as a failure. */
  const throttled = <T>(request: FastifyRequest, token: string | undefined, work: () => Promise<T>) =>
    throttledLinkRequest(services, request, token, work);

  app.post(
    '/invitations/check/',
    {
      schema: {
        tags,
        summary: 'Comprueba un enlace de contraseña',
        description:
          'El token (lo que sigue a # en el enlace) va en el cuerpo. 404 si no es válido, ya se usó o caducó. Con límite de intentos como el inicio de sesión.',
        body: LinkCheckBody,
        response: { 200: LinkCheck, 400: BadRequest, 404: Detail, 429: Detail },
      },
    },
    async (request) =>
      throttled(request, request.body.token, async () => {
        const link = await linkOf(request.body.token);
        if (!link) throw invalidLink();
        return { username: link.user.username, name: link.user.name, kind: link.invitation.kind };
      }),
  );

  app.post(
    '/invitations/accept/',
    {
      schema: {
        tags,
        summary: 'Elige la contraseña con un enlace e inicia sesión',
        description:
          'El enlace deja de servir. La contraseña sigue las reglas de la cuenta; una vez elegida, se cierran las sesiones que hubiera y se inicia una nueva.',
        body: LinkAcceptBody,
        response: { 200: TokenPair, 400: BadRequest, 404: Detail, 429: Detail, 503: Detail },
      },
    },
    async (request) =>
      throttled(request, request.body.token, async () => {
        const link = await linkOf(request.body.token);
        if (!link) throw invalidLink();
        const password = request.body.password ?? '';
        const refused = password === '' ? [messages.required] : validatePassword(password, link.user.username);
        if (refused.length > 0) throw badRequest({ password: refused });
        let passwordHash: string;
        try {
          passwordHash = await hashingGate.run(() => hashPassword(password));
        } catch (error) {
          if (error instanceof HashingBusyError) throw passwordChecksBusy();
          throw error;
        }
        const pair = await acceptPasswordLink(services, link, passwordHash, originOf(request));
        if (!pair) throw invalidLink();
        return { access: pair.access, refresh: pair.refresh };
      }),
  );
};
