import type { Id } from '@/domain/entities';
import type { TrashEntry } from '@/domain/schemas/trash';
import { baseApi } from './base-api';
import { saveHeaders } from './save-key';

export interface TrashPage {
  count: number;
  results: TrashEntry[];
}

const LIST = { type: 'Trash' as const, id: 'LIST' };

/** The lists an item of this kind comes back to when restored. */
const listOf = <T extends 'Section' | 'Publication' | 'Biography' | 'PublicPublication' | 'PublicBiography'>(type: T) => ({
  type,
  id: 'LIST',
});
const restoredLists = (kind: TrashEntry['kind']) =>
  kind === 'biography'
    ? [listOf('Biography'), listOf('PublicBiography')]
    : kind === 'publication'
      ? [listOf('Publication'), listOf('PublicPublication')]
      : // A section comes back with its publications.
        [listOf('Section'), listOf('Publication'), listOf('PublicPublication')];

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
      invalidatesTags: (_result, error, { kind }) => (error ? [] : [LIST, ...restoredLists(kind)]),
    }),
    purgeTrashEntry: build.mutation<void, Id>({
      query: (id) => ({ url: `/trash/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const { useListTrashQuery, useRestoreTrashEntryMutation, usePurgeTrashEntryMutation } = trashApi;
