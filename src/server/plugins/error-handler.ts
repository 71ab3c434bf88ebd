import {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaValidationError,
} from 'fastify';
import { messages } from '@/domain/messages';
import { ApiError } from '../http/api-error';
import { ReplayedAnswer } from '../content/kept-answers';
import { Refusal, type RefusalReason } from '../refusal';

/** A service's refusal as HTTP says it: a stale version is a conflict too, with the record as it is now. */
const REFUSAL_STATUS: Record<RefusalReason, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale: 409,
  key_reused: 422,
};
import type {} from '../http/params';
import { schemaFieldErrors } from '../http/schema-errors';

const DETAIL_BY_STATUS: Record<number, string> = {
  400: messages.malformedBody,
  401: messages.notAuthenticated,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
};

/**
 * A path the route's schema refused names no record: 404 with the message
 * the route gives the first parameter that failed (http/params.ts), else the
 * generic one.
 */
function pathNotFoundDetail(request: FastifyRequest, failures: readonly FastifySchemaValidationError[]): string {
  const parameter = failures[0]?.instancePath.split('/').filter(Boolean)[0];
  const named = request.routeOptions.config.notFound;
  return (parameter !== undefined && named?.[parameter]) || messages.notFound;
}

/** The route a request reached, as its pattern ('GET /api/public/search/'): never the address, which may hold a private link's token. */
const routeOf = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/**
 * Fastify's own log lines. Request logging stays off (one line per request
 * costs a third of the public API's throughput), but two of Fastify's lines
 * are faults, not requests, and are written whatever that setting says, at
 * error level with the route: the error handler below could not send its
 * answer (a route that declared a narrower 400 than the field errors it
 * answers: the search declared a detail only, and its refusals left as 500
 * with nothing logged), and Fastify's own last-resort answer could not be
 * serialised either.
 */
export class ServerLogController extends LogController {
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.error({ err: error, route: routeOf(request), statusCode: reply.statusCode }, 'the error handler could not answer');
  }

  override serializerError(error: Error, request: FastifyRequest, reply: FastifyReply, metadata: { statusCode: number }): void {
    reply.log.error({ err: error, route: routeOf(request), statusCode: metadata.statusCode }, 'the error answer could not be serialised');
  }
}

/**
 * Every error leaves as DRF-shaped JSON in Spanish. Errors Fastify and its
 * plugins raise for bad input (malformed JSON, empty body, wrong content
 * type, too large) keep their 4xx status; only real faults are 500, and their
 * details go to the log, not to the caller.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Refusal | ReplayedAnswer, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error instanceof Refusal) return reply.code(REFUSAL_STATUS[error.reason]).send(error.body);
    // A save sent again: the first one's answer (content/kept-answers.ts), marked as a replay.
    if (error instanceof ReplayedAnswer) return reply.code(error.statusCode).header('Idempotent-Replayed', 'true').send(error.body);
    // A route's schema refused the input: a bad path is an unknown address, the rest are field errors.
    if (error.validation) {
      if (error.validationContext === 'params') return reply.code(404).send({ detail: pathNotFoundDetail(request, error.validation) });
      return reply.code(400).send(schemaFieldErrors(error.validation));
    }
    const status = error.statusCode ?? 500;
    // The static files' guard refuses addresses such as //evil.com, /%00 or /noticias/16//:
    // no such page, so the SPA's 404 answers them like any other unknown address.
    if (status === 403) return reply.callNotFound();
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ detail: messages.imageTooLarge });
    if (status === 429) return reply.code(429).send({ detail: messages.tooManyAttempts });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: DETAIL_BY_STATUS[status] ?? messages.malformedBody });
    }
    // A fault, an answer that failed its route's declared schema included: logged with the route.
    request.log.error({ err: error, route: routeOf(request) }, 'request failed');
    return reply.code(500).send({ detail: messages.serverError });
  });
}
