import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountMessages } from '@/domain/accounts';
import { EmailConfirmed, LinkCheckBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { confirmOwnEmail } from '../content/account-email';
import { notFound } from '../http/api-error';
import { isLinkToken, throttledLinkRequest } from '../http/link-throttle';
import type { Services } from '../services';

/**
 * The confirmation page's request (public: the link may be opened in a
 * browser where nobody, or somebody else, is signed in). The token arrives in
 * the body only, and a wrong one counts against the client's network as a
 * failed sign-in does (docs/decisions/206).
 */
export const emailConfirmationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/account/email/confirm/',
    {
      schema: {
        tags: ['Cuenta'],
        summary: 'Confirma una dirección de correo nueva con su enlace',
        description:
          'El token (lo que sigue a # en el enlace enviado a la dirección nueva) va en el cuerpo; no hace falta sesión. La dirección pasa a ser ' +
          'la de la cuenta y a la anterior se le avisa. El enlace sirve una vez: 404 si no es válido, ya se usó, caducó, se pidió otro, la cuenta ' +
          'se desactivó o su contraseña cambió después; 409 si otra cuenta tomó la dirección entretanto. Con límite de intentos como el inicio de sesión.',
        body: LinkCheckBody,
        response: { 200: EmailConfirmed, 400: BadRequest, 404: Detail, 409: Detail, 429: Detail },
      },
    },
    async (request) =>
      throttledLinkRequest(services, request, request.body.token, async () => {
        const { token } = request.body;
        if (!isLinkToken(token)) throw notFound(accountMessages.invalidEmailLink);
        const email = await confirmOwnEmail(services, token);
        services.mailer.kick();
        return { email };
      }),
  );
};
