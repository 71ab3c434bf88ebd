import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordResetMessages, validateResetRequest } from '@/domain/password-reset';
import { PasswordResetBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { sendResetLink } from '../accounts/password-reset';
import { clientNetwork } from '../auth/client-network';
import { ApiError, badRequest, tooManyAttempts } from '../http/api-error';
import type { Services } from '../services';

/**
 * '¿Ha olvidado su contraseña?' (docs/decisions/204), public. The answer is
 * 202 with one body whether or not an account matched, and it leaves before
 * the account is even looked up, so that neither its words nor its time tell
 * which accounts exist. Only the client network's limit (the sign-in's
 * buckets: every request counts as a failed attempt) answers otherwise, 429,
 * for known and unknown names alike.
 */
export const passwordResetRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { loginThrottle, config, mailer } = services;
  // The lookups run one after another, after their answers: a burst costs no more than one at a time, and
  // closing waits for the last rather than pulling the database from under it.
  let queue: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    await queue;
  });

  app.post(
    '/password-reset/',
    {
      schema: {
        tags: ['Cuenta'],
        summary: 'Pide por correo un enlace para elegir una contraseña nueva',
        description:
          'Responde siempre 202 con el mismo mensaje, exista o no la cuenta. Si existe, está activa y tiene correo, recibe un enlace de un solo uso ' +
          'válido una hora (como mucho 3 por hora y cuenta). Cada petición cuenta como un intento fallido de inicio de sesión de su red (429 al pasar el límite). ' +
          '404 si el sitio no envía correo.',
        body: PasswordResetBody,
        response: { 202: Detail, 400: BadRequest, 404: Detail, 429: Detail },
      },
    },
    async (request, reply) => {
      // Not a fault of the moment (a 5xx): this site has no such service, and says whom to ask instead.
      if (!mailer.enabled) throw new ApiError(404, { detail: passwordResetMessages.noMail });
      const typed = request.body.username_or_email ?? '';
      const refused = validateResetRequest(typed);
      if (refused.length > 0) throw badRequest({ username_or_email: refused });
      const reservation = await loginThrottle.reserve({
        network: clientNetwork(request.ip, config.loginIpv6Prefix),
        // A name of its own for each request ('#' is in no username): the limit is the network's, never an account's.
        username: `#reset:${randomUUID()}`,
        device: null,
      });
      if (!reservation.allowed) {
        throw tooManyAttempts(reservation.retryAfterSeconds, passwordResetMessages.tooMany);
      }
      // The place is kept (never released): every request counts against its network.
      queue = queue
        .then(() => sendResetLink(services, typed.trim()))
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      return reply.code(202).send({ detail: passwordResetMessages.sent });
    },
  );
};
