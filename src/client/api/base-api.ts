import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API of the app. Each resource file injects its endpoints
 * (api/sections.ts, api/publications.ts ...); tags are declared here so that
 * every invalidation is visible in one place.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Section',
    'Publication',
    'Biography',
    'Media',
    'PublicPublication',
    'PublicBiography',
    'Trash',
    'Revision',
    'Activity',
    'PreviewLink',
  ],
  endpoints: () => ({}),
});
