import fc from 'fast-check';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { answerChecker, operationsOf, resolve, type DocumentedOperation, type OpenApiDocument, type Schema } from './openapi-support';

/**
 * Property: whatever JSON body a caller sends to a write operation, valid by
 * the served document's schema or not, the answer is never a 5xx, its status
 * is documented and its body matches the schema documented for that status.
 * Valid bodies come from the schemas themselves (limits, formats, enums,
 * required fields); invalid ones break one field, add an unknown one, or are
 * any JSON at all.
 */

let server: TestServer;
let doc: OpenApiDocument;
let token: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  doc = (await server.request('GET', '/api/schema/')).body;
  token = await server.adminToken();
  ids.sections = (await server.request('POST', '/api/sections/', { token, json: { title: 'Propiedades' } })).body.id;
  ids.biographies = (
    await server.request('POST', '/api/biographies/', { token, json: { name: 'Ana', position: 'Docente', biography: 'Texto' } })
  ).body.id;
}, 30_000);
afterAll(async () => server.close());

const LONGEST_TEXT = 120;

/** Values valid by `schema`, small enough to send by the hundred. */
function validArbitrary(raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map(validArbitrary));
  switch (schema.type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries<Schema>(schema.properties ?? {}).map(([name, value]) => [name, validArbitrary(value)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(validArbitrary(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)),
        max: Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      const max = Math.min(schema.maxLength ?? LONGEST_TEXT, LONGEST_TEXT);
      const text = fc.string({ minLength: schema.minLength ?? 0, maxLength: max, unit: 'grapheme-ascii' });
      // A visible character first when the schema asks for one.
      const shaped = schema.pattern === '\\S' ? text.map((value) => `a${value}`.slice(0, Math.max(1, max))) : text;
      // The longest value the schema allows, now and then.
      return schema.maxLength ? fc.oneof(shaped, fc.constant('x'.repeat(schema.maxLength))) : shaped;
    }
    default:
      return fc.jsonValue();
  }
}

/** Bodies the schema refuses (or any JSON): one field of the wrong kind, an unknown field, or anything. */
function invalidArbitrary(raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (schema.type !== 'object') return anything;
  const names = Object.keys(schema.properties ?? {});
  return fc.oneof(
    anything,
    fc.tuple(validArbitrary(schema), fc.string({ minLength: 1, maxLength: 12 }), anything).map(([body, key, value]) => ({
      ...(body as object),
      [`extra_${key}`]: value,
    })),
    ...(names.length > 0
      ? [
          fc
            .tuple(validArbitrary(schema), fc.constantFrom(...names), anything)
            .map(([body, name, value]) => ({ ...(body as object), [name]: value })),
        ]
      : []),
  );
}

/** Every operation that reads a JSON body, except signing in (each attempt is a password check, and throttled). */
const writes = (): DocumentedOperation[] =>
  operationsOf(doc).filter(({ path, operation }) => operation.requestBody?.content['application/json'] && path !== '/api/token/');

it('no body, valid or not, gets a 5xx, an undocumented status or an answer that breaks its schema', async () => {
  const check = answerChecker(doc);
  const operations = writes();
  expect(operations.length).toBeGreaterThan(10);
  const cases = fc.constantFrom(...operations).chain((documented) => {
    const schema = documented.operation.requestBody!.content['application/json'].schema;
    return fc.record({ documented: fc.constant(documented), body: fc.oneof(validArbitrary(schema), invalidArbitrary(schema)) });
  });
  await fc.assert(
    fc.asyncProperty(cases, async ({ documented, body }) => {
      const kind = documented.path.split('/')[2];
      const path = documented.path.replace('{id}', String(ids[kind] ?? 1)).replace('{revisionId}', '1');
      const reply = await server.request(documented.method.toUpperCase(), path, { token, json: body });
      const problems = check(documented, reply.status, reply.headers.get('content-type'), reply.body);
      if (reply.status >= 500) problems.push(`${reply.status}: ${JSON.stringify(reply.body)}`);
      if (problems.length > 0)
        throw new Error(`${documented.method} ${path} ${JSON.stringify(body).slice(0, 300)}: ${problems.join('; ')}`);
    }),
    { numRuns: 400 },
  );
}, 120_000);
