import type { FieldErrors, Layout } from '@/domain/entities';
import { parseLayout } from '@/domain/layout';
import { messages } from '@/domain/messages';
import { checkLayoutLimits } from '@/domain/validation';
import { sanitizeRichText } from './rich-text';

/** An address an image or video cell may point at: http(s), or a path on this host. */
export function isSafeCellUrl(value: string, { allowHostRelative }: { allowHostRelative: boolean }): boolean {
  if (value === '') return true;
  if (allowHostRelative && value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Turns the layout field of a request (a JSON string from multipart, or an
 * array from JSON) into a layout fit to store: shape checked by the domain
 * rules and size limits (no data: URIs in text), text cells sanitised, cell URLs limited to http(s) and this host.
 */
export function readLayout(value: unknown, errors: FieldErrors): Layout | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() === '' ? [] : JSON.parse(value);
    } catch {
      errors.layout = [messages.invalidLayout];
      return undefined;
    }
  }
  const result = parseLayout(parsed);
  if ('problem' in result) {
    errors.layout = [result.problem.message];
    return undefined;
  }
  const limit = checkLayoutLimits(result.layout);
  if (limit) {
    errors.layout = [limit];
    return undefined;
  }
  for (const row of result.layout) {
    for (const cell of row.cells) {
      if (cell.type === 'text') {
        cell.content = sanitizeRichText(cell.content);
      } else if (!isSafeCellUrl(cell.content.trim(), { allowHostRelative: cell.type === 'image' })) {
        errors.layout = [messages.invalidUrl];
        return undefined;
      } else {
        cell.content = cell.content.trim();
      }
    }
  }
  return result.layout;
}
