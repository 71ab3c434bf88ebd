import { messages } from '@/domain/messages';

/**
 * The message for a failed sign-in (SPEC §8): wrong or missing credentials
 * (400, 401) say so; too many attempts (429, DECISIONS: login is rate limited)
 * say to wait; anything else is the generic failure.
 */
export function loginErrorMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 400 || status === 401) return messages.invalidCredentials;
  if (status === 429) return messages.tooManyAttempts;
  return messages.loginFailed;
}
