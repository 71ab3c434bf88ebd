import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, deliver } from '../cache/public-answer';

/**
 * An answer from the public cache (an API answer, a sitemap, a feed, a drawn page) as this
 * request takes it: a 304 when it holds the same one, else the best form it accepts, with the
 * headers made once when the answer was (cache/public-answer.ts).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const { status, headers, body } = deliver(answer, request.headers);
  return reply.code(status).headers(headers).send(body);
}
