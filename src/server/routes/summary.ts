import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContentSummary } from '@/domain/schemas/summary';
import { contentSummary } from '../db/summary-repository';
import type { Services } from '../services';

/** GET /api/summary/: the admin landing's counts, so that it never downloads a list to count it. */
export const summaryRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/summary/',
    { schema: { tags: ['Resumen'], summary: 'Cuánto contenido hay', response: { 200: ContentSummary } } },
    async () => contentSummary(services.db),
  );
};
