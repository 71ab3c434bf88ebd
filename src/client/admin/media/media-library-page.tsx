import { useId, useRef, useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useListMediaQuery, useUploadMediaMutation } from '@/client/api/media';
import { DOCUMENT_ACCEPT } from '@/domain/documents';
import { IMAGE_ACCEPT } from '@/domain/images';
import { formatFileSize, isMediaFileKind, MEDIA_PAGE_SIZE, type MediaFileKind } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';
import { EmptyState, LoadError, Loading } from '../kit/load-states';
import { PageHeader } from '../kit/page-header';
import { Pager } from '../kit/pager';
import { mediaUploadRefusal } from '../kit/server-errors';
import { useDocumentTitle } from '../kit/use-document-title';
import { documentLabel, MediaThumbnail } from './media-thumbnail';
import './media.css';

const FILTERS: { value: MediaFileKind | ''; label: string }[] = [
  { value: '', label: 'Todos' },
  { value: 'image', label: 'Imágenes' },
  { value: 'document', label: 'Documentos' },
];

/** One file of a 'Subir archivos': under way, in, or refused and why. */
interface UploadOutcome {
  key: string;
  name: string;
  state: 'sending' | 'done' | 'refused';
  message?: string;
}

/** The page, search and filter live in the address, so that a reload or 'Atrás' keeps them. */
function useLibraryAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const rawKind = params.get('kind') ?? '';
  const kind = isMediaFileKind(rawKind) ? rawKind : undefined;
  const change = (wanted: { page?: number; search?: string; kind?: string }) => {
    const next = { page: wanted.page ?? 1, search: wanted.search ?? search, kind: wanted.kind ?? kind ?? '' };
    const address = new URLSearchParams();
    if (next.search) address.set('search', next.search);
    if (next.kind) address.set('kind', next.kind);
    if (next.page > 1) address.set('page', String(next.page));
    setParams(address);
  };
  return { page, search, kind, change };
}

/**
 * /admin/medios (docs/decisions/192): every uploaded image and document,
 * newest first, 40 a page; a search over title and file name; 'Todos /
 * Imágenes / Documentos'; and 'Subir archivos', by button or by dropping files
 * on the page, one request per file, each with its own outcome.
 */
export function MediaLibraryPage() {
  useDocumentTitle('Medios');
  const { page, search, kind, change } = useLibraryAddress();
  const query = useListMediaQuery({ page, search: search || undefined, kind });
  const [upload] = useUploadMediaMutation();
  const [outcomes, setOutcomes] = useState<UploadOutcome[]>([]);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const outcomesId = useId();

  const send = async (files: File[]) => {
    const batch = files.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, name: file.name, state: 'sending' as const }));
    setOutcomes((current) => [...batch, ...current]);
    // One request per file, one after another: each succeeds or fails on its own.
    for (const [index, file] of files.entries()) {
      const result = await upload({ file });
      const outcome: UploadOutcome =
        'error' in result
          ? { ...batch[index], state: 'refused', message: mediaUploadRefusal(result.error) }
          : { ...batch[index], state: 'done' };
      setOutcomes((current) => current.map((shown) => (shown.key === outcome.key ? outcome : shown)));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void send(files);
  };

  const pageCount = Math.max(1, Math.ceil((query.data?.count ?? 0) / MEDIA_PAGE_SIZE));
  return (
    <div
      className={`media-library${dragging ? ' media-library-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <PageHeader
        title="Medios"
        action={
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={`${IMAGE_ACCEPT},${DOCUMENT_ACCEPT}`}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0) void send(files);
              }}
            />
            <button type="button" className="kit-button kit-button-primary" onClick={() => picker.current?.click()}>
              Subir archivos
            </button>
          </>
        }
      />
      <p className="kit-muted media-drop-hint">También puede soltar los archivos en esta página.</p>

      {outcomes.length > 0 && (
        <section className="admin-card media-uploads" aria-labelledby={outcomesId}>
          <h2 id={outcomesId} className="media-uploads-title">
            Subidas
          </h2>
          <ul role="status">
            {outcomes.map((outcome) => (
              <li key={outcome.key} className={`media-upload media-upload-${outcome.state}`}>
                <span className="media-upload-name">{outcome.name}</span>{' '}
                <span>
                  {outcome.state === 'sending' ? 'Subiendo…' : outcome.state === 'done' ? 'Subido' : `No se subió: ${outcome.message}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <form
        className="media-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('search');
          change({ search: typeof value === 'string' ? value.trim() : '' });
        }}
      >
        <label htmlFor={searchId}>Buscar por título o nombre de archivo</label>
        <input id={searchId} name="search" type="search" className="kit-input" defaultValue={search} key={search} />
        <button type="submit" className="kit-button kit-button-secondary">
          Buscar
        </button>
        {/* Checked by the browser at once; drawn again from the address once it follows ('Atrás' too). */}
        <fieldset className="media-kind-filter" key={kind ?? 'todos'}>
          <legend className="visually-hidden">Tipo de archivo</legend>
          {FILTERS.map((filter) => (
            <label key={filter.value} className="media-kind-option">
              <input
                type="radio"
                name="kind"
                value={filter.value}
                defaultChecked={(kind ?? '') === filter.value}
                onChange={() => change({ kind: filter.value })}
              />
              {filter.label}
            </label>
          ))}
        </fieldset>
      </form>

      <MediaGrid query={query} filtered={Boolean(search || kind)} />
      {(query.data?.count ?? 0) > MEDIA_PAGE_SIZE && (
        <Pager
          label="Medios"
          page={page}
          pageCount={pageCount}
          total={`${query.data?.count} archivos`}
          onPage={(next) => change({ page: next })}
        />
      )}
    </div>
  );
}

function MediaGrid({
  query,
  filtered,
}: {
  query: { currentData?: { results: MediaItem[] }; isError: boolean; isFetching: boolean; refetch: () => unknown };
  filtered: boolean;
}) {
  if (query.isError)
    return <LoadError message="No se pudieron cargar los archivos." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  // The items of the page, search and filter chosen now, never the last ones while these load:
  // 'Documentos' must not go on showing images it then takes away (docs/decisions/194).
  if (!query.currentData) return <Loading />;
  const items = query.currentData.results;
  if (items.length === 0) {
    return <EmptyState message={filtered ? 'Ningún archivo coincide con la búsqueda.' : 'Todavía no hay archivos. Suba el primero.'} />;
  }
  return (
    <ul className="media-grid" aria-label="Archivos">
      {items.map((item) => (
        <li key={item.id} className="media-card">
          <Link to={paths.admin.mediaItem.getHref(item.id)} className="media-card-link">
            <MediaThumbnail item={item} />
            <span className="media-card-title">{item.title}</span>
            <span className="kit-muted media-card-meta">
              {item.kind === 'image' && item.width && item.height ? `${item.width} × ${item.height} · ` : `${documentLabel(item)} · `}
              {formatFileSize(item.size)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
