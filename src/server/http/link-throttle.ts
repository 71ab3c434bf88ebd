import type { FastifyRequest } from 'fastify';
import { hashLinkToken } from '../auth/accounts';
import { clientNetwork } from '../auth/client-network';
import type { Services } from '../services';
import { Refusal } from '../refusal';
import { ApiError, tooManyAttempts } from './api-error';

/** A link's token is 43 characters; anything much longer is no token of ours. */
const TOKEN_MAX_LENGTH = 200;

/** Whether a body's token could be one of ours at all: worth hashing and looking up. */
export const isLinkToken = (token: unknown): token is string =>
  typeof token === 'string' && token !== '' && token.length <= TOKEN_MAX_LENGTH;

/**
 * Runs a one-time link's public request (a password link, an address to
 * confirm) with a place in the sign-in throttle, per client network: a link
 * that opens nothing (a 404 from `work`) keeps its place as a failure, so
 * tokens cannot be guessed faster than passwords; any other answer gives it back.
 */
export async function throttledLinkRequest<T>(
  { loginThrottle, config }: Pick<Services, 'loginThrottle' | 'config'>,
  request: FastifyRequest,
  token: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const reservation = await loginThrottle.reserve({
    network: clientNetwork(request.ip, config.loginIpv6Prefix),
    // Not a username anyone can have ('#'): failures are bounded per network, and no account is locked by them.
    username: `#link:${typeof token === 'string' ? hashLinkToken(token).slice(0, 16) : ''}`,
    device: null,
  });
  if (!reservation.allowed) {
    throw tooManyAttempts(reservation.retryAfterSeconds);
  }
  try {
    const result = await work();
    await reservation.release();
    return result;
  } catch (error) {
    // The route's 404 (a token that is no token) or the service's (a token that opens nothing).
    const linkFailed =
      (error instanceof ApiError && error.statusCode === 404) || (error instanceof Refusal && error.reason === 'not_found');
    if (!linkFailed) await reservation.release();
    throw error;
  }
}
