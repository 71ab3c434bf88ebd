import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useAppDispatch } from '@/client/app/hooks';
import {
  biographiesApi,
  useDeleteBiographyMutation,
  useListBiographiesQuery,
  useReorderBiographiesMutation,
} from '@/client/api/biographies';
import type { Biography } from '@/domain/entities';
import { confirmDelete, messages } from '@/domain/messages';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { tellDeleteFailure } from '../kit/delete-failure';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { EmptyState, LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { RowActions } from '../kit/row-actions';
import { StatusBadge } from '../kit/status-badge';
import { useReorder } from '../kit/use-reorder';
import { useDocumentTitle } from '../kit/use-document-title';
import { BiographyAvatar } from './biography-avatar';
import { biographyStatus } from './biography-status';
import './biographies.css';

type Row = Biography;

/**
 * Rows per page. With 1,000 biographies one page of all of them took seconds to
 * show and to move a row on this project's machine (docs/performance.md);
 * 100 keep both quick. A move sends only the page shown, or the two rows that
 * swap across its edge (useReorder), so the list may be of any length.
 */
const PAGE_SIZE = 100;

/** /admin/biographies (requirements §2): every biography in its order, reorderable, with view / edit / delete. */
export function BiographyListPage() {
  useDocumentTitle('Biografías');
  const dispatch = useAppDispatch();
  const { notify } = useNotices();
  // 'Buscar por nombre' lives in the address (?q=, as in the publication list), so a reload or the back button keeps it.
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || undefined;
  // The search asked now, never the last one's people while it loads (docs/decisions/194).
  const { currentData: biographies, isError, isFetching, refetch } = useListBiographiesQuery(search);
  const isLoading = !biographies && !isError;
  const [reorderBiographies] = useReorderBiographiesMutation();
  const [deleteBiography, { isLoading: deleting }] = useDeleteBiographyMutation();
  const [target, setTarget] = useState<Row | null>(null);
  const move = useReorder(biographies, reorderBiographies, { pageSize: PAGE_SIZE });

  const columns = useMemo<Column<Row>[]>(
    () => [
      { header: 'Foto', width: '2.75rem', media: true, cell: (b) => <BiographyAvatar biography={b} size="small" /> },
      {
        header: 'Nombre',
        width: 'minmax(0, 1.3fr)',
        primary: true,
        cell: (b) => <Link to={paths.admin.biography.getHref(b.id)}>{b.name}</Link>,
      },
      { header: 'Cargo', width: 'minmax(0, 1.5fr)', cell: (b) => b.position },
      { header: 'Email', width: 'minmax(0, 1.6fr)', cell: (b) => b.email || <span className="kit-muted">—</span> },
      {
        header: 'Estado',
        width: '5.5rem',
        cell: (b) => <StatusBadge tone={b.is_active ? 'positive' : 'neutral'}>{biographyStatus(b)}</StatusBadge>,
      },
    ],
    [],
  );
  const actions = useMemo(
    () => (b: Row) => (
      <RowActions
        label={b.name}
        viewTo={paths.admin.biography.getHref(b.id)}
        editTo={paths.admin.biographyEdit.getHref(b.id)}
        onDelete={() => setTarget(b)}
      />
    ),
    [],
  );
  const reorder = useMemo(() => ({ onMove: move, label: (b: Biography) => b.name }), [move]);

  const remove = async () => {
    if (!target) return;
    const result = await deleteBiography(target.id);
    if ('error' in result) {
      tellDeleteFailure(notify, 'biography', result.error);
      setTarget(null);
      return;
    }
    dispatch(biographiesApi.util.updateQueryData('listBiographies', search, (draft) => draft.filter((b) => b.id !== target.id)));
    notify(`Biografía de ${target.name} eliminada`);
    setTarget(null);
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(term ? { q: term } : {});
  };

  return (
    <>
      <PageHeader
        // No count until the list is here: '(0)' while loading would be a false statement.
        title={biographies ? `Biografías (${biographies.length})` : 'Biografías'}
        action={
          <Link className="kit-button kit-button-primary" to={paths.admin.biographyNew.getHref()}>
            Nueva Biografía
          </Link>
        }
      >
        <p>El orden de esta lista es el del cuerpo docente en el sitio público.</p>
      </PageHeader>
      <form role="search" aria-label="Buscar biografías" className="biography-search admin-card" onSubmit={submitSearch}>
        <Field
          label="Buscar por nombre"
          hint={search ? 'Mientras busca, la lista muestra solo lo encontrado y no se puede reordenar.' : undefined}
        >
          {(control) => <input className="kit-input" type="search" name="q" defaultValue={search ?? ''} key={search ?? ''} {...control} />}
        </Field>
        <button type="submit" className="kit-button kit-button-secondary">
          Buscar
        </button>
      </form>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message={messages.loadBiographiesFailed} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !biographies?.length && search ? (
        <EmptyState message="No hay biografías que coincidan." />
      ) : !biographies?.length ? (
        <EmptyState message="No se encontraron biografías">
          <Link to={paths.admin.biographyNew.getHref()}>Crear la primera biografía</Link>
        </EmptyState>
      ) : (
        <DataTable
          caption="Biografías"
          items={biographies}
          columns={columns}
          actions={actions}
          reorder={search ? undefined : reorder}
          pageSize={PAGE_SIZE}
        />
      )}
      <ConfirmDialog
        open={target !== null}
        message={confirmDelete('biografía')}
        detail={target?.name}
        note="La biografía irá a la Papelera; desde allí podrá restaurarla."
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
