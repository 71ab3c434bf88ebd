import type { Id } from '@/domain/entities';
import type { TrashEntry } from '@/domain/schemas/trash';
import { baseApi } from './base-api';
import { listsReachedBy } from './kinds';
import { saveHeaders } from './save-key';

export interface TrashPage {
  count: number;
  results: TrashEntry[];
}

const LIST = { type: 'Trash' as const, id: 'LIST' };

/**
 * The trash ('Papelera', docs/decisions/130): what was deleted, newest first,
 * restored or purged one entry at a time. Deletes elsewhere invalidate its
 * list (api/sections.ts, publications.ts, biographies.ts).
 */
const trashApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTrash: build.query<TrashPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: '/trash/', params: { page, page_size: pageSize } }),
      providesTags: [LIST],
    }),
    restoreTrashEntry: build.mutation<unknown, Pick<TrashEntry, 'id' | 'kind'>>({
      // One key per restore: a restore sent twice is answered once (docs/decisions/145).
      query: ({ id }) => ({ url: `/trash/${id}/restore/`, method: 'POST', headers: saveHeaders(undefined) }),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : [LIST, ...listsReachedBy(kind)]),
    }),
    purgeTrashEntry: build.mutation<void, Id>({
      query: (id) => ({ url: `/trash/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const { useListTrashQuery, useRestoreTrashEntryMutation, usePurgeTrashEntryMutation } = trashApi;
