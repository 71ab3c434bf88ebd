import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';

/**
 * An error answer in Django REST Framework's shape: field errors
 * ({"field": ["message"]}) or {"detail": "..."}. Thrown by routes, turned into
 * a response by plugins/error-handler.ts.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    /** Field errors, or a detail with the facts a caller may act on (code, current, publication_count); null for a replayed 204. */
    readonly body: FieldErrors | { detail: string; [fact: string]: unknown } | null,
    readonly headers: Record<string, string> = {},
  ) {
    super(body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : 'Invalid request');
  }
}

export const badRequest = (errors: FieldErrors) => new ApiError(400, errors);
export const badRequestDetail = (detail: string) => new ApiError(400, { detail });
export const notFound = (detail: string = messages.notFound) => new ApiError(404, { detail });
export const notAuthenticated = () => new ApiError(401, { detail: messages.notAuthenticated });
export const invalidToken = () => new ApiError(401, { detail: messages.invalidToken, code: 'token_not_valid' });

/** Retry-After of a 503 while the password checks' waiting line is full: one check takes tens of milliseconds. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** 503: too many password checks at once in this process (auth/hashing-gate.ts). */
export const passwordChecksBusy = () =>
  new ApiError(503, { detail: messages.loginBusy }, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });

/** 429: a throttle has no room; try again in `retryAfterSeconds`. */
export const tooManyAttempts = (retryAfterSeconds: number, detail: string = messages.tooManyAttempts) =>
  new ApiError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) });
