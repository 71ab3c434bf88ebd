import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContentSummary } from '@/domain/schemas/summary';
import { contentSummary } from '../db/summary-repository';
import { canSeeSignIns } from '../auth/permissions';
import { staffUsernamesAmong } from '../db/users-repository';
import { staffRole } from '../plugins/auth';
import type { Services } from '../services';

/**
 * GET /api/summary/: the admin landing's counts, so that it never downloads a
 * list to count it, and the administrators that failed sign-ins have locked
 * for unknown browsers (a name tried that belongs to nobody is not listed).
 */
export const summaryRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/summary/',
    { schema: { tags: ['Resumen'], security: [{ bearer: [] }], summary: 'Cuánto contenido hay', response: { 200: ContentSummary } } },
    async (request) => {
      // An Editor is told nothing about sign-ins: no locked usernames.
      if (!canSeeSignIns(staffRole(request))) return { ...(await contentSummary(services.db)), locked_usernames: [] };
      const [counts, locked] = await Promise.all([contentSummary(services.db), services.loginThrottle.usernamesLockedForUnknownDevices()]);
      return { ...counts, locked_usernames: await staffUsernamesAmong(services.db, locked) };
    },
  );
};
