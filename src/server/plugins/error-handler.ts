import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@/domain/messages';
import { ApiError } from '../http/api-error';
import { schemaFieldErrors, type SchemaFailure } from '../http/schema-errors';

const DETAIL_BY_STATUS: Record<number, string> = {
  400: messages.malformedBody,
  401: messages.notAuthenticated,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
};

/**
 * Every error leaves as DRF-shaped JSON in Spanish. Errors Fastify and its
 * plugins raise for bad input (malformed JSON, empty body, wrong content
 * type, too large) keep their 4xx status; only real faults are 500, and their
 * details go to the log, not to the caller.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    // A route's schema refused the input: a bad path is an unknown address, the rest are field errors.
    if (error.validation) {
      if (error.validationContext === 'params') return reply.code(404).send({ detail: messages.notFound });
      return reply.code(400).send(schemaFieldErrors(error.validation as unknown as SchemaFailure[]));
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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: messages.serverError });
  });
}
