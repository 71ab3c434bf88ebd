import type { FastifyRequest } from 'fastify';
import { requestActor } from '../content/activity-log';
import type { Writer } from '../content/writer';
import type { Services } from '../services';
import { saveAttemptOf } from './idempotency';

/**
 * Who writes through this request: the signed-in administrator, and the save
 * attempt its `Idempotency-Key` names (a repeat of a save that already
 * succeeded is answered here, with that save's answer).
 */
export async function requestWriter(services: Services, request: FastifyRequest): Promise<Writer> {
  const actor = await requestActor(services, request);
  return { services, actor, attempt: await saveAttemptOf(services, request, actor) };
}

/** Who writes through this request, for writes that keep no answer (a reorder, a purge, a bulk action). */
export async function requestActorWriter(services: Services, request: FastifyRequest): Promise<Writer> {
  return { services, actor: await requestActor(services, request) };
}
