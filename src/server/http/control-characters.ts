import type { FastifyRequest } from 'fastify';
import { messages } from '@/domain/messages';
import { hasControlCharacter } from '@/domain/text';
import { badRequest } from './api-error';

/** The field of `value` (under `field`) that holds a control character, or undefined: keys count as text too. */
function offendingField(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? field : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacter(key)) return field;
    const found = offendingField(inner, field);
    if (found) return found;
  }
  return undefined;
}

/** The first top-level name of `input` whose text (its name, or any string inside it) holds a control character. */
function fieldWithControlCharacter(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null)
    return typeof input === 'string' && hasControlCharacter(input) ? 'non_field_errors' : undefined;
  for (const [key, value] of Object.entries(input)) {
    if (hasControlCharacter(key)) return 'non_field_errors';
    const found = offendingField(value, key);
    if (found) return found;
  }
  return undefined;
}

/** 400 with the field's Spanish message when `input` holds a control character anywhere. */
export function refuseControlCharacters(input: unknown): void {
  const field = fieldWithControlCharacter(input);
  if (field) throw badRequest({ [field]: [messages.controlCharacter] });
}

/**
 * Every text that enters the API, before its schema and its handler: path
 * segments, query parameters and JSON bodies (multipart fields are checked as
 * they are read, http/form.ts). A NUL would reach PostgreSQL as a 500 where
 * SQLite stores it; no control character but tab and line breaks is anything
 * a person types. Refused as a field error (400), so nothing is written or
 * counted: a sign-in refused here reserves no attempt.
 */
export async function refuseControlCharactersInRequest(request: FastifyRequest): Promise<void> {
  refuseControlCharacters(request.params);
  refuseControlCharacters(request.query);
  if (!request.isMultipart()) refuseControlCharacters(request.body);
}
