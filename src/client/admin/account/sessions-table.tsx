import { useMemo } from 'react';
import {
  useCloseAccountSessionMutation,
  useCloseOtherSessionsMutation,
  useListAccountSessionsQuery,
  type AccountSession,
} from '@/client/api/accounts';
import { DataTable, type Column } from '../kit/data-table';
import { formatMoment } from '../kit/format-moment';
import { LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { readApiFailure } from '../kit/server-errors';
import { StatusBadge } from '../kit/status-badge';

/** The table keys its rows by number; a session's own id is the server's string. */
type SessionRow = Omit<AccountSession, 'id'> & { key: string; id: number };

const nameOf = (session: Pick<AccountSession, 'browser' | 'system'>) =>
  [session.browser, session.system].filter(Boolean).join(' en ') || 'Navegador desconocido';

const sessionsClosed = (count: number) =>
  count === 0 ? 'No había otras sesiones abiertas.' : count === 1 ? 'Se ha cerrado 1 sesión.' : `Se han cerrado ${count} sesiones.`;

/**
 * 'Sesiones abiertas': every sign-in of this person still alive, this
 * browser's marked 'Esta sesión'. Closing one ends it at once on the server:
 * its tokens stop working on their next request.
 */
export function SessionsTable() {
  const { notify } = useNotices();
  const { data, isLoading, isError, isFetching, refetch } = useListAccountSessionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [closeSession, { isLoading: closing }] = useCloseAccountSessionMutation();
  const [closeOthers, { isLoading: closingOthers }] = useCloseOtherSessionsMutation();
  const rows = useMemo<SessionRow[]>(
    () =>
      [...(data ?? [])]
        // This browser's first, then the most recently used.
        .sort((a, b) => Number(b.current) - Number(a.current) || (b.last_used_at ?? '').localeCompare(a.last_used_at ?? ''))
        .map((session, index) => ({ ...session, key: session.id, id: index + 1 })),
    [data],
  );
  const others = rows.filter((row) => !row.current).length;

  const columns = useMemo<Column<SessionRow>[]>(
    () => [
      {
        header: 'Navegador',
        width: 'minmax(0, 1.4fr)',
        primary: true,
        cell: (row) => (
          <span className="account-session-name">
            {row.browser || 'Desconocido'}
            {row.current && <StatusBadge tone="positive">Esta sesión</StatusBadge>}
          </span>
        ),
      },
      { header: 'Sistema', width: 'minmax(0, 1fr)', cell: (row) => row.system || <span className="kit-muted">Desconocido</span> },
      { header: 'IP', width: 'minmax(0, 1fr)', cell: (row) => (row.ip ? <code>{row.ip}</code> : <span className="kit-muted">—</span>) },
      { header: 'Inicio', width: 'minmax(0, 1.1fr)', cell: (row) => <time dateTime={row.started_at}>{formatMoment(row.started_at)}</time> },
      {
        header: 'Último uso',
        width: 'minmax(0, 1.1fr)',
        cell: (row) =>
          row.last_used_at ? (
            <time dateTime={row.last_used_at}>{formatMoment(row.last_used_at)}</time>
          ) : (
            <span className="kit-muted">—</span>
          ),
      },
    ],
    [],
  );

  const close = async (row: SessionRow) => {
    const result = await closeSession(row.key);
    if ('error' in result) notify(readApiFailure(result.error).detail ?? 'No se pudo cerrar la sesión. Inténtelo de nuevo.', 'error');
    else notify(`Sesión cerrada: ${nameOf(row)}.`);
  };
  const actions = (row: SessionRow) =>
    // This one ends with 'Cerrar sesión' in the header, which also leaves the panel.
    row.current ? null : (
      <button
        type="button"
        className="kit-button kit-button-small kit-button-danger-quiet"
        aria-label={`Cerrar sesión: ${nameOf(row)}`}
        disabled={closing}
        onClick={() => void close(row)}
      >
        Cerrar sesión
      </button>
    );

  const closeAllOthers = async () => {
    const result = await closeOthers();
    if ('error' in result)
      notify(readApiFailure(result.error).detail ?? 'No se pudieron cerrar las sesiones. Inténtelo de nuevo.', 'error');
    else notify(sessionsClosed(result.data.closed));
  };

  return (
    <section className="account-sessions" aria-labelledby="account-sessions-title">
      <div className="account-section-header">
        <h2 id="account-sessions-title" className="account-section-title">
          Sesiones abiertas
        </h2>
        <button
          type="button"
          className="kit-button kit-button-secondary"
          disabled={closingOthers || others === 0}
          onClick={() => void closeAllOthers()}
        >
          Cerrar las demás sesiones
        </button>
      </div>
      <p className="account-lead">
        Cada inicio de sesión que sigue abierto, en este navegador o en otros. Cerrar una la termina al momento.
      </p>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudieron cargar las sesiones." onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <DataTable caption="Sesiones abiertas" items={rows} columns={columns} actions={actions} actionsWidth="9.5rem" cardsBelow={720} />
      )}
    </section>
  );
}
