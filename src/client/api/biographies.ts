import type { Biography, ReorderItem } from '@/domain/entities';
import { ADMIN_BIOGRAPHY_PAGE_SIZE } from '@/domain/limits';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { applyOrder, reorderOptimistically } from './reorder';

/** Admin biographies (SPEC §7): all of them, page_size=1000&all=true, remaining pages fetched. */
export const biographiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBiographies: build.query<Biography[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        fetchAllPages<Biography>(baseQuery, '/biographies/', { page_size: ADMIN_BIOGRAPHY_PAGE_SIZE, all: true }),
      providesTags: (biographies = []) => [
        { type: 'Biography', id: 'LIST' },
        ...biographies.map(({ id }) => ({ type: 'Biography' as const, id })),
      ],
    }),
    reorderBiographies: build.mutation<unknown, ReorderItem[]>({
      query: (items) => ({ url: '/biographies/reorder/', method: 'PATCH', body: items }),
      onQueryStarted: async (items, lifecycle): Promise<void> =>
        reorderOptimistically(lifecycle, {
          tag: 'Biography',
          patches: [biographiesApi.util.updateQueryData('listBiographies', undefined, (draft) => applyOrder(draft, items))],
        }),
    }),
  }),
});

export const { useListBiographiesQuery, useReorderBiographiesMutation } = biographiesApi;
