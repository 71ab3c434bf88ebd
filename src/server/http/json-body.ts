import type { FastifyInstance } from 'fastify';
import { jsonNestsTooDeep } from '@/domain/json-nesting';
import { messages } from '@/domain/messages';
import { badRequestDetail } from './api-error';

/**
 * JSON bodies, on every route: Fastify's own parser (secure-json-parse, a
 * `__proto__` or `constructor.prototype` refused) once the text has been
 * scanned for nesting. A body that nests arrays and objects deeper than
 * JSON_MAX_DEPTH is refused with 400 before it is parsed, so no hook, schema
 * or handler ever walks a deep value (the control-character walk overflowed
 * the stack on a few thousand levels and answered 500). Installed on the root
 * before any plugin, so that every scope inherits it.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // `parseAs: 'string'` hands a string; the type also admits a Buffer.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsTooDeep(text)) {
      done(badRequestDetail(messages.tooDeeplyNested), undefined);
      return;
    }
    // Fastify's parser answers through `done` today; its type allows one that answers with a promise
    // instead, which Fastify follows when it is returned here.
    return parse(request, text, done);
  });
}
