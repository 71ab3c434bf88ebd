import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { HTTP_TIMEOUT_MS } from '@/domain/limits';

/** The API base: the configured host (same origin by default) plus /api (SPEC §7). */
export const API_BASE = '/api';

// Placeholder until the session layer lands: auth headers, refresh and retry.
export const baseQuery = fetchBaseQuery({ baseUrl: API_BASE, timeout: HTTP_TIMEOUT_MS });
