import type { Id, Layout, Publication, PublicationStatus, ReorderItem } from '@/domain/entities';
import type { EventBody } from '@/domain/events';
import { MAX_PAGE_SIZE } from '@/domain/limits';
import type { ShownStatus } from '@/domain/publication-status';
import type { PublicationOrdering } from '@/domain/publication-ordering';
import { baseApi } from './base-api';
import { fetchAllPages } from './fetch-all-pages';
import { appendImageChange, bringsImage, type ImageChange } from './image-change';
import { isPage, toList } from './list-response';
import { queuedReorder, reorderOptimistically, reorderPatches, type CachedList } from './reorder';
import { saveHeaders, type SaveAttempt } from './save-key';

/** Filter of the admin publication list: one section, or all (requirements §2, §7). */
export interface PublicationFilter {
  section?: number;
}

/** One page of the admin list, as the server pages and searches it (requirements §10.6). */
export interface PublicationPageRequest extends PublicationFilter {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** A part of the title, any case; blank means every publication. */
  search?: string;
  /** A shown status (the server works it out with the public rule); absent means every status. */
  status?: ShownStatus;
  /** Only those that announce an event ('Con evento'). */
  withEvent?: boolean;
  /** Sorted by a column (docs/decisions/200); absent means the manual order, the only one a reorder applies to. */
  ordering?: PublicationOrdering;
}

/** A page of the admin list: its publications (without their layouts) and how many match in all. */
export interface PublicationPage {
  count: number;
  results: Publication[];
}

/** What the publication form sends as multipart (requirements §7), plus the version it loaded. */
export interface PublicationInput {
  title: string;
  section_id: string;
  status: PublicationStatus;
  is_featured: boolean;
  publish_date: string;
  layout: Layout;
  featured_image: ImageChange;
  /** Its event as the form sends it (wall-clock times), or null for none. */
  event: EventBody | null;
  version?: number;
}

/**
 * The multipart body of a publication: text fields as strings, booleans as
 * 'true'/'false', `layout` as a JSON string (requirements §7), the featured image only
 * when a new one was chosen (the server keeps the stored one otherwise).
 */
export function publicationFormData({ featured_image, layout, event, version, ...fields }: PublicationInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('layout', JSON.stringify(layout));
  // As JSON text, as the layout; the text null removes a stored one.
  form.append('event', JSON.stringify(event));
  if (version !== undefined) form.append('version', String(version));
  // A publication's featured image cannot be removed, only replaced.
  if (bringsImage(featured_image)) appendImageChange(form, 'featured_image', featured_image);
  return form;
}

const publicationTag = (id: Id) => ({ type: 'Publication' as const, id });
const LIST = { type: 'Publication' as const, id: 'LIST' };
// Public pages show publications too: any change refreshes them.
const PUBLIC = { type: 'PublicPublication' as const, id: 'LIST' };

