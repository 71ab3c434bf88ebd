import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';

/**
 * A whole number from a query parameter (text by nature) or a value already
 * typed: undefined when absent, a field error when unusable.
 */
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
