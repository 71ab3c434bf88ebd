import type { FieldErrors } from '@/domain/entities';

/**
 * Why a service refuses: what was asked breaks a rule (`invalid`), the caller's role may not
 * (`forbidden`), it names nothing (`not_found`), it meets a state that forbids it (`conflict`),
 * it started from a version since replaced (`stale`, with the record as it is now), or it
 * reuses a save's idempotency key for another request (`key_reused`, content/kept-answers.ts).
 */
export type RefusalReason = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'stale' | 'key_reused';

/** A refusal's detail, with the facts a caller may act on beside it (current, usage, publication_count). */
export interface RefusalDetail {
  detail: string;
  [fact: string]: unknown;
}

/**
 * A rule a service enforces, refused in Spanish: field errors ({"field": ["message"]}) or a detail.
 * Services raise it without knowing HTTP; the error handler answers it (plugins/error-handler.ts:
 * 400, 403, 404, 409 or 422), as it answers a route's ApiError.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly body: FieldErrors | RefusalDetail,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : 'Refused');
  }

  /** The detail, or the first field's first message: one line that says why. */
  get firstMessage(): string {
    const { body } = this;
    if ('detail' in body && typeof body.detail === 'string') return body.detail;
    const [first] = Object.values(body);
    return Array.isArray(first) && typeof first[0] === 'string' ? first[0] : '';
  }
}

export const invalidFields = (errors: FieldErrors) => new Refusal('invalid', errors);
export const invalidRequest = (detail: string) => new Refusal('invalid', { detail });
export const nothingNamed = (detail: string) => new Refusal('not_found', { detail });
/** The caller's role may not do this. */
export const forbidden = (detail: string) => new Refusal('forbidden', { detail });
/** The state forbids it now; `facts` say what a caller may act on (a count, where an item is used). */
export const conflict = (detail: string, facts: { detail?: never; [fact: string]: unknown } = {}) =>
  new Refusal('conflict', { detail, ...facts });
