import type { Id } from '@/domain/entities';
import { MEDIA_PAGE_SIZE, type MediaFileKind } from '@/domain/media';
import type { MediaDetail, MediaItem } from '@/domain/schemas/media';
import { baseApi } from './base-api';
import { saveHeaders, type SaveAttempt } from './save-key';

export interface MediaPage {
  count: number;
  results: MediaItem[];
}

export interface MediaListRequest {
  page: number;
  search?: string;
  kind?: MediaFileKind;
}

/** What 'Subir archivos' sends for one file. */
export interface MediaUploadInput {
  file: File;
  title?: string;
  alt?: string;
}

export interface MediaEdit {
  id: Id;
  title?: string;
  alt?: string;
  focal_x?: number;
  focal_y?: number;
  version?: number;
}

const itemTag = (id: Id) => ({ type: 'Media' as const, id });
const LIST = { type: 'Media' as const, id: 'LIST' };

/**
 * The media library ('Medios', docs/decisions/192): a page of items, newest
 * first, searched and filtered by the server; one item with its uses; an
 * upload per file; an item's description and focal point; its delete.
 */
const mediaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMedia: build.query<MediaPage, MediaListRequest>({
      query: ({ page, search, kind }) => ({
        url: '/media/',
        params: { page, page_size: MEDIA_PAGE_SIZE, ...(search ? { search } : {}), ...(kind ? { kind } : {}) },
      }),
      providesTags: (page) => [LIST, ...(page?.results ?? []).map(({ id }) => itemTag(id))],
    }),
    getMedia: build.query<MediaDetail, Id>({
      query: (id) => `/media/${id}/`,
      providesTags: (_item, _error, id) => [itemTag(id)],
    }),
    uploadMedia: build.mutation<MediaItem, MediaUploadInput & SaveAttempt>({
      query: ({ file, title, alt, saveKey }) => {
        const form = new FormData();
        if (title) form.append('title', title);
        if (alt) form.append('alt', alt);
        form.append('file', file, file.name);
        return { url: '/media/', method: 'POST', body: form, headers: saveHeaders(saveKey) };
      },
      invalidatesTags: (item) => (item ? [LIST] : []),
    }),
    updateMedia: build.mutation<MediaItem, MediaEdit & SaveAttempt>({
      query: ({ id, saveKey, ...body }) => ({ url: `/media/${id}/`, method: 'PATCH', body, headers: saveHeaders(saveKey) }),
      invalidatesTags: (item, _error, { id }) => (item ? [LIST, itemTag(id)] : []),
    }),
    /** 'Reemplazar archivo': every use moves to the new file, so the content that shows it is read again too. */
    replaceMedia: build.mutation<MediaItem, { id: Id; file: File; version: number } & SaveAttempt>({
      query: ({ id, file, version, saveKey }) => {
        const form = new FormData();
        form.append('version', String(version));
        form.append('file', file, file.name);
        return { url: `/media/${id}/replace/`, method: 'POST', body: form, headers: saveHeaders(saveKey) };
      },
      invalidatesTags: (item, _error, { id }) =>
        item ? [LIST, itemTag(id), 'Publication', 'Biography', 'PublicPublication', 'PublicBiography', 'Revision'] : [],
    }),
    deleteMedia: build.mutation<void, { id: Id; force?: boolean }>({
      query: ({ id, force }) => ({
        url: `/media/${id}/`,
        method: 'DELETE',
        params: force ? { force: 'true' } : undefined,
        headers: saveHeaders(undefined),
      }),
      // Not the item's own tag: it is gone, and the page that deleted it is leaving.
      invalidatesTags: (_result, error) => (error ? [] : [LIST, { type: 'Trash', id: 'LIST' }]),
    }),
  }),
});

export const {
  useListMediaQuery,
  useGetMediaQuery,
  useUploadMediaMutation,
  useUpdateMediaMutation,
  useReplaceMediaMutation,
  useDeleteMediaMutation,
} = mediaApi;
