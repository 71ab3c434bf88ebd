import { createRequire } from 'node:module';

/**
 * The served OpenAPI document as a tester reads it: its operations, a
 * validator of an answer against the schema the document gives for its
 * status, and a valid value made from a schema (the smallest one, with the
 * values a scenario knows, such as the id of a real section).
 */

// The JSON Schema 2020-12 Ajv that @seriousme/openapi-schema-validator ships (OpenAPI 3.1's dialect).
const fromValidator = createRequire(require.resolve('@seriousme/openapi-schema-validator/package.json'));
const Ajv2020 = fromValidator('ajv/dist/2020').default;
const addFormats = fromValidator('ajv-formats').default ?? fromValidator('ajv-formats');

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = Record<string, any>;
export type OpenApiDocument = Schema & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
export interface Operation {
  operationId: string;
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}
export interface DocumentedOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  operation: Operation;
}

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'patch', 'put', 'delete'] as const)
      .filter((method) => item[method])
      .map((method) => ({ method, path, operation: item[method] })),
  );
}

/** Resolves a local `$ref` of the document. */
export function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  while (typeof current?.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: any, step: string) => node[step], doc);
  }
  return current;
}

const pointer = (...steps: string[]) => steps.map((step) => step.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks an answer against what the document says of it: a documented status and, for JSON, its schema. */
export function answerChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const compiled = new Map<string, (value: unknown) => boolean>();
  return (documented: DocumentedOperation, status: number, contentType: string | null, body: unknown): string[] => {
    const responses = documented.operation.responses;
    const response = responses[String(status)] ?? responses.default;
    if (!response) return [`${status} is not documented (${Object.keys(responses).join(', ')})`];
    if (!contentType?.includes('application/json') || !response.content?.['application/json']) return [];
    const key = `${documented.path} ${documented.method} ${status}`;
    let validate = compiled.get(key) as ((value: unknown) => boolean) & { errors?: unknown[] };
    if (!validate) {
      const path = pointer(
        'paths',
        documented.path,
        documented.method,
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      );
      validate = ajv.compile({ $ref: `openapi.json#/${path}` });
      compiled.set(key, validate);
    }
    return validate(body) ? [] : [`${status} body breaks its schema: ${JSON.stringify((validate as any).errors).slice(0, 600)}`];
  };
}

/** Values a scenario knows, by property name: an id that exists, an address that was uploaded. */
export type Known = Record<string, unknown>;

/**
 * A valid value of a schema: its required properties, the ones `known`
 * names, and the optional ones `options.optional` asks for; strings within
 * their limits and formats.
 */
export function validValue(
  doc: OpenApiDocument,
  raw: Schema,
  known: Known = {},
  name = '',
  options: { optional?: (name: string) => boolean } = {},
): unknown {
  const schema = resolve(doc, raw);
  if (name in known) return known[name];
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const concrete = choices.map((choice: Schema) => resolve(doc, choice)).find((choice: Schema) => choice.type !== 'null');
    return validValue(doc, concrete ?? choices[0], known, name, options);
  }
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [property, propertySchema] of Object.entries<Schema>(schema.properties ?? {})) {
        const wanted = (schema.required ?? []).includes(property) || property in known || options.optional?.(property);
        if (wanted) value[property] = validValue(doc, propertySchema, known, property, options);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(doc, schema.items ?? {}, known, '', options));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date') return '2024-05-17';
      if (schema.format === 'date-time') return '2024-05-17T10:00:00.000Z';
      if (schema.format === 'email') return 'docente@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      const text = `Prueba ${name}`.trim();
      return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return null;
  }
}
