import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useListMediaQuery } from '@/client/api/media';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import { MEDIA_PAGE_SIZE } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';
import { EmptyState, LoadError, Loading } from './load-states';
import { Pager } from './pager';
import './confirm-dialog.css';
import './media-picker.css';

/**
 * 'Elegir de la biblioteca' (docs/decisions/192): a modal dialog with the
 * library's images, searched by title or file name, 40 a page; choosing one
 * closes it and hands the item over. Escape or 'Cancelar' closes it and focus
 * goes back to the button that opened it (the browser's own <dialog>).
 * Rendered only while open, so that the form holds no hidden second search.
 */
export function MediaPicker({ onChoose, onClose }: { onChoose: (item: MediaItem) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useListMediaQuery({ page, search: search || undefined, kind: 'image' });
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    opener.current = document.activeElement;
    element.showModal();
    searchInput.current?.focus();
    return () => {
      if (element.open) element.close();
      // Unmounted rather than closed by the browser: focus goes back by hand.
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
  }, []);

  const items = query.data?.results ?? [];
  const pageCount = Math.max(1, Math.ceil((query.data?.count ?? 0) / MEDIA_PAGE_SIZE));
  // In the document's body: the field that opens it sits inside a form, and a form holds no other form.
  return createPortal(
    <dialog ref={dialog} className="kit-dialog media-picker" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="kit-dialog-title">
        Elegir de la biblioteca
      </h2>
      <form
        className="media-picker-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          // React's events climb the component tree, portal or not: the form around the field must not hear it.
          event.stopPropagation();
          setSearch(searchInput.current?.value.trim() ?? '');
          setPage(1);
        }}
      >
        <label htmlFor={searchId}>Buscar por título o nombre de archivo</label>
        <input ref={searchInput} id={searchId} type="search" className="kit-input" />
        <button type="submit" className="kit-button kit-button-secondary">
          Buscar
        </button>
      </form>
      {query.isLoading ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message="No se pudieron cargar las imágenes." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState message={search ? 'Ninguna imagen coincide con la búsqueda.' : 'La biblioteca no tiene imágenes todavía.'} />
      ) : (
        <ul className="media-picker-grid" aria-label="Imágenes de la biblioteca">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="media-picker-item" onClick={() => onChoose(item)}>
                <ResponsiveImage src={item.url} sizes="10rem" alt="" className="media-picker-image" />
                <span>{item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <Pager label="la biblioteca" page={page} pageCount={pageCount} total={`${query.data?.count} imágenes`} onPage={setPage} />
      )}
      <div className="kit-dialog-actions">
        <button type="button" className="kit-button kit-button-secondary" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
