import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bulkSizeProblem } from '@/domain/bulk';
import { isRecord } from '@/domain/guards';
import { BadRequest } from '@/domain/schemas/common';
import { BulkAnswer, BulkBody } from '@/domain/schemas/bulk';
import { runBulk } from '../content/bulk';
import { badRequest } from '../http/api-error';
import { refuseBody } from '../http/form';
import { requestActorWriter } from '../http/writer';
import { staffRole } from '../plugins/auth';
import type { Services } from '../services';

/** POST /api/publications/bulk/: one action on many publications (content/bulk.ts). */
export const bulkRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/publications/bulk/',
    {
      // A selection over the limit is told in the words the panel's action bar uses.
      attachValidation: true,
      schema: {
        tags: ['Publicaciones'],
        security: [{ bearer: [] }],
        summary: 'Una acción sobre varias publicaciones',
        description:
          'Cada publicación se comprueba y se guarda como lo haría su propia edición (su `version`, su revisión); las rechazadas ' +
          '(cambiadas mientras tanto, ya inexistentes, no permitidas para el rol, contrarias a las reglas) se quedan como estaban. ' +
          'Una sola entrada de Actividad lista las que cambiaron.',
        body: BulkBody,
        response: { 200: BulkAnswer, 400: BadRequest },
      },
    },
    async (request) => {
      // Validation was attached, not enforced: the body may be anything yet.
      const body: unknown = request.body;
      const items = isRecord(body) ? body.items : undefined;
      const tooMany = Array.isArray(items) ? bulkSizeProblem(items.length) : null;
      if (tooMany) throw badRequest({ items: [tooMany] });
      refuseBody(request);
      return runBulk(await requestActorWriter(services, request), staffRole(request), request.body);
    },
  );
};
