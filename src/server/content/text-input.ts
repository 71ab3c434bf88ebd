import { messages } from '@/domain/messages';
import { invalidFields } from '../refusal';

/**
 * A text field of a save as the rules read it: trimmed, null as '' (a
 * cleared field), a number as its digits (an id sent as a number); absent
 * stays absent.
 */
export function textOf(value: string | number | null | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : value.trim();
}

/**
 * A field a create requires, read once the rules have passed: they refuse it
 * absent ('Este campo es obligatorio.'), so this narrows its type, and would
 * refuse it the same way if they ever let it through.
 */
export function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw invalidFields({ [field]: [messages.required] });
  return value;
}
