import { documentKindOf } from '@/domain/documents';
import type { FieldErrors, Layout } from '@/domain/entities';
import { layoutErrorText, parseLayout } from '@/domain/layout';
import { messages } from '@/domain/messages';
import { checkLayoutCells } from '@/domain/validation';
import type { DbOrTrx } from '@/server/db/database';
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
  if (problem) errors.layout = [layoutErrorText(problem)];
  if ('problem' in result || problem) return undefined;
  const { layout } = result;
  for (const row of layout) {
    for (const cell of row.cells) {
      cell.content = cell.type === 'text' ? sanitizeRichText(cell.content) : cell.content.trim();
    }
  }
  return layout;
}

/**
 * The cells that show a library item carry its id (`mediaId`), from the library whatever the
 * request said. A 'Documento' cell names a document of the library: an address that is none
 * (typed by hand, or a document deleted since) is refused on its cell, and what the public card
 * shows besides the title, the size and the kind, is the library's; the title is the cell's own,
 * the item's when left empty. An image cell's id is the library image at its address, if any.
 */
export async function readLibraryCells(db: DbOrTrx, layout: Layout, errors: FieldErrors): Promise<void> {
  const cells = layout
    .flatMap((row, r) => row.cells.map((cell, c) => ({ cell, r, c })))
    .filter(({ cell }) => (cell.type === 'document' || cell.type === 'image') && cell.content !== '');
  if (cells.length === 0) return;
  const items = new Map(
    (
      await db
        .selectFrom('media')
        .select(['id', 'kind', 'url', 'title', 'size', 'content_type'])
        .where('url', 'in', [...new Set(cells.map(({ cell }) => cell.content))])
        .execute()
    ).map((item) => [`${item.kind} ${item.url}`, item]),
  );
  for (const { cell, r, c } of cells) {
    const item = items.get(`${cell.type} ${cell.content}`);
    if (cell.type === 'image') {
      if (item) cell.mediaId = item.id;
      continue;
    }
    const format = item && documentKindOf(item.content_type);
    if (!item || !format) {
      errors.layout = [layoutErrorText({ row: r, cell: c, message: messages.documentNotInLibrary })];
      return;
    }
    Object.assign(cell, { mediaId: item.id, title: cell.title ?? item.title, size: item.size, format });
  }
}
