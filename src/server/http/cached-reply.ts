import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, deliver, prepareAnswerFor, type PrepareOptions } from '../cache/public-answer';

/**
 * An answer from the public cache (an API answer, a sitemap, a feed, a drawn page) as this
 * request takes it: a 304 when it holds the same one, else the best form it accepts, with the
 * headers made once when the answer was (cache/public-answer.ts).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const { status, headers, body } = deliver(answer, request.headers);
  return reply.code(status).headers(headers).send(body);
}

/**
 * A miss: the answer leaves at once, compressed only in the form this request takes (none for
 * the server's own reads through `inject`), and `keep` is called once every form is made, off the
 * request's path: compressing every form before answering was 40 to 45 % of an uncached page's
 * median time (docs/performance.md). Kept only whole, so that every hit is answered in the form
 * its client prefers; a request in the few milliseconds before is computed again. `keep` stores it
 * with the generation read before the data was, so that a write meanwhile drops it.
 */
export async function sendAndKeep(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  keep: (answer: CachedAnswer) => void,
  options?: PrepareOptions,
): Promise<FastifyReply> {
  const { now, whole } = await prepareAnswerFor(
    request.headers['accept-encoding'],
    body,
    Object.fromEntries(
      Object.entries(reply.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const])),
    ),
    options,
  );
  whole.then(keep, (error: unknown) => request.log.error({ err: error }, 'answer not compressed'));
  return sendCached(request, reply, now);
}
