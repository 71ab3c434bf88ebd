import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * Sections, publications and biographies carry an integer `version`; a save
 * sends back the one it started from, and the server answers 409 with the
 * current record when another save came first (DECISIONS.md, "Editing safely").
 */
export type Versioned<T> = T & { version?: number };

/** The body of a 409 for a stale save: a Spanish message and the record as it is now. */
export interface StaleSave<T> {
  detail: string;
  current: Versioned<T>;
}

/** The current record when `error` is a 409 for a stale save, else null. */
export function staleSaveOf<T>(error: unknown): StaleSave<T> | null {
  const { status, data } = (error ?? {}) as Partial<FetchBaseQueryError> & { data?: unknown };
  if (status !== 409 || typeof data !== 'object' || data === null || !('current' in data)) return null;
  const body = data as { detail?: unknown; current: Versioned<T> };
  return { detail: typeof body.detail === 'string' ? body.detail : '', current: body.current };
}