/** Admin publications (requirements §7). */
export const publicationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPublications: build.query<Publication[], PublicationFilter | void>({
      queryFn: (filter, _api, _extra, baseQuery) =>
        fetchAllPages<Publication>(baseQuery, '/publications/', {
          page_size: MAX_PAGE_SIZE,
          ...(filter?.section === undefined ? {} : { section: filter.section }),
        }),
      providesTags: (publications = []) => [LIST, ...publications.map(({ id }) => publicationTag(id))],
    }),
    /** One page of the admin list, searched and filtered by the server, layouts left out. */
    listPublicationPage: build.query<PublicationPage, PublicationPageRequest>({
      query: ({ page, pageSize, search, section, status, withEvent, ordering }) => ({
        url: '/publications/',
        params: {
          page,
          page_size: pageSize,
          omit: 'layout',
          ...(search?.trim() ? { search: search.trim() } : {}),
          ...(section === undefined ? {} : { section }),
          ...(status === undefined ? {} : { status }),
          ...(withEvent ? { with_event: true } : {}),
          ...(ordering ? { ordering } : {}),
        },
      }),
      transformResponse: (answer: unknown): PublicationPage => {
        const results = toList<Publication>(answer);
        return { count: isPage(answer) ? answer.count : results.length, results };
      },
      providesTags: (page) => [LIST, ...(page?.results ?? []).map(({ id }) => publicationTag(id))],
    }),
    getPublication: build.query<Publication, Id>({
      query: (id) => `/publications/${id}/`,
      providesTags: (_publication, _error, id) => [publicationTag(id)],
    }),
    createPublication: build.mutation<Publication, PublicationInput & SaveAttempt>({
      query: ({ saveKey, ...input }) => ({
        url: '/publications/',
        method: 'POST',
        body: publicationFormData(input),
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (publication) => (publication ? [LIST, PUBLIC] : []),
    }),
    updatePublication: build.mutation<Publication, PublicationInput & SaveAttempt & { id: Id }>({
      query: ({ id, saveKey, ...input }) => ({
        url: `/publications/${id}/`,
        method: 'PATCH',
        body: publicationFormData(input),
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (publication, _error, { id }) => (publication ? [LIST, PUBLIC, publicationTag(id)] : []),
    }),
    deletePublication: build.mutation<void, Id>({
      query: (id) => ({ url: `/publications/${id}/`, method: 'DELETE', headers: saveHeaders(undefined) }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, PUBLIC, publicationTag(id), { type: 'Trash', id: 'LIST' }]),
    }),
    /**
     * Positions within the view reordered (the whole list, one section, or the
     * page shown): the server gives the rows the order values they held among
     * them, so rows outside the view keep their place.
     */
    reorderPublications: build.mutation<unknown, ReorderItem[]>({
      queryFn: queuedReorder('Publication', '/publications/reorder/'),
      // Every cached list and page shows the new order at once; a page's neighbour too, when a row crossed between them.
      onQueryStarted: async (items, lifecycle): Promise<void> => {
        const state = lifecycle.getState();
        const lists: CachedList<Publication, typeof state>[] = publicationsApi.util
          .selectCachedArgsForQuery(state, 'listPublications')
          .map((filter) => ({
            pages: [
              {
                items: publicationsApi.endpoints.listPublications.select(filter)(state).data ?? [],
                patch: (recipe) => publicationsApi.util.updateQueryData('listPublications', filter, recipe),
              },
            ],
          }));
        // The cached pages of one list (same filter, search and size), in page order, are one list.
        const pagesByList = new Map<string, PublicationPageRequest[]>();
        for (const request of publicationsApi.util.selectCachedArgsForQuery(state, 'listPublicationPage')) {
          // A list sorted by a column does not follow the manual order: a move leaves it as it is.
          if (request.ordering) continue;
          const key = JSON.stringify([
            request.section ?? null,
            request.search?.trim() ?? '',
            request.status ?? null,
            request.withEvent ?? false,
            request.pageSize,
          ]);
          pagesByList.set(key, [...(pagesByList.get(key) ?? []), request]);
        }
        for (const requests of pagesByList.values()) {
          lists.push({
            pages: requests
              .sort((a, b) => a.page - b.page)
              .map((request) => ({
                items: publicationsApi.endpoints.listPublicationPage.select(request)(state).data?.results ?? [],
                patch: (recipe) => publicationsApi.util.updateQueryData('listPublicationPage', request, (draft) => recipe(draft.results)),
              })),
          });
        }
        return reorderOptimistically(lifecycle, { tag: 'Publication', patches: reorderPatches(items, lists) });
      },
    }),
  }),
});

export const {
  useListPublicationPageQuery,
  useGetPublicationQuery,
  useCreatePublicationMutation,
  useUpdatePublicationMutation,
  useDeletePublicationMutation,
  useReorderPublicationsMutation,
} = publicationsApi;
