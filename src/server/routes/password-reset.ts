import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordResetMessages, validateResetRequest } from '@/domain/password-reset';
import { PasswordResetBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { makeLink, neverActivated } from '../auth/accounts';
import { clientNetwork } from '../auth/client-network';
import { isPasswordHash } from '../auth/passwords';
import { countRecentMail } from '../db/outbox-repository';
import { findUserByEmail, findUserByUsername } from '../db/users-repository';
import { ApiError, badRequest } from '../http/api-error';
import { passwordResetMail } from '../mail/account-mail';
import type { Services } from '../services';

const HOUR_MS = 60 * 60 * 1000;
/** A link asked for at the sign-in page lasts an hour: it travels by mail, and mail is read soon or not at all. */
const RESET_LINK_LIFETIME_MS = HOUR_MS;
/** At most this many such links an hour per account: more sends nothing (and says nothing different). */
const RESETS_PER_HOUR = 3;

/**
 * Looks the typed name up (a username, else an email address) and, for an
 * active account with an address that has room in its hourly limit, makes a
 * one-hour link and queues it in one transaction. Anything else does nothing:
 * the person was already told the same as everyone.
 */
async function sendResetLink({ db, mailer }: Services, typed: string, now: Date = new Date()): Promise<void> {
  const user = (await findUserByUsername(db, typed)) ?? (typed.includes('@') ? await findUserByEmail(db, typed) : undefined);
  if (!user?.email || user.is_staff !== 1 || user.is_active !== 1) return;
  const to = user.email;
  const queued = await db.transaction().execute(async (trx) => {
    if ((await countRecentMail(trx, user.id, 'password-reset', new Date(now.getTime() - HOUR_MS))) >= RESETS_PER_HOUR) return false;
    // Someone invited who lost the invitation chooses a first password: the link is an invitation.
    const link = await makeLink(trx, user.id, neverActivated(user) ? 'invitation' : 'reset', null, RESET_LINK_LIFETIME_MS);
    const content = passwordResetMail(user, link.url, isPasswordHash(user.password_hash));
    await mailer.queue(trx, { kind: 'password-reset', userId: user.id, to, content, expiresAt: new Date(link.expires_at) }, now);
    return true;
  });
  if (queued) mailer.kick();
}

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
        throw new ApiError(429, { detail: passwordResetMessages.tooMany }, { 'Retry-After': String(reservation.retryAfterSeconds) });
      }
      // The place is kept (never released): every request counts against its network.
      queue = queue
        .then(() => sendResetLink(services, typed.trim()))
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      return reply.code(202).send({ detail: passwordResetMessages.sent });
    },
  );
};
