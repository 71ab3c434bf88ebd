import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/**
 * Two Ajv instances behind every route's schema.
 *
 * A JSON body is held to its schema as the OpenAPI document states it: no
 * coercion ({"title": 123} is not a title, {"order": " "} is not 0) and no
 * unknown field dropped in silence (`additionalProperties: false` refuses it),
 * so that what a generated client is told is what the server accepts.
 *
 * The address (path parameters, query string, headers) is text by nature:
 * there Fastify's own settings stay, coercion ("7" is 7) and unknown
 * parameters dropped, as a browser's links and DRF's filters expect.
 *
 * Both report every failure at once, so that a form learns about all its
 * fields in one answer; the bodies' failures carry the value (verbose), so
 * that a blank required field can be told apart from a malformed one.
 */
const shared: Options = { allErrors: true, useDefaults: true, addUsedSchema: false };

const bodies = new Ajv({ ...shared, coerceTypes: false, removeAdditional: false, verbose: true });
const addresses = new Ajv({ ...shared, coerceTypes: 'array', removeAdditional: true });
addFormats(bodies);
addFormats(addresses);

export const compileValidator: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodies : addresses).compile(schema as object);
