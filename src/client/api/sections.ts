import type { Id, ReorderItem, Section } from '@/domain/entities';
import { MAX_PAGE_SIZE } from '@/domain/limits';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { queuedReorder, reorderOptimistically, reorderPatches } from './reorder';
import { saveHeaders, type SaveAttempt } from './save-key';
import type { ListOrder } from '@/domain/list-order';

/** What the section form sends (requirements §7): POST title, is_active and its list order; PATCH also order, plus the version it loaded. */
export interface SectionInput {
  title: string;
  is_active: boolean;
  list_order?: ListOrder;
  order?: number;
  version?: number;
}

const sectionTag = (id: Id) => ({ type: 'Section' as const, id });
const LIST = { type: 'Section' as const, id: 'LIST' };

/** Admin sections (requirements §7): list, one, create, edit, delete, reorder. */
export const sectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSections: build.query<Section[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) => fetchAllPages<Section>(baseQuery, '/sections/', { page_size: MAX_PAGE_SIZE }),
      providesTags: (sections = []) => [LIST, ...sections.map(({ id }) => sectionTag(id))],
    }),
    getSection: build.query<Section, Id>({
      query: (id) => `/sections/${id}/`,
      providesTags: (_section, _error, id) => [sectionTag(id)],
    }),
    createSection: build.mutation<Section, SectionInput & SaveAttempt>({
      query: ({ saveKey, ...body }) => ({ url: '/sections/', method: 'POST', body, headers: saveHeaders(saveKey) }),
      invalidatesTags: (section) => (section ? [LIST] : []),
    }),
    updateSection: build.mutation<Section, SectionInput & SaveAttempt & { id: Id }>({
      query: ({ id, saveKey, ...body }) => ({ url: `/sections/${id}/`, method: 'PATCH', body, headers: saveHeaders(saveKey) }),
      invalidatesTags: (section, _error, { id }) => (section ? [LIST, sectionTag(id)] : []),
    }),
    /**
     * To the trash. A section that holds publications goes only with
     * `withPublications`, the count the administrator confirmed; the server
     * answers 409 with the current count (`publication_count`) otherwise.
     */
    deleteSection: build.mutation<void, { id: Id; withPublications?: number }>({
      query: ({ id, withPublications }) => ({
        url: `/sections/${id}/`,
        method: 'DELETE',
        headers: saveHeaders(undefined),
        params: withPublications === undefined ? undefined : { with_publications: withPublications },
      }),
      // Publications name their section, so their lists are fetched again too.
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              LIST,
              sectionTag(id),
              { type: 'Publication', id: 'LIST' },
              { type: 'PublicPublication', id: 'LIST' },
              { type: 'Trash', id: 'LIST' },
            ],
    }),
    reorderSections: build.mutation<unknown, ReorderItem[]>({
      queryFn: queuedReorder('Section', '/sections/reorder/'),
      onQueryStarted: async (items, lifecycle): Promise<void> =>
        reorderOptimistically(lifecycle, {
          tag: 'Section',
          patches: reorderPatches(items, [
            {
              pages: [
                {
                  items: sectionsApi.endpoints.listSections.select()(lifecycle.getState()).data ?? [],
                  patch: (recipe) => sectionsApi.util.updateQueryData('listSections', undefined, recipe),
                },
              ],
            },
          ]),
        }),
    }),
  }),
});

export const {
  useListSectionsQuery,
  useGetSectionQuery,
  useCreateSectionMutation,
  useUpdateSectionMutation,
  useDeleteSectionMutation,
  useReorderSectionsMutation,
} = sectionsApi;
