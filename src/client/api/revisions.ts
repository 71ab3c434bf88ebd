import type { Id } from '@/domain/entities';
import type { RevisionKind } from '@/domain/history';
import type { RevisionDetail, RevisionSummary } from '@/domain/schemas/revisions';
import { baseApi } from './base-api';
import { saveHeaders, type SaveAttempt } from './save-key';

/** Where each kind lives in the API, and the tag its records carry. */
const RESOURCE = {
  publication: { path: 'publications', tag: 'Publication' },
  section: { path: 'sections', tag: 'Section' },
  biography: { path: 'biographies', tag: 'Biography' },
} as const;

export interface RevisionListRequest {
  kind: RevisionKind;
  id: Id;
  page: number;
  pageSize: number;
}

export interface RevisionPage {
  count: number;
  results: RevisionSummary[];
}

export interface RevisionRequest {
  kind: RevisionKind;
  id: Id;
  revisionId: Id;
}

const historyTag = (kind: RevisionKind, id: Id) => ({ type: 'Revision' as const, id: `${kind}-${id}` });
const publicList = (kind: RevisionKind) => ({
  type: kind === 'biography' ? ('PublicBiography' as const) : ('PublicPublication' as const),
  id: 'LIST',
});

/**
 * The history of one item ('Historial', docs/decisions/132): its revisions,
 * newest first, one of them whole, and restoring one, which saves it again
 * as a new revision. Any save of the item refreshes its history (the item's
 * own tag is provided too).
 */
const revisionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRevisions: build.query<RevisionPage, RevisionListRequest>({
      query: ({ kind, id, page, pageSize }) => ({ url: `/${RESOURCE[kind].path}/${id}/revisions/`, params: { page, page_size: pageSize } }),
      providesTags: (_page, _error, { kind, id }) => [historyTag(kind, id), { type: RESOURCE[kind].tag, id }],
    }),
    getRevision: build.query<RevisionDetail, RevisionRequest>({
      query: ({ kind, id, revisionId }) => `/${RESOURCE[kind].path}/${id}/revisions/${revisionId}/`,
    }),
    restoreRevision: build.mutation<unknown, RevisionRequest & SaveAttempt & { version?: number }>({
      query: ({ kind, id, revisionId, version, saveKey }) => ({
        url: `/${RESOURCE[kind].path}/${id}/revisions/${revisionId}/restore/`,
        method: 'POST',
        body: version === undefined ? {} : { version },
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (_result, error, { kind, id }) =>
        error ? [] : [historyTag(kind, id), { type: RESOURCE[kind].tag, id }, { type: RESOURCE[kind].tag, id: 'LIST' }, publicList(kind)],
    }),
  }),
});

export const { useListRevisionsQuery, useGetRevisionQuery, useRestoreRevisionMutation } = revisionsApi;
