import type { ContentSummary } from '@/domain/schemas/summary';
import { baseApi } from './base-api';

/** The admin landing's counts: one small answer, refreshed whenever any list changes. */
const summaryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContentSummary: build.query<ContentSummary, void>({
      query: () => '/summary/',
      providesTags: [
        { type: 'Section', id: 'LIST' },
        { type: 'Publication', id: 'LIST' },
        { type: 'Biography', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetContentSummaryQuery } = summaryApi;
