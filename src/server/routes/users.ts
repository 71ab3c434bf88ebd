import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accountMessages } from '@/domain/accounts';
import { PasswordLink, PreviewLinksRevoked, User, UserCreateBody, UserCreated, UserUpdateBody } from '@/domain/schemas/accounts';
import { BadRequest, Detail, IdParams } from '@/domain/schemas/common';
import { changeAccount, createAccount, listAccounts, makePasswordLink, revokeAccountPreviewLinks } from '../accounts/users';
import { notFoundAs } from '../http/params';
import { staffSession } from '../plugins/auth';
import type { Services } from '../services';

/** 'Usuarios' over HTTP: each operation is a call of accounts/users.ts, which holds its rules. */
export const userRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  // Every operation's documentation shares its group and its bearer token.
  const documented = <S extends object>(schema: S) => ({ tags: ['Usuarios'], security: [{ bearer: [] }], ...schema });
  const config = notFoundAs(accountMessages.userNotFound);

  app.get(
    '/users/',
    {
      schema: documented({
        summary: 'Las cuentas, por nombre de usuario',
        response: { 200: Type.Array(User), 401: Detail, 403: Detail },
      }),
    },
    async () => listAccounts(services),
  );

  app.post(
    '/users/',
    {
      schema: documented({
        summary: 'Crea una cuenta sin contraseña y su enlace de invitación',
        description:
          'El enlace (de un solo uso, válido 72 horas) se muestra solo en esta respuesta: se guarda únicamente su huella. ' +
          'La persona elige su contraseña en la página de activación.',
        body: UserCreateBody,
        response: { 201: UserCreated, 400: BadRequest, 401: Detail, 403: Detail },
      }),
    },
    async (request, reply) => reply.code(201).send(await createAccount(services, staffSession(request).user, request.body)),
  );

  app.patch(
    '/users/:id/',
    {
      config,
      schema: documented({
        summary: 'Cambia el nombre, el correo, el rol o el estado de una cuenta',
        description:
          'Nadie se desactiva ni se cambia el rol a sí mismo, y siempre queda al menos un Administrador activo (400 con el motivo). ' +
          'Una cuenta desactivada no puede iniciar sesión, sus tokens dejan de servir en la siguiente petición y sus enlaces privados se revocan; un cambio de rol cuenta desde la siguiente petición.',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: User, 400: BadRequest, 401: Detail, 403: Detail, 404: Detail },
      }),
    },
    async (request) => changeAccount(services, staffSession(request).user, request.params.id, request.body),
  );

  app.post(
    '/users/:id/invitation/',
    {
      config,
      schema: documented({
        summary: 'Nuevo enlace de contraseña',
        description:
          'Para una cuenta que aún no eligió contraseña, una invitación nueva (la anterior deja de servir). Para una cuenta activa, un restablecimiento: ' +
          'la contraseña anterior deja de servir, todas sus sesiones se cierran y sus enlaces privados se revocan en el acto. El enlace se muestra solo en esta respuesta. ' +
          '400 para una cuenta desactivada y para la propia (se cambia en Mi cuenta).',
        params: IdParams,
        response: { 201: PasswordLink, 400: BadRequest, 401: Detail, 403: Detail, 404: Detail },
      }),
    },
    async (request, reply) => reply.code(201).send(await makePasswordLink(services, staffSession(request).user, request.params.id)),
  );

  app.delete(
    '/users/:id/preview-links/',
    {
      config,
      schema: documented({
        summary: 'Revoca todos los enlaces privados que creó una cuenta',
        description: 'Dejan de funcionar en el acto. Responde cuántos se revocaron (0 si no había ninguno).',
        params: IdParams,
        response: { 200: PreviewLinksRevoked, 401: Detail, 403: Detail, 404: Detail },
      }),
    },
    async (request) => ({ revoked: await revokeAccountPreviewLinks(services, staffSession(request).user, request.params.id) }),
  );
};
