import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';

/** What Ajv reports for one failed check (the part we read). */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: messages.invalidText,
  boolean: messages.invalidBoolean,
  integer: messages.invalidInteger,
  number: messages.invalidInteger,
};

function messageOf(failure: SchemaFailure): string {
  switch (failure.keyword) {
    case 'required':
      return messages.required;
    case 'type':
      return TYPE_MESSAGES[String(failure.params.type)] ?? messages.malformedBody;
    case 'maxLength':
      return messages.tooLong(Number(failure.params.limit));
    case 'enum':
    case 'const':
    case 'anyOf':
      return messages.invalidChoice;
    default:
      return messages.malformedBody;
  }
}

/**
 * Schema failures in Django REST Framework's shape and in Spanish:
 * {"campo": ["mensaje"]}, one message per field (the first found), like the
 * domain validators. A failure of the whole value goes under
 * non_field_errors, as DRF names it.
 */
export function schemaFieldErrors(failures: readonly SchemaFailure[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const failure of failures) {
    const field =
      failure.keyword === 'required'
        ? String(failure.params.missingProperty)
        : (failure.instancePath.split('/').filter(Boolean)[0] ?? 'non_field_errors');
    errors[field] ??= [messageOf(failure)];
  }
  return errors;
}
