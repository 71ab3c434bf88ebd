import type { ActivityEntry } from '@/domain/schemas/activity';
import { baseApi } from './base-api';

/** The filters of the activity log, as the address holds them. */
export interface ActivityFilter {
  user?: string;
  kind?: string;
  /** YYYY-MM-DD, both days included. */
  from?: string;
  to?: string;
}

export interface ActivityPage {
  count: number;
  results: ActivityEntry[];
}

/** The activity log ('Actividad', /admin/actividad): who did what and when, newest first, paged and filtered by the server. */
const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query<ActivityPage, ActivityFilter & { page: number; pageSize: number }>({
      query: ({ page, pageSize, ...filter }) => ({
        url: '/activity/',
        params: { page, page_size: pageSize, ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) },
      }),
      providesTags: ['Activity'],
    }),
    listActivityPeople: build.query<string[], void>({
      query: () => '/activity/people/',
      providesTags: ['Activity'],
    }),
  }),
});

export const { useListActivityQuery, useListActivityPeopleQuery } = activityApi;
