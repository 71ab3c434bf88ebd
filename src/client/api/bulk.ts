import type { BulkAnswer, BulkBody } from '@/domain/schemas/bulk';
import { baseApi } from './base-api';

/**
 * Bulk actions on publications (POST /publications/bulk/): one request, an
 * answer item by item. Whatever changed, the lists, the trash, the history
 * and the log are asked again.
 */
const bulkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runBulkAction: build.mutation<BulkAnswer, BulkBody>({
      query: (body) => ({ url: '/publications/bulk/', method: 'POST', body }),
      invalidatesTags: (answer) =>
        answer && answer.changed.length > 0
          ? [
              { type: 'Publication', id: 'LIST' },
              { type: 'PublicPublication', id: 'LIST' },
              { type: 'Trash', id: 'LIST' },
              ...answer.changed.map(({ id }) => ({ type: 'Publication' as const, id })),
              ...answer.changed.map(({ id }) => ({ type: 'Revision' as const, id: `publication-${id}` })),
              'Activity',
            ]
          : [],
    }),
  }),
});

export const { useRunBulkActionMutation } = bulkApi;
