import { Link } from 'react-router';
import { PAGE_PARAM } from '@/domain/public-pages';
import './pagination.css';

/** The address of a page of the list at `listPath`: page 1 is the list's own address. */
const pageHref = (listPath: string, page: number): string => (page === 1 ? listPath : `${listPath}?${PAGE_PARAM}=${page}`);

/**
 * The page numbers to show: always the first and the last, the current one
 * and its neighbours; 'gap' where numbers are left out.
 */
export function pageItems(current: number, last: number): (number | 'gap')[] {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((page) => page >= 1 && page <= last));
  const pages = [...wanted].sort((a, b) => a - b);
  return pages.flatMap((page, index) => (index > 0 && page - pages[index - 1] > 1 ? ['gap' as const, page] : [page]));
}

/**
 * 'Anterior', the page numbers and 'Siguiente' under a public list: real
 * links, so that every page can be opened, shared and crawled; nothing when
 * everything fits on one page.
 */
export function Pagination({
  listPath,
  current,
  last,
  label,
  hrefOf = (page) => pageHref(listPath, page),
}: {
  listPath: string;
  current: number;
  last: number;
  label: string;
  /** The address of a page, when the list's address carries other parameters (/buscar?q=…&pagina=2). */
  hrefOf?: (page: number) => string;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {current > 1 && (
          <li>
            <Link className="pagination__step" to={hrefOf(current - 1)} rel="prev">
              ← Anterior
            </Link>
          </li>
        )}
        {pageItems(current, last).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__page"
                to={hrefOf(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Página ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {current < last && (
          <li>
            <Link className="pagination__step" to={hrefOf(current + 1)} rel="next">
              Siguiente →
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
