import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Id } from '@/domain/entities';
import { isRecord } from '@/domain/guards';
import { messages } from '@/domain/messages';
import { baseApi } from './base-api';
import { getApiHost } from './base-query';

export interface CellImageUpload {
  /** The image file, or a blob pasted into rich text. */
  file: Blob;
  /** The file name sent with the blob (pasted images have none of their own). */
  filename?: string;
  /** The publication being edited, once it exists. */
  publicationId?: Id;
}

/** An uploaded image's address: a relative url gets the API host in front (requirements §7). */
export function absoluteImageUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${getApiHost()}${url.startsWith('/') ? '' : '/'}${url}`;
}

const noUrl: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: messages.uploadImageFailed };

/** Images of image cells and of rich text (requirements §7). */
export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /publications/{id}/upload_cell_image/ when the publication exists,
     * /upload-image/ otherwise; multipart field `image`. Answers the image's
     * absolute address; an answer without url is an error (requirements §8).
     */
    uploadCellImage: build.mutation<string, CellImageUpload>({
      queryFn: async ({ file, filename, publicationId }, _api, _extra, baseQuery) => {
        const body = new FormData();
        body.append('image', file, filename ?? (file instanceof File ? file.name : 'imagen'));
        const url = publicationId === undefined ? '/upload-image/' : `/publications/${publicationId}/upload_cell_image/`;
        const answer = await baseQuery({ url, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        const imageUrl = isRecord(answer.data) ? answer.data.url : undefined;
        return typeof imageUrl === 'string' && imageUrl !== '' ? { data: absoluteImageUrl(imageUrl) } : { error: noUrl };
      },
    }),
  }),
});

export const { useUploadCellImageMutation } = uploadsApi;
