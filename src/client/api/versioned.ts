import type { EditConflict } from '@/domain/entities';

/**
 * Sections, publications and biographies carry an integer `version`; a save
 * sends back the one it started from, and the server answers 409 with the
 * current record when another save came first (requirements §10.6).
 * This reads that answer out of an RTK Query error: the conflict, or null for
 * any other failure (a 409 without `current`, e.g. a section still holding
 * publications, is not a stale save).
 */
export function staleSaveOf<T>(error: unknown): EditConflict<T> | null {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  if (status !== 409 || typeof data !== 'object' || data === null || !('current' in data)) return null;
  const body = data as { detail?: unknown; current: T };
  return { detail: typeof body.detail === 'string' ? body.detail : '', current: body.current };
}
