import type { FastifyRequest } from 'fastify';
import { messages } from '@/domain/messages';
import type { Actor } from '../content/activity-log';
import { replayIfAnswered, type SaveAttempt } from '../content/kept-answers';
import type { Services } from '../services';
import { badRequestDetail } from './api-error';

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII, as HTTP header values allow, and a bound on what is stored. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's save attempt (content/kept-answers.ts), or undefined when it
 * carries no `Idempotency-Key` (clients of requirements §7 save as before).
 * Call it first in the route: when this key's save already succeeded, it
 * throws that save's answer.
 */
export async function saveAttemptOf(services: Services, request: FastifyRequest, actor: Actor): Promise<SaveAttempt | undefined> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || actor.id === null) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequestDetail(messages.invalidIdempotencyKey);
  const attempt = { userId: actor.id, key: header, method: request.method, path: request.url.split('?')[0] };
  await replayIfAnswered(services.db, attempt);
  return attempt;
}
