import type { ContentKind } from '@/domain/content-kinds';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useListRevisionsQuery } from '@/client/api/revisions';
import { REVISIONS_KEPT, REVISIONS_KEPT_DAYS } from '@/domain/history';
import { formatMoment } from './format-moment';
import { LoadError, Loading } from './load-states';
import { Pager } from './pager';
import { StatusBadge } from './status-badge';
import { ADMIN_KINDS } from './kinds';
import './history.css';

/** Revisions per page of the panel. */
const HISTORY_PAGE_SIZE = 10;

/**
 * 'Historial' on an item's detail page (docs/decisions/132): its revisions,
 * newest first, each with when, who and what changed, and a link to see it
 * whole (and restore it from there). The newest is the current version.
 */
export function HistoryPanel({ kind, id }: { kind: ContentKind; id: number }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  // The page asked now, never the last one while it loads (docs/decisions/194).
  const { currentData: data, isError, isFetching, refetch } = useListRevisionsQuery({ kind, id, page, pageSize: HISTORY_PAGE_SIZE });
  const isLoading = !data && !isError;
  const count = data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  return (
    <section className="admin-card history" aria-labelledby={titleId}>
      <h2 id={titleId} className="history-title">
        Historial
      </h2>
      <p className="kit-muted history-note">
        Cada vez que se guarda queda una versión. Se conservan las {REVISIONS_KEPT} últimas y todas las de los últimos {REVISIONS_KEPT_DAYS}{' '}
        días.
      </p>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudo cargar el historial." onRetry={() => void refetch()} retrying={isFetching} />
      ) : count === 0 ? (
        <p className="history-empty">Aún no hay versiones guardadas: el historial empieza con el próximo cambio.</p>
      ) : (
        <>
          <ol className="history-list">
            {data!.results.map((revision, index) => {
              const current = page === 1 && index === 0;
              return (
                <li key={revision.id} className="history-item">
                  <p className="history-item-head">
                    <Link to={ADMIN_KINDS[kind].revisionHref(id, revision.id)}>Versión {revision.number}</Link>
                    {current && <StatusBadge tone="positive">Versión actual</StatusBadge>}
                  </p>
                  <p className="kit-muted history-item-meta">
                    <time dateTime={revision.created_at}>{formatMoment(revision.created_at)}</time>
                    {revision.author && <> · {revision.author}</>}
                  </p>
                  {revision.summary.length > 0 && (
                    <ul className="history-changes" aria-label={`Cambios de la versión ${revision.number}`}>
                      {revision.summary.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {pageCount > 1 && (
            <Pager
              label="Historial"
              page={page}
              pageCount={pageCount}
              total={`${count} ${count === 1 ? 'versión' : 'versiones'}`}
              onPage={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
