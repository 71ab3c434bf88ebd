import type { Biography, Id, ReorderItem } from '@/domain/entities';
import { ADMIN_BIOGRAPHY_PAGE_SIZE } from '@/domain/limits';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { appendImageChange, type ImageChange } from './image-change';
import { queuedReorder, reorderOptimistically, reorderPatches } from './reorder';
import { saveHeaders, type SaveAttempt } from './save-key';

/** What the biography form sends as multipart (requirements §7), plus the version it loaded. */
export interface BiographyInput {
  name: string;
  position: string;
  biography: string;
  email: string;
  linkedin: string;
  is_active: boolean;
  order: number;
  photo: ImageChange;
  version?: number;
}

/** The multipart body of a biography: text fields as strings, the photo as its change says. */
export function biographyFormData({ photo, version, ...fields }: BiographyInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (version !== undefined) form.append('version', String(version));
  appendImageChange(form, 'photo', photo);
  return form;
}

const biographyTag = (id: Id) => ({ type: 'Biography' as const, id });
const LIST = { type: 'Biography' as const, id: 'LIST' };
// The public faculty page shows biographies too: any change refreshes it.
const PUBLIC = { type: 'PublicBiography' as const, id: 'LIST' };

/**
 * Admin biographies (requirements §7): all of them, page_size=1000&all=true,
 * remaining pages fetched; with a search term ('Buscar por nombre'), those
 * whose name holds it, as the server folds accents and case. The whole list
 * is the query without an argument (undefined), which reorders patch.
 */
export const biographiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBiographies: build.query<Biography[], string | void>({
      queryFn: (search, _api, _extra, baseQuery) =>
        fetchAllPages<Biography>(baseQuery, '/biographies/', {
          page_size: ADMIN_BIOGRAPHY_PAGE_SIZE,
          all: true,
          ...(search ? { search } : {}),
        }),
      providesTags: (biographies = []) => [LIST, ...biographies.map(({ id }) => biographyTag(id))],
    }),
    getBiography: build.query<Biography, Id>({
      query: (id) => `/biographies/${id}/`,
      providesTags: (_biography, _error, id) => [biographyTag(id)],
    }),
    createBiography: build.mutation<Biography, BiographyInput & SaveAttempt>({
      query: ({ saveKey, ...input }) => ({
        url: '/biographies/',
        method: 'POST',
        body: biographyFormData(input),
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (biography) => (biography ? [LIST, PUBLIC] : []),
    }),
    updateBiography: build.mutation<Biography, BiographyInput & SaveAttempt & { id: Id }>({
      query: ({ id, saveKey, ...input }) => ({
        url: `/biographies/${id}/`,
        method: 'PATCH',
        body: biographyFormData(input),
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (biography, _error, { id }) => (biography ? [LIST, PUBLIC, biographyTag(id)] : []),
    }),
    deleteBiography: build.mutation<void, Id>({
      query: (id) => ({ url: `/biographies/${id}/`, method: 'DELETE', headers: saveHeaders(undefined) }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, PUBLIC, biographyTag(id), { type: 'Trash', id: 'LIST' }]),
    }),
    reorderBiographies: build.mutation<unknown, ReorderItem[]>({
      queryFn: queuedReorder('Biography', '/biographies/reorder/'),
      onQueryStarted: async (items, lifecycle): Promise<void> =>
        reorderOptimistically(lifecycle, {
          tag: 'Biography',
          patches: reorderPatches(items, [
            {
              pages: [
                {
                  items: biographiesApi.endpoints.listBiographies.select()(lifecycle.getState()).data ?? [],
                  patch: (recipe) => biographiesApi.util.updateQueryData('listBiographies', undefined, recipe),
                },
              ],
            },
          ]),
        }),
    }),
  }),
});

export const {
  useListBiographiesQuery,
  useGetBiographyQuery,
  useCreateBiographyMutation,
  useUpdateBiographyMutation,
  useDeleteBiographyMutation,
  useReorderBiographiesMutation,
} = biographiesApi;
