import { CONTENT_KINDS } from '@/domain/content-kinds';
import type { Dashboard } from '@/domain/schemas/dashboard';
import { baseApi } from './base-api';
import { KIND_CACHE } from './kinds';

/** The admin landing ('Resumen'): counts and panels of work in one answer, refreshed whenever any list changes. */
const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => '/dashboard/',
      providesTags: CONTENT_KINDS.map((kind) => ({ type: KIND_CACHE[kind].tag, id: 'LIST' })),
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
