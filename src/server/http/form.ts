import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { jsonNestsTooDeep } from '@/domain/json-nesting';
import { isRecord } from '@/domain/guards';
import { parseBoolean } from '@/domain/validation';
import { badRequest, badRequestDetail } from './api-error';
import { refuseControlCharacters } from './control-characters';
import { schemaFieldErrors } from './schema-errors';

/**
 * Bodies that requirements §7 sends as multipart (biographies, publications)
 * and API callers may send as JSON: one TypeBox schema validates both. A
 * multipart body is read before validation (formBody's preValidation), its
 * text fields turned into the types its schema declares, and it becomes the
 * request's body; its files wait beside it (formFiles), since a file is no
 * value a schema can judge.
 */

/** The files of a form: uploaded bytes by field name, their names, and the fields whose file went past the upload limit. */
export interface FormFiles {
  files: Record<string, Buffer>;
  /** The name each file had on the sender's computer, as sent (shown, never used to store it). */
  fileNames: Record<string, string>;
  oversized: Set<string>;
}

/** What a multipart body holds once read. */
interface MultipartInput extends FormFiles {
  /** Text fields, as sent. */
  fields: Record<string, string>;
}

const noFiles = (): FormFiles => ({ files: {}, fileNames: {}, oversized: new Set() });
const filesOfRequest = new WeakMap<FastifyRequest, FormFiles>();

/** The files that came with the request's form (none for JSON). */
export function formFiles(request: FastifyRequest): FormFiles {
  return filesOfRequest.get(request) ?? noFiles();
}

/**
 * Reads a multipart body. Files over the multipart plugin's fileSize limit
 * are cut by busboy; the field is recorded so that the route answers with the
 * field's Spanish message. Text values cut at the fieldSize limit are refused
 * here, each with its field's message, and so is any control character. The
 * fields in `jsonFields` carry JSON text (a layout): one nested past
 * JSON_MAX_DEPTH is refused first, as a JSON body is (http/json-body.ts).
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  jsonFields: readonly string[] = [],
  /** A larger file limit than the app's (a library document's 20 MiB). */
  fileSize?: number,
): Promise<MultipartInput> {
  const form: MultipartInput = { fields: {}, ...noFiles() };
  const cut = new Set<string>();
  try {
    for await (const part of request.parts(fileSize === undefined ? undefined : { limits: { fileSize } })) {
      if (part.type === 'field') {
        // Busboy cuts a value at the fieldSize limit (FORM_FIELD_MAX_BYTES): what is left must not pass for the whole.
        if (part.valueTruncated) cut.add(part.fieldname);
        else form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) continue;
      if (part.file.truncated) form.oversized.add(part.fieldname);
      else if (bytes.length > 0) {
        form.files[part.fieldname] = bytes;
        form.fileNames[part.fieldname] = part.filename;
      }
    }
  } catch (error) {
    // Limits (413) and prototype field names (400) carry their status; busboy's
    // parse errors (no boundary, cut-off body) carry none and are bad input too.
    if (isRecord(error) && typeof error.statusCode === 'number') throw error;
    throw badRequestDetail(messages.malformedBody);
  }
  if (jsonFields.some((name) => Object.hasOwn(form.fields, name) && jsonNestsTooDeep(form.fields[name])))
    throw badRequestDetail(messages.tooDeeplyNested);
  if (cut.size > 0) throw badRequest(Object.fromEntries([...cut].map((field) => [field, [messages.fieldTooLarge]])));
  refuseControlCharacters(form.fields);
  return form;
}

/** The JSON types a property's schema accepts (through unions); empty when it accepts any value. */
function typesOf(schema: unknown): Set<string> {
  const types = new Set<string>();
  if (!isRecord(schema)) return types;
  const { type, anyOf, oneOf, const: constant } = schema;
  for (const one of Array.isArray(type) ? type : [type]) if (typeof one === 'string') types.add(one);
  if (constant !== undefined) types.add(constant === null ? 'null' : typeof constant);
  const members: unknown[] = [anyOf, oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  for (const member of members) for (const one of typesOf(member)) types.add(one);
  return types;
}

const WHOLE_NUMBER = /^-?\d{1,16}$/;

/**
 * A multipart text as the type its schema declares: whole numbers for
 * integers, 'true'/'false' (and DRF's '1'/'0', 'on'/'off') for booleans, ''
 * for null where text is not allowed. A text that fits no declared type stays
 * text, so that the schema refuses it with the field's message.
 */
function convert(text: string, schema: TSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.size === 0 || types.has('string')) return text;
  const trimmed = text.trim();
  if ((types.has('integer') || types.has('number')) && WHOLE_NUMBER.test(trimmed)) return Number(trimmed);
  if (types.has('number') && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (types.has('boolean') && parseBoolean(trimmed) !== undefined) return parseBoolean(trimmed);
  if (types.has('null') && trimmed === '') return null;
  return text;
}

/**
 * The preValidation of a route whose body is `schema`, sent as JSON or as
 * multipart with files in `fileFields`: a multipart body becomes the object
 * the schema validates, and an absent body an empty one (a PATCH or a restore
 * with nothing to say).
 */
export function formBody(schema: TObject, fileFields: readonly string[] = []) {
  const properties: Record<string, TSchema | undefined> = schema.properties;
  // A field whose schema takes an array or an object travels in multipart as JSON text (a publication's layout).
  const jsonFields = Object.keys(properties).filter((name) => {
    const types = typesOf(properties[name]);
    return types.has('array') || types.has('object');
  });
  return async function readFormBody(request: FastifyRequest): Promise<void> {
    if (request.isMultipart()) {
      const { fields, ...formFiles } = await readMultipart(request, fileFields, jsonFields);
      request.body = Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, convert(text, properties[name])]));
      filesOfRequest.set(request, formFiles);
    } else if (request.body === undefined || request.body === null) {
      request.body = {};
    }
  };
}

/** The content types of a form route, for its OpenAPI description: each gets the same schema. */
export const FORM_CONTENT_TYPES = ['application/json', 'multipart/form-data'];

/**
 * The order of an edit's answers (requirements §10.6): the path, then whether
 * the record exists, then the body. A route that keeps it validates with
 * `attachValidation` and calls refusePath first, then, once the record is
 * known, refuseBody, which may add the errors of rules the schema cannot
 * state (a file required beside the fields), so that a form hears of all its
 * fields in one answer.
 */
export function refusePath(request: FastifyRequest): void {
  const error = request.validationError;
  if (error && error.validationContext !== 'body') throw error;
}

export function refuseBody(request: FastifyRequest, more: FieldErrors = {}): void {
  const error = request.validationError;
  if (!error) return;
  if (error.validationContext !== 'body') throw error;
  const errors = schemaFieldErrors(error.validation);
  for (const [field, fieldErrors] of Object.entries(more)) errors[field] ??= fieldErrors;
  throw badRequest(errors);
}
