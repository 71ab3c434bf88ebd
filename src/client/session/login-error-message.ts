import { isRecord } from '@/domain/guards';
import { messages } from '@/domain/messages';

/**
 * The message for a failed sign-in (requirements §8): wrong or missing credentials
 * (400, 401) say so; too many attempts (429, requirements §10.3: login is rate limited)
 * say to wait; anything else is the generic failure, including 503 with Retry-After (the
 * server is checking too many passwords at once, and a precise reason would only help someone
 * guessing passwords; docs/decisions/120).
 */
export function loginErrorMessage(error: unknown): string {
  const status = isRecord(error) ? error.status : undefined;
  if (status === 400 || status === 401) return messages.invalidCredentials;
  if (status === 429) return messages.tooManyAttempts;
  return messages.loginFailed;
}
