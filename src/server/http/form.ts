import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '@/domain/messages';
import { badRequest, badRequestDetail } from './api-error';
import { refuseControlCharacters } from './control-characters';

export interface FormInput {
  /** Text fields (multipart) or JSON values. */
  fields: Record<string, unknown>;
  /** Uploaded files by field name; empty parts (no file chosen) are left out. */
  files: Record<string, Buffer>;
  /** File fields whose content went past the upload limit. */
  oversized: Set<string>;
  /** File fields sent empty as text (multipart '' or JSON null/''): the caller removes the stored file. */
  cleared: Set<string>;
}

/**
 * Reads a create/update body that requirements §7 sends as multipart (biographies,
 * publications) but that API callers may also send as JSON. Files over the
 * multipart plugin's fileSize limit are cut by busboy; we record the field
 * so the route can answer with the field's Spanish message. Text values cut
 * at the fieldSize limit are refused here, each with its field's message.
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[]): Promise<FormInput> {
  const form: FormInput = { fields: {}, files: {}, oversized: new Set(), cleared: new Set() };
  const cut = new Set<string>();
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return form;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequestDetail(messages.malformedBody);
    form.fields = { ...(body as Record<string, unknown>) };
    for (const field of fileFields) {
      if (form.fields[field] === null || form.fields[field] === '') form.cleared.add(field);
      delete form.fields[field];
    }
    return form;
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          // Busboy cuts a value at the fieldSize limit (FORM_FIELD_MAX_BYTES): what is left must not pass for the whole.
          cut.add(part.fieldname);
        } else if (fileFields.includes(part.fieldname)) {
          if (part.value === '') form.cleared.add(part.fieldname);
        } else {
          form.fields[part.fieldname] = part.value;
        }
        continue;
      }
      const bytes = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) continue;
      if (part.file.truncated) form.oversized.add(part.fieldname);
      else if (bytes.length > 0) form.files[part.fieldname] = bytes;
    }
  } catch (error) {
    // Limits (413) and prototype field names (400) carry their status; busboy's
    // parse errors (no boundary, cut-off body) carry none and are bad input too.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequestDetail(messages.malformedBody);
  }
  if (cut.size > 0) throw badRequest(Object.fromEntries([...cut].map((field) => [field, [messages.fieldTooLarge]])));
  refuseControlCharacters(form.fields);
  return form;
}
