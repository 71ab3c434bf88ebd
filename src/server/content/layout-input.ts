import type { FieldErrors, Layout } from '@/domain/entities';
import { layoutErrorText, parseLayout } from '@/domain/layout';
import { messages } from '@/domain/messages';
import { checkLayoutCells } from '@/domain/validation';
import { sanitizeRichText } from './rich-text';

/**
 * Turns the layout field of a request (a JSON string from multipart, or an
 * array from JSON) into a layout fit to store: shape checked by the domain
 * rules (size limits, no data: URIs in text, cell URLs limited to http(s) and this host), text cells sanitised.
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
  // The message names the row and cell ('Fila 2, celda 1: …'): the editor marks that cell.
  const problem = 'problem' in result ? result.problem : checkLayoutCells(result.layout);
  if (problem) {
    errors.layout = [layoutErrorText(problem)];
    return undefined;
  }
  const { layout } = result as { layout: Layout };
  for (const row of layout) {
    for (const cell of row.cells) {
      cell.content = cell.type === 'text' ? sanitizeRichText(cell.content) : cell.content.trim();
    }
  }
  return layout;
}
