import { DOCUMENTS } from '@/domain/documents';
import type { LayoutCell } from '@/domain/entities';
import { formatFileSize } from '@/domain/media';

/**
 * A 'Documento' cell as a download card (docs/decisions/193): its title, its
 * kind and size ('PDF · 1,2 MB') and 'Descargar', a link to the file the
 * library serves.
 */
export function DocumentCard({ cell }: { cell: LayoutCell }) {
  const title = cell.title || 'Documento';
  const facts = [cell.format && DOCUMENTS[cell.format].label, cell.size !== undefined && formatFileSize(cell.size)]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="ui-document">
      <span className="ui-document-icon" aria-hidden="true">
        {cell.format ? DOCUMENTS[cell.format].extension.toUpperCase() : 'DOC'}
      </span>
      <div className="ui-document-body">
        <p className="ui-document-title">{title}</p>
        {facts && <p className="ui-document-facts">{facts}</p>}
      </div>
      {/* The name says which document, for a screen reader's list of links; it starts with the visible word. */}
      <a className="ui-document-link" href={cell.content} aria-label={`Descargar: ${title}${facts ? ` (${facts})` : ''}`}>
        Descargar
      </a>
    </div>
  );
}
