import type { FieldErrors } from '@/domain/entities';

/** Why a service refuses: what was asked breaks a rule, names nothing, or meets a newer state. */
export type RefusalReason = 'invalid' | 'not_found' | 'conflict';

/**
 * A rule a service enforces, refused in Spanish: field errors ({"field": ["message"]}) or a detail.
 * Services raise it without knowing HTTP; the error handler answers it (plugins/error-handler.ts:
 * 400, 404, 409), as it answers a route's ApiError.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly body: FieldErrors | { detail: string },
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : 'Refused');
  }
}

export const invalidFields = (errors: FieldErrors) => new Refusal('invalid', errors);
export const invalidRequest = (detail: string) => new Refusal('invalid', { detail });
export const nothingNamed = (detail: string) => new Refusal('not_found', { detail });
