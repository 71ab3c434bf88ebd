import type { ContentKind } from '@/domain/content-kinds';
import type { Id } from '@/domain/entities';
import type { RevisionDetail } from '@/domain/schemas/kinds';
import type { RevisionSummary } from '@/domain/schemas/revisions';
import { baseApi } from './base-api';
import { collectionPath, KIND_CACHE, listsReachedBy } from './kinds';
import { saveHeaders, type SaveAttempt } from './save-key';

export interface RevisionListRequest {
  kind: ContentKind;
  id: Id;
  page: number;
  pageSize: number;
}

export interface RevisionPage {
  count: number;
  results: RevisionSummary[];
}

export interface RevisionRequest {
  kind: ContentKind;
  id: Id;
  revisionId: Id;
}

const historyTag = (kind: ContentKind, id: Id) => ({ type: 'Revision' as const, id: `${kind}-${id}` });

/**
 * The history of one item ('Historial', docs/decisions/132): its revisions,
 * newest first, one of them whole, and restoring one, which saves it again
 * as a new revision. Any save of the item refreshes its history (the item's
 * own tag is provided too).
 */
const revisionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRevisions: build.query<RevisionPage, RevisionListRequest>({
      query: ({ kind, id, page, pageSize }) => ({ url: `${collectionPath(kind)}${id}/revisions/`, params: { page, page_size: pageSize } }),
      providesTags: (_page, _error, { kind, id }) => [historyTag(kind, id), { type: KIND_CACHE[kind].tag, id }],
    }),
    getRevision: build.query<RevisionDetail, RevisionRequest>({
      query: ({ kind, id, revisionId }) => `${collectionPath(kind)}${id}/revisions/${revisionId}/`,
    }),
    restoreRevision: build.mutation<unknown, RevisionRequest & SaveAttempt & { version?: number }>({
      query: ({ kind, id, revisionId, version, saveKey }) => ({
        url: `${collectionPath(kind)}${id}/revisions/${revisionId}/restore/`,
        method: 'POST',
        body: version === undefined ? {} : { version },
        headers: saveHeaders(saveKey),
      }),
      invalidatesTags: (_result, error, { kind, id }) =>
        error ? [] : [historyTag(kind, id), { type: KIND_CACHE[kind].tag, id }, ...listsReachedBy(kind)],
    }),
  }),
});

export const { useListRevisionsQuery, useGetRevisionQuery, useRestoreRevisionMutation } = revisionsApi;
