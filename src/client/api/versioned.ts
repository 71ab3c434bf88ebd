import type { EditConflict } from '@/domain/entities';
import { isRecord } from '@/domain/guards';

/**
 * Sections, publications and biographies carry an integer `version`; a save
 * sends back the one it started from, and the server answers 409 with the
 * current record when another save came first (requirements §10.6).
 * This reads that answer out of an RTK Query error: the conflict, or null for
 * any other failure (a 409 without `current`, e.g. a section still holding
 * publications, is not a stale save).
 */
export function staleSaveOf<T>(error: unknown): EditConflict<T> | null {
  if (!isRecord(error) || error.status !== 409 || !isRecord(error.data) || !('current' in error.data)) return null;
  const { detail, current } = error.data;
  // The record is the caller's own kind, as the endpoint's 409 answers it (schemas/common.ts EditConflictOf).
  return { detail: typeof detail === 'string' ? detail : '', current: current as T };
}
