import type { FastifyRequest } from 'fastify';
import { messages } from '@/domain/messages';
import { hasControlCharacter } from '@/domain/text';
import { badRequest } from './api-error';

/**
 * True when `value` holds a control character in any string or key, at any
 * depth. Iterative, with a list of what is left to look at: a JSON body is
 * at most JSON_MAX_DEPTH deep (http/json-body.ts), but the walk must not
 * depend on it to stay off the stack.
 */
function holdsControlCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasControlCharacter(next)) return true;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (hasControlCharacter(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The first top-level name of `input` whose text (its name, or any string inside it) holds a control character. */
function fieldWithControlCharacter(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null)
    return typeof input === 'string' && hasControlCharacter(input) ? 'non_field_errors' : undefined;
  for (const [key, value] of Object.entries(input)) {
    if (hasControlCharacter(key)) return 'non_field_errors';
    if (holdsControlCharacter(value)) return key;
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
