import type { FastifyInstance } from 'fastify';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder, type OrderedTable } from '../db/ordering';
import { badRequestDetail } from '../http/api-error';
import { ReorderAnswer, ReorderBody } from '@/domain/schemas/common';
import type { Services } from '../services';

/**
 * PATCH {path}reorder/ with [{id, order}], `order` being the position in the
 * view the administrator reordered (db/ordering.ts applyOrder). One
 * transaction; a malformed payload, more than 1000 items or any unknown id is
 * 400 {"detail"} and nothing changes. Answers the items with the order now
 * stored, in the new sequence: small, whatever the size of the list.
 */
export function registerReorderRoute(app: FastifyInstance, services: Services, options: { path: string; table: OrderedTable; tag: string }): void {
  app.patch(
    `${options.path}reorder/`,
    {
      schema: {
        tags: [options.tag],
        security: [{ bearer: [] }],
        summary: 'Reordena los elementos de una vista',
        description:
          'Los elementos toman, en la nueva secuencia, los valores de `order` que ya tenían entre ellos; para la lista entera, las posiciones. Como máximo 1000. No cambia `version`.',
        body: ReorderBody,
        response: { 200: ReorderAnswer },
      },
      // The payload is judged whole by the domain rule, which names the problem in one detail.
      attachValidation: true,
    },
    async (request) => {
      const parsed = parseReorder(request.body);
      if ('problem' in parsed) throw badRequestDetail(parsed.problem);
      return services.writeContent(async (trx) => {
        const placed = await applyOrder(trx, options.table, parsed.items, nowIso());
        if (!placed) throw badRequestDetail(messages.reorderUnknownIds);
        return placed;
      });
    },
  );
}
