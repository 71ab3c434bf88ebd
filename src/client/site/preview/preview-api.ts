import type { PublicPublication } from '@/domain/entities';
import type { ShownStatus } from '@/domain/publication-status';
import { publicApiAddress } from '@/domain/public-pages';
import { baseApi } from '@/client/api/base-api';

/** What a private preview link shows: the saved version, its shown status, and when the link expires. */
export interface PreviewLinkAnswer {
  publication: PublicPublication;
  shown_status: ShownStatus;
  expires_at: string;
}

const previewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/public/preview/{token}/: no sign-in (a /public/ path), 404 once the link is revoked,
     * expired or its publication is in the Papelera. Read afresh on every visit: kept for nobody.
     */
    getPreviewLink: build.query<PreviewLinkAnswer, string>({
      query: (token) => publicApiAddress.preview(token),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPreviewLinkQuery } = previewApi;
