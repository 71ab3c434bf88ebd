import type { FastifyInstance } from 'fastify';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { nowIso } from '../clock';
import { applyOrder, type OrderedTable } from '../db/ordering';
import { badRequestDetail } from '../http/api-error';
import type { Services } from '../services';

/**
 * PATCH {path}reorder/ with [{id, order}], `order` being the position in the
 * view the administrator reordered (db/ordering.ts applyOrder). One
 * transaction; a malformed payload, more than 1000 items or any unknown id is
 * 400 and nothing changes. Answers the items with the order now stored, in the
 * new sequence: small, whatever the size of the list.
 */
export function registerReorderRoute(app: FastifyInstance, services: Services, options: { path: string; table: OrderedTable }): void {
  app.patch(`${options.path}reorder/`, async (request) => {
    const parsed = parseReorder(request.body);
    if ('problem' in parsed) throw badRequestDetail(parsed.problem);
    return services.writeContent(async (trx) => {
      const placed = await applyOrder(trx, options.table, parsed.items, nowIso());
      if (!placed) throw badRequestDetail(messages.reorderUnknownIds);
      return placed;
    });
  });
}
