import './kit.css';
import './pager.css';
export interface PagerProps {
  /** The list it pages, for its accessible name: 'Páginas de {label}'. */
  label: string;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** How the total reads: '12 publicaciones'. */
  total: string;
  onPage: (page: number) => void;
}

/**
 * 'Anterior', 'Página n de m · total' and 'Siguiente' under a list the server
 * pages. The position is announced politely when it changes.
 *
 *   <Pager label="Publicaciones" page={page} pageCount={pageCount} total={`${count} publicaciones`} onPage={(n) => change({ page: n })} />
 */
export function Pager({ label, page, pageCount, total, onPage }: PagerProps) {
  return (
    <nav className="kit-pager" aria-label={`Páginas de ${label}`}>
      <button
        type="button"
        className="kit-button kit-button-secondary kit-button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Anterior
      </button>
      <p aria-live="polite">
        Página {page} de {pageCount} · {total}
      </p>
      <button
        type="button"
        className="kit-button kit-button-secondary kit-button-small"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
