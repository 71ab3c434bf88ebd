import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { messages } from '@/domain/messages';
import { previewLinkTexts } from '@/domain/preview-links';
import { BadRequest, Detail, IdParams } from '@/domain/schemas/common';
import {
  PreviewLink,
  PreviewLinkCreateBody,
  PreviewLinkCreated,
  PreviewLinkParams,
  PreviewTokenParams,
  PublicPreview,
} from '@/domain/schemas/preview-links';
import { createPreviewLink, listPreviewLinks, openPreviewLink, revokePreviewLink, type LinkViewer } from '../content/preview-links';
import { notFound } from '../http/api-error';
import { notFoundAs } from '../http/params';
import { PRIVATE_PAGE_HEADERS } from '../http/private-page';
import { requestActorWriter } from '../http/writer';
import { staffSession } from '../plugins/auth';
import type { Services } from '../services';

/**
 * Private preview links ('Compartir borrador', docs/decisions/173): the
 * panel makes, lists and revokes them (content/preview-links.ts); whoever
 * holds one reads the saved version through the public route below.
 */

const viewerOf = (request: FastifyRequest): LinkViewer => {
  const { user } = staffSession(request);
  return { id: user.id, role: user.role };
};

/** Admin routes: a publication's links, and revoking one (an Editor, their own: auth/permissions.ts). */
export const previewLinkRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const tags = ['Publicaciones'];
  const security = [{ bearer: [] }];

  app.get(
    '/publications/:id/preview-links/',
    {
      config: notFoundAs(messages.publicationNotFound),
      schema: {
        tags,
        security,
        summary: 'Los enlaces privados vigentes de una publicación',
        description: 'Los más recientes primero, con quién los creó y cuándo caducan; su dirección no se puede volver a ver.',
        params: IdParams,
        response: { 200: Type.Array(PreviewLink), 404: Detail },
      },
    },
    async (request) => listPreviewLinks(services, request.params.id, viewerOf(request)),
  );

  app.post(
    '/publications/:id/preview-links/',
    {
      config: notFoundAs(messages.publicationNotFound),
      schema: {
        tags,
        security,
        summary: 'Crea un enlace privado a la versión guardada',
        description:
          'Quien tenga la dirección /vista-previa/{token} ve la versión guardada sin iniciar sesión, hasta que se revoque o caduque. ' +
          'La dirección se muestra solo en esta respuesta: se guarda únicamente el hash del token.',
        params: IdParams,
        body: PreviewLinkCreateBody,
        response: { 201: PreviewLinkCreated, 400: BadRequest, 404: Detail },
      },
    },
    async (request, reply) => {
      const link = await createPreviewLink(
        await requestActorWriter(services, request),
        request.params.id,
        request.body?.days,
        viewerOf(request),
      );
      return reply.code(201).send(link);
    },
  );

  app.delete(
    '/preview-links/:id/',
    {
      config: notFoundAs(previewLinkTexts.notFound),
      schema: {
        tags,
        security,
        summary: 'Revoca un enlace privado',
        description: 'Deja de funcionar en el acto (404). Un Editor revoca los suyos; un Administrador, cualquiera.',
        params: PreviewLinkParams,
        response: { 204: Type.Null(), 404: Detail },
      },
    },
    async (request, reply) => {
      await revokePreviewLink(await requestActorWriter(services, request), request.params.id, viewerOf(request));
      return reply.code(204).send(null);
    },
  );
};

/** What every answer of a link carries, errors included: never kept by a cache, never indexed, never told in a Referer. */
const privateHeaders = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.headers(PRIVATE_PAGE_HEADERS);
};

/** The public route a link's page reads (no sign-in; never in the public cache: cache/public-key.ts lists what is). */
export const publicPreviewRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/public/preview/:token/',
    {
      onRequest: privateHeaders,
      schema: {
        tags: ['Público'],
        summary: 'La versión guardada que muestra un enlace privado',
        description:
          'Sin identificarse. 404 si el enlace no existe, se revocó, caducó o su publicación está en la papelera. ' +
          'Las respuestas llevan Cache-Control: no-store, X-Robots-Tag: noindex y Referrer-Policy: no-referrer. ' +
          'La primera vista de cada enlace queda en la actividad.',
        params: PreviewTokenParams,
        response: { 200: PublicPreview, 404: Detail },
      },
    },
    async (request) => {
      const preview = await openPreviewLink(services, request.params.token);
      if (!preview) throw notFound(previewLinkTexts.pageNotFound);
      return preview;
    },
  );
};
