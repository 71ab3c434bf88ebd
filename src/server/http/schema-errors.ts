import type { FieldErrors } from '@/domain/entities';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';

/** What Ajv reports for one failed check (the part we read); `data` is the value, for bodies (http/validation.ts). */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  data?: unknown;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: messages.invalidText,
  boolean: messages.invalidBoolean,
  integer: messages.invalidInteger,
  number: messages.invalidInteger,
};

/**
 * The words the domain validators (domain/validation.ts) use for a field
 * whose rule the schema now states first, so that the browser, which runs
 * those validators, and the server still say the same thing.
 */
const REQUIRED_MESSAGES: Record<string, string> = {
  featured_image: messages.featuredImageRequired,
  publish_date: messages.publishDateRequired,
};
const TOO_LONG_MESSAGES: Record<string, string> = { biography: messages.biographyTooLong };
const RANGE_MESSAGES: Record<string, string> = {
  order: messages.orderOutOfRange,
  version: messages.invalidVersion,
  section_id: messages.sectionNotFound,
};
const CHOICE_MESSAGES: Record<string, string> = { status: messages.invalidStatus, role: accountMessages.invalidRole };
const FORMAT_MESSAGES: Record<string, string> = { date: messages.invalidDate, email: messages.invalidEmail, uri: messages.invalidUrl };

const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

function messageOf(failure: SchemaFailure, field: string): string {
  switch (failure.keyword) {
    case 'required':
      return REQUIRED_MESSAGES[field] ?? messages.required;
    case 'additionalProperties':
      return messages.unknownField;
    case 'type':
      return TYPE_MESSAGES[String(failure.params.type)] ?? messages.malformedBody;
    // A required text field left blank: `minLength: 1` or a pattern asking for one visible character.
    case 'minLength':
    case 'pattern':
      return isBlank(failure.data) ? (REQUIRED_MESSAGES[field] ?? messages.required) : messages.malformedBody;
    case 'maxLength':
      return TOO_LONG_MESSAGES[field] ?? messages.tooLong(Number(failure.params.limit));
    case 'minimum':
    case 'maximum':
      return RANGE_MESSAGES[field] ?? messages.invalidInteger;
    case 'format':
      if (isBlank(failure.data) && REQUIRED_MESSAGES[field]) return REQUIRED_MESSAGES[field];
      return FORMAT_MESSAGES[String(failure.params.format)] ?? messages.malformedBody;
    case 'enum':
    case 'const':
    case 'anyOf':
      return CHOICE_MESSAGES[field] ?? messages.invalidChoice;
    default:
      return messages.malformedBody;
  }
}

/** The top-level field a failure is about: the missing or unknown one, or the first step of its path. */
function fieldOf(failure: SchemaFailure): string {
  if (failure.instancePath === '') {
    if (failure.keyword === 'required') return String(failure.params.missingProperty);
    if (failure.keyword === 'additionalProperties') return String(failure.params.additionalProperty);
  }
  return failure.instancePath.split('/').filter(Boolean)[0] ?? 'non_field_errors';
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
    const field = fieldOf(failure);
    errors[field] ??= [messageOf(failure, field)];
  }
  return errors;
}
