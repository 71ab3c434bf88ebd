import type { ReorderItem, Section } from '@/domain/entities';
import { MAX_PAGE_SIZE } from '@/domain/limits';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { applyOrder, reorderOptimistically } from './reorder';

/** Admin sections (SPEC §7). */
export const sectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSections: build.query<Section[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) => fetchAllPages<Section>(baseQuery, '/sections/', { page_size: MAX_PAGE_SIZE }),
      providesTags: (sections = []) => [{ type: 'Section', id: 'LIST' }, ...sections.map(({ id }) => ({ type: 'Section' as const, id }))],
    }),
    reorderSections: build.mutation<unknown, ReorderItem[]>({
      query: (items) => ({ url: '/sections/reorder/', method: 'PATCH', body: items }),
      onQueryStarted: async (items, lifecycle): Promise<void> =>
        reorderOptimistically(lifecycle, {
          tag: 'Section',
          patches: [sectionsApi.util.updateQueryData('listSections', undefined, (draft) => applyOrder(draft, items))],
        }),
    }),
  }),
});

export const { useListSectionsQuery, useReorderSectionsMutation } = sectionsApi;
