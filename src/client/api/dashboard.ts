import type { Dashboard } from '@/domain/schemas/dashboard';
import { baseApi } from './base-api';

/** The admin landing ('Resumen'): counts and panels of work in one answer, refreshed whenever any list changes. */
const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => '/dashboard/',
      providesTags: [
        { type: 'Section', id: 'LIST' },
        { type: 'Publication', id: 'LIST' },
        { type: 'Biography', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
