import type { FastifyInstance } from 'fastify';
import { messages } from '@/domain/messages';
import { parseReorder } from '@/domain/validation';
import { applyOrder, type OrderedTable } from '../db/ordering';
import { nowIso } from '../db/paging';
import { ApiError, badRequestDetail } from '../http/api-error';
import type { Services } from '../services';

/**
 * PATCH {path}reorder/ with [{id, order}] (SPEC §3): one transaction; a
 * malformed payload or any unknown id is 400 and nothing changes. Answers
 * the whole list in its new order.
 */
export function registerReorderRoute<T>(
  app: FastifyInstance,
  services: Services,
  options: { path: string; table: OrderedTable; listAll: () => Promise<T[]> },
): void {
  app.patch(`${options.path}reorder/`, async (request) => {
    const items = parseReorder(request.body);
    if (!items) throw badRequestDetail(messages.reorderInvalid);
    await services.writeContent(async (trx) => {
      if (!(await applyOrder(trx, options.table, items, nowIso()))) throw new ApiError(400, { detail: messages.reorderUnknownIds });
    });
    return options.listAll();
  });
}
