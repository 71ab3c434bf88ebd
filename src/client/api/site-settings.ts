import type { SiteSettingsValues } from '@/domain/site-settings-values';
import { baseApi } from './base-api';

/** 'Ajustes del sitio' as GET /api/settings/ answers them (docs/decisions/199). */
export interface SiteSettingsRecord extends SiteSettingsValues {
  /** null while nobody has saved them: the values are the environment's defaults. */
  updated_at: string | null;
  updated_by: string | null;
}

/** A PATCH: the fields that change, the networks that change. */
export type SiteSettingsChange = Partial<Omit<SiteSettingsValues, 'social_links'>> & {
  social_links?: Partial<SiteSettingsValues['social_links']>;
};

const siteSettingsApi = baseApi.enhanceEndpoints({ addTagTypes: ['SiteSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getSiteSettings: build.query<SiteSettingsRecord, void>({
      query: () => '/settings/',
      providesTags: ['SiteSettings'],
    }),
    updateSiteSettings: build.mutation<SiteSettingsRecord, SiteSettingsChange>({
      query: (body) => ({ url: '/settings/', method: 'PATCH', body }),
      // The answer is the stored settings: the form starts again from them, and Actividad has an entry more.
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          void dispatch(siteSettingsApi.util.upsertQueryData('getSiteSettings', undefined, data));
        } catch {
          // The form shows the refusal.
        }
      },
      invalidatesTags: ['Activity'],
    }),
  }),
});

export const { useGetSiteSettingsQuery, useUpdateSiteSettingsMutation } = siteSettingsApi;
