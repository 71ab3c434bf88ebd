import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { isVersion, parseBoolean } from '@/domain/validation';

/**
 * Coercions for form values: multipart sends every value as text
 * ('true'/'false', '3'); JSON sends real types. Each reader returns undefined
 * when the field is absent and records a field error when it is unusable.
 */
export function readText(fields: Record<string, unknown>, name: string, errors: FieldErrors): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  errors[name] = [messages.invalidText];
  return undefined;
}

export function readBoolean(fields: Record<string, unknown>, name: string, errors: FieldErrors): boolean | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  const parsed = parseBoolean(value);
  if (parsed === undefined) errors[name] = [messages.invalidBoolean];
  return parsed;
}

export function readInteger(fields: Record<string, unknown>, name: string, errors: FieldErrors): number | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(parsed)) {
    errors[name] = [messages.invalidInteger];
    return undefined;
  }
  return parsed;
}

/** The `version` an edit started from (requirements §10.6); absent when the caller sent none. */
export function readVersion(fields: Record<string, unknown>, errors: FieldErrors): number | undefined {
  if (fields.version === undefined || fields.version === null || fields.version === '') return undefined;
  const version = readInteger(fields, 'version', errors);
  if (version !== undefined && !isVersion(version)) errors.version = [messages.invalidVersion];
  return errors.version ? undefined : version;
}
