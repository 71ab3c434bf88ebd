import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useListMediaQuery } from '@/client/api/media';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import { documentFactsBy } from '@/domain/documents';
import { formatFileSize, MEDIA_PAGE_SIZE, type MediaFileKind } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';
import { EmptyState, LoadError, Loading } from './load-states';
import { Pager } from './pager';
import './confirm-dialog.css';
import './media-picker.css';

/** What the dialog says of the items it lists. */
const WORDS = {
  image: {
    list: 'Imágenes de la biblioteca',
    loadError: 'No se pudieron cargar las imágenes.',
    noMatch: 'Ninguna imagen coincide con la búsqueda.',
    none: 'La biblioteca no tiene imágenes todavía.',
    count: (count: number) => `${count} imágenes`,
  },
  document: {
    list: 'Documentos de la biblioteca',
    loadError: 'No se pudieron cargar los documentos.',
    noMatch: 'Ningún documento coincide con la búsqueda.',
    none: 'La biblioteca no tiene documentos todavía.',
    count: (count: number) => `${count} documentos`,
  },
} satisfies Record<MediaFileKind, unknown>;

/**
 * 'Elegir de la biblioteca' (docs/decisions/223): a modal dialog with the
 * library's images (or documents), searched by title or file name, 40 a page; choosing one
 * closes it and hands the item over. Escape or 'Cancelar' closes it and focus
 * goes back to the button that opened it (the browser's own <dialog>).
 * Rendered only while open, so that the form holds no hidden second search.
 */
export function MediaPicker({
  kind = 'image',
  onChoose,
  onClose,
}: {
  kind?: MediaFileKind;
  onChoose: (item: MediaItem) => void;
  onClose: () => void;
}) {
  const words = WORDS[kind];
  const dialog = useRef<HTMLDialogElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useListMediaQuery({ page, search: search || undefined, kind });
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

  // The items of the search and page chosen now, never the last ones while these load (docs/decisions/194).
  const items = query.currentData?.results ?? [];
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
      {query.isError ? (
        <LoadError message={words.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.currentData ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState message={search ? words.noMatch : words.none} />
      ) : (
        <ul className="media-picker-grid" aria-label={words.list}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="media-picker-item" onClick={() => onChoose(item)}>
                {item.kind === 'image' ? (
                  <ResponsiveImage src={item.url} sizes="10rem" alt="" className="media-picker-image" />
                ) : (
                  <span className="media-picker-image media-picker-document">
                    {documentFactsBy('contentType', item.content_type)?.label}
                  </span>
                )}
                <span>{item.title}</span>
                {item.kind === 'document' && <span className="media-picker-facts">{formatFileSize(item.size)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <Pager label="la biblioteca" page={page} pageCount={pageCount} total={words.count(query.data?.count ?? 0)} onPage={setPage} />
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
