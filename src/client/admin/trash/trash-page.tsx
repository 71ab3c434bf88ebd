import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListTrashQuery, usePurgeTrashEntryMutation, useRestoreTrashEntryMutation } from '@/client/api/trash';
import { kindCount, kindLabel } from '@/domain/content-kinds';
import type { TrashEntry } from '@/domain/schemas/trash';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { DataTable, type Column } from '../kit/data-table';
import { formatMoment, formatMomentDay } from '../kit/format-moment';
import { EmptyState, LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { useIsAdministrator, useMayWrite } from '../kit/permissions';
import { Pager } from '../kit/pager';
import { readApiFailure } from '../kit/server-errors';
import { StatusBadge } from '../kit/status-badge';
import { useDocumentTitle } from '../kit/use-document-title';
import './trash.css';

/** Entries per page, newest first. */
const TRASH_PAGE_SIZE = 20;

/** What went with a section: 'con 3 publicaciones'; '' for anything else. */
const withPublications = (entry: TrashEntry): string =>
  entry.kind === 'section' && entry.publications ? `con ${kindCount('publication', entry.publications)}` : '';

/** 'Sección con 3 publicaciones', 'Publicación'. */
const entryKind = (entry: TrashEntry): string => [kindLabel(entry.kind), withPublications(entry)].filter(Boolean).join(' ');

/**
 * /admin/papelera (docs/decisions/130): what was deleted, by whom and when,
 * newest first. 'Restaurar' brings an item back at the end of its list (a
 * section with its publications); 'Eliminar definitivamente' purges it now,
 * after a confirmation. Anything left is purged when its date comes.
 */
export function TrashPage() {
  useDocumentTitle('Papelera');
  const { notify } = useNotices();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  // The page asked now, never the last one while it loads (docs/decisions/194).
  const { currentData: data, isError, isFetching, refetch } = useListTrashQuery({ page, pageSize: TRASH_PAGE_SIZE });
  const isLoading = !data && !isError;
  const [restore, { isLoading: restoring }] = useRestoreTrashEntryMutation();
  const [purge, { isLoading: purging }] = usePurgeTrashEntryMutation();
  const [purgeTarget, setPurgeTarget] = useState<TrashEntry | null>(null);
  // Purging, and bringing a section back, are an Administrador's; an Editor restores publications and biographies.
  const manages = useIsAdministrator();
  const mayWrite = useMayWrite();
  const entries = data?.results ?? [];
  const count = data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / TRASH_PAGE_SIZE));

  /** After the last entry of a later page left, that page no longer exists. */
  const leftPage = () => {
    if (entries.length === 1 && page > 1) goTo(page - 1);
  };

  const restoreEntry = async (entry: TrashEntry) => {
    const result = await restore({ id: entry.id, kind: entry.kind });
    if ('error' in result) {
      console.error('No se pudo restaurar', result.error);
      notify(readApiFailure(result.error).detail ?? `No se pudo restaurar «${entry.label}». Inténtelo de nuevo.`, 'error');
      return;
    }
    leftPage();
    notify(
      `Se restauró «${entry.label}»: ${entry.kind === 'section' && entry.publications ? 'la sección y sus publicaciones vuelven' : 'vuelve'} al final de su lista`,
    );
  };

  const purgeEntry = async () => {
    if (!purgeTarget) return;
    const result = await purge(purgeTarget.id);
    if ('error' in result) {
      console.error('No se pudo eliminar definitivamente', result.error);
      notify(readApiFailure(result.error).detail ?? `No se pudo eliminar «${purgeTarget.label}». Inténtelo de nuevo.`, 'error');
    } else {
      leftPage();
      notify(`Se eliminó definitivamente «${purgeTarget.label}»`);
    }
    setPurgeTarget(null);
  };

  const columns = useMemo<Column<TrashEntry>[]>(
    () => [
      { header: 'Elemento', width: 'minmax(0, 2fr)', primary: true, cell: (entry) => <span className="trash-label">{entry.label}</span> },
      {
        header: 'Tipo',
        width: 'minmax(0, 1fr)',
        cell: (entry) => (
          <span className="trash-stack">
            <StatusBadge tone="neutral">{kindLabel(entry.kind)}</StatusBadge>
            {withPublications(entry) && <span className="kit-muted">{withPublications(entry)}</span>}
          </span>
        ),
      },
      {
        header: 'Eliminado',
        width: 'minmax(0, 1.2fr)',
        cell: (entry) => (
          <span className="trash-stack">
            <time dateTime={entry.deleted_at}>{formatMoment(entry.deleted_at)}</time>
            {entry.deleted_by && <span className="kit-muted">por {entry.deleted_by}</span>}
          </span>
        ),
      },
      {
        header: 'Se borrará el',
        width: 'minmax(0, 1fr)',
        cell: (entry) => <time dateTime={entry.purge_at}>{formatMomentDay(entry.purge_at)}</time>,
      },
    ],
    [],
  );

  const busy = restoring || purging;
  const actions = (entry: TrashEntry) => (
    <span className="kit-row-actions">
      {mayWrite(entry.kind) && (
        <button
          type="button"
          className="kit-button kit-button-small kit-button-secondary"
          aria-label={`Restaurar ${entry.label}`}
          disabled={busy}
          onClick={() => void restoreEntry(entry)}
        >
          Restaurar
        </button>
      )}
      {manages && (
        <button
          type="button"
          className="kit-button kit-button-small kit-button-danger-quiet"
          aria-label={`Eliminar definitivamente ${entry.label}`}
          disabled={busy}
          onClick={() => setPurgeTarget(entry)}
        >
          Eliminar definitivamente
        </button>
      )}
    </span>
  );

  return (
    <>
      <PageHeader title="Papelera">
        <p>Lo eliminado espera aquí hasta la fecha indicada; mientras tanto puede restaurarlo. Una sección vuelve con sus publicaciones.</p>
      </PageHeader>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudo cargar la papelera." onRetry={() => void refetch()} retrying={isFetching} />
      ) : entries.length === 0 ? (
        <EmptyState message="La papelera está vacía." />
      ) : (
        <>
          <DataTable caption="Papelera" items={entries} columns={columns} actions={actions} actionsWidth="15rem" />
          {pageCount > 1 && (
            <Pager
              label="Papelera"
              page={page}
              pageCount={pageCount}
              total={`${count} ${count === 1 ? 'elemento' : 'elementos'}`}
              onPage={goTo}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={purgeTarget !== null}
        message="¿Eliminar definitivamente? No se podrá deshacer."
        detail={purgeTarget ? `${entryKind(purgeTarget)}: ${purgeTarget.label}` : undefined}
        confirmLabel="Eliminar definitivamente"
        busy={purging}
        onConfirm={() => void purgeEntry()}
        onCancel={() => setPurgeTarget(null)}
      />
    </>
  );
}
