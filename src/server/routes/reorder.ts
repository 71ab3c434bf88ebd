import type { FastifyInstance } from 'fastify';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder, type OrderedTable } from '../db/ordering';
import { badRequestDetail } from '../http/api-error';
import { ReorderAnswer, ReorderBody } from '@/domain/schemas/common';
import type { Services } from '../services';
import { logActivity, requestActor } from '../content/activity-log';

/** The kind of item each reordered table holds, as the activity log names it. */
const KIND_OF = { sections: 'section', publications: 'publication', biographies: 'biography' } as const satisfies Record<
  OrderedTable,
  string
>;

/**
 * PATCH {path}reorder/ with [{id, order}], `order` being the position in the
 * view the administrator reordered (db/ordering.ts applyOrder). One
 * transaction; a malformed payload, more than 1000 items or any unknown id is
 * 400 {"detail"} and nothing changes. Answers the items with the order now
 * stored, in the new sequence: small, whatever the size of the list. The
 * activity log records it (how many items) in the same transaction.
 */
export function registerReorderRoute(
  app: FastifyInstance,
  services: Services,
  options: { path: string; table: OrderedTable; tag: string },
): void {
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
      const actor = await requestActor(services, request);
      const kind = KIND_OF[options.table];
      return services.writeContent(async (trx) => {
        const placed = await applyOrder(trx, options.table, parsed.items, nowIso());
        if (!placed) throw badRequestDetail(messages.reorderUnknownIds);
        // In the log, not in the history: a reorder is no edit (versions stay).
        await logActivity(trx, actor, 'reorder', { kind, label: messages.reorderedItems(kind, placed.length) });
        return placed;
      });
    },
  );
}
