import type { Publication, ReorderItem } from '@/domain/entities';
import { MAX_PAGE_SIZE } from '@/domain/limits';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { applyOrder, reorderOptimistically } from './reorder';

/** Filter of the admin publication list: one section, or all (SPEC §2, §7). */
export interface PublicationFilter {
  section?: number;
}

/** Admin publications (SPEC §7). */
export const publicationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPublications: build.query<Publication[], PublicationFilter | void>({
      queryFn: (filter, _api, _extra, baseQuery) =>
        fetchAllPages<Publication>(baseQuery, '/publications/', {
          page_size: MAX_PAGE_SIZE,
          ...(filter?.section === undefined ? {} : { section: filter.section }),
        }),
      providesTags: (publications = []) => [
        { type: 'Publication', id: 'LIST' },
        ...publications.map(({ id }) => ({ type: 'Publication' as const, id })),
      ],
    }),
    reorderPublications: build.mutation<unknown, ReorderItem[]>({
      query: (items) => ({ url: '/publications/reorder/', method: 'PATCH', body: items }),
      // Every cached list (all sections, or one) shows the new order at once.
      onQueryStarted: async (items, lifecycle): Promise<void> =>
        reorderOptimistically(lifecycle, {
          tag: 'Publication',
          patches: publicationsApi.util
            .selectCachedArgsForQuery(lifecycle.getState(), 'listPublications')
            .map((filter) => publicationsApi.util.updateQueryData('listPublications', filter, (draft) => applyOrder(draft, items))),
        }),
    }),
  }),
});

export const { useListPublicationsQuery, useReorderPublicationsMutation } = publicationsApi;
