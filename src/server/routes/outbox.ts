import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Detail, PageOf, PageQuery } from '@/domain/schemas/common';
import { OutboxMessage } from '@/domain/schemas/mail';
import { listOutbox, type ListedMail } from '../db/outbox-repository';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import type { Services } from '../services';

/** A message as 'Correo' shows it: the next try is news only while the message waits for one. */
const toOutboxMessage = (row: ListedMail): OutboxMessage => ({
  ...row,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
});

/**
 * GET /api/outbox/ ('Correo' in Usuarios, Administradores only: auth/permissions.ts):
 * the site's mail, newest first, paged like Actividad (docs/decisions/205). The
 * repository selects no body, so no one-time link can leave through here.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/outbox/',
    {
      schema: {
        tags: ['Usuarios'],
        security: [{ bearer: [] }],
        summary: 'El correo del sitio, lo más reciente primero',
        description:
          'Invitaciones, enlaces para elegir contraseña y avisos: a quién, qué, cuándo y cómo fue el envío (con la última respuesta del servidor de correo). ' +
          'Nunca su contenido.',
        querystring: PageQuery,
        response: { 200: PageOf(OutboxMessage), 401: Detail, 403: Detail },
      },
    },
    async (request) => {
      const page = readPageRequest(request.query);
      const { rows, count } = await listOutbox(services.db, page.window);
      return toPage(page, count, rows.map(toOutboxMessage), requestUrl(request));
    },
  );
};
