import type { Id } from '@/domain/entities';
import type { PreviewLink, PreviewLinkCreated } from '@/domain/schemas/preview-links';
import { baseApi } from './base-api';

export type { PreviewLink, PreviewLinkCreated };

const LIST = { type: 'PreviewLink' as const, id: 'LIST' };
const ACTIVITY = 'Activity' as const;

/**
 * Private preview links of a publication ('Compartir borrador'): the live
 * ones, making one (its address is told only in that answer) and revoking
 * one. Each change is an entry of Actividad, whose list is refreshed too.
 */
const previewLinksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPreviewLinks: build.query<PreviewLink[], Id>({
      query: (publicationId) => `/publications/${publicationId}/preview-links/`,
      providesTags: (result) => [LIST, ...(result ?? []).map((link) => ({ type: 'PreviewLink' as const, id: link.id }))],
    }),
    createPreviewLink: build.mutation<PreviewLinkCreated, { publicationId: Id; days: number }>({
      query: ({ publicationId, days }) => ({ url: `/publications/${publicationId}/preview-links/`, method: 'POST', body: { days } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, ACTIVITY]),
    }),
    revokePreviewLink: build.mutation<void, Id>({
      query: (id) => ({ url: `/preview-links/${id}/`, method: 'DELETE' }),
      // A link someone else revoked meanwhile (404) is gone too: the list is read again either way.
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'PreviewLink', id }, ACTIVITY],
    }),
  }),
});

export const { useListPreviewLinksQuery, useCreatePreviewLinkMutation, useRevokePreviewLinkMutation } = previewLinksApi;
