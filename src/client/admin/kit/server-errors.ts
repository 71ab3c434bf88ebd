import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isRecord } from '@/domain/guards';

/** An API failure as the forms read it: the HTTP status, field errors and/or a detail message. */
export interface ApiFailure {
  /** HTTP status, or RTK Query's 'FETCH_ERROR' / 'TIMEOUT_ERROR' ... */
  status?: number | string;
  /** DRF field errors, first message of each field: {"title": "Este campo es obligatorio."}. */
  fieldErrors: Record<string, string>;
  /** DRF `{"detail": "..."}`, when the server sent one. */
  detail?: string;
}

/** Reads any RTK Query error: `{status, data}` with DRF-shaped data, or a network failure. */
export function readApiFailure(error: unknown): ApiFailure {
  const status = isRecord(error) && (typeof error.status === 'number' || typeof error.status === 'string') ? error.status : undefined;
  const data = isRecord(error) ? error.data : undefined;
  const fieldErrors: Record<string, string> = {};
  let detail: string | undefined;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const [field, value] of Object.entries(data)) {
      if (field === 'detail' && typeof value === 'string') detail = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') fieldErrors[field] = value[0];
      else if (typeof value === 'string' && field !== 'current') fieldErrors[field] = value;
    }
  }
  return { status, fieldErrors, detail };
}

/**
 * Puts the server's field errors (`{field: [msg]}`, requirements §7's DRF shape) next to
 * their fields with react-hook-form's setError, and answers what could not be
 * placed: the detail and the errors of fields the form does not show, as
 * 'field: message' lines. The form shows those in its error box.
 *
 *   const { unplaced } = applyServerErrors(error, form.setError, ['name', 'position']);
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): { failure: ApiFailure; unplaced: string[] } {
  const failure = readApiFailure(error);
  const unplaced: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(failure.fieldErrors)) {
    const shown = fields.find((candidate) => candidate === field);
    if (shown !== undefined) {
      setError(shown, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unplaced.push(`${field}: ${message}`);
    }
  }
  if (failure.detail) unplaced.unshift(failure.detail);
  return { failure, unplaced };
}

/** A refused library upload's reason, in the server's words when it sent some. */
export function mediaUploadRefusal(error: unknown): string {
  const failure = readApiFailure(error);
  return failure.fieldErrors.file ?? failure.detail ?? 'Inténtelo de nuevo.';
}
