import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useAppDispatch } from '@/client/app/hooks';
import {
  publicationsApi,
  useDeletePublicationMutation,
  useListPublicationPageQuery,
  useReorderPublicationsMutation,
} from '@/client/api/publications';
import { useListSectionsQuery } from '@/client/api/sections';
import { formatLongDate } from '@/client/ui/format-date';
import { eventShortWhen } from '@/domain/events';
import { PublicationDate } from '@/client/ui/publication-date';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import type { Publication } from '@/domain/entities';
import { confirmDelete } from '@/domain/messages';
import { publicOrderNote } from '@/domain/list-order';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { tellDeleteFailure } from '../kit/delete-failure';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { EmptyState, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { Pager } from '../kit/pager';
import { parseId } from '../kit/parse-id';
import { RowActions } from '../kit/row-actions';
import { useReorder } from '../kit/use-reorder';
import { useDocumentTitle } from '../kit/use-document-title';
import { PublicationStateBadges } from '../kit/publication-status';
import { featuredLabel } from './featured-label';
import { ALL_STATUSES_LABEL, isShownStatus, SHOWN_STATUS_LABELS, SHOWN_STATUSES, type ShownStatus } from '@/domain/publication-status';
import { BulkActionBar, BulkRowCheckbox, BulkSelectAll } from './bulk-actions';
import { useBulkSelection } from './use-bulk-selection';
import './publications.css';

type Row = Publication;

/**
 * The table's narrowest width with every column's words whole: the tracks
 * below (7.25 + 5.5 + 4 + 9 + 7.5 + 8.5 + 7.5 + 6.75 + 8.25 rem), eight gaps of
 * 0.875 rem and the row's padding, at 16 px.
 */
const PUBLICATION_TABLE_MIN_WIDTH = 1174;

/** Rows per page, asked of the server: the first page shows at once whatever the size of the list. */
const PUBLICATION_PAGE_SIZE = 20;

/** The list's state lives in the address (section, status, search, page), so a reload or the back button keeps it. */
function useListAddress() {
  const [params, setParams] = useSearchParams();
  const section = parseId(params.get('section') ?? undefined) ?? undefined;
  const wantedStatus = params.get('status');
  const status = isShownStatus(wantedStatus) ? wantedStatus : undefined;
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const withEvent = params.get('evento') === '1' ? true : undefined;
  const change = (next: { section?: number; status?: ShownStatus; search?: string; withEvent?: boolean; page?: number }) => {
    const wanted = { section, status, search, withEvent, page: 1, ...next };
    const address = new URLSearchParams();
    if (wanted.section !== undefined) address.set('section', String(wanted.section));
    if (wanted.status !== undefined) address.set('status', wanted.status);
    if (wanted.withEvent) address.set('evento', '1');
    if (wanted.search.trim()) address.set('q', wanted.search.trim());
    if (wanted.page > 1) address.set('page', String(wanted.page));
    setParams(address);
  };
  return { section, status, search, withEvent, page, change };
}

/**
 * /admin/publications (requirements §2): a page of publications as the server pages,
 * filters by section and searches by title; reorderable within the page shown
 * (the server keeps rows outside it in place), and 'Subir' on a page's first
 * row or 'Bajar' on its last swaps it with the row on the neighbouring page
 * and shows that page. A load failure shows an empty list (requirements §8)
 * and a quiet way to try again.
 */
export function PublicationListPage() {
  useDocumentTitle('Publicaciones');
  const { notify } = useNotices();
  const { section, status, search, withEvent, page, change } = useListAddress();
  const { data: sections } = useListSectionsQuery();
  const shownSection = sections?.find((one) => one.id === section);
  const orderNote = shownSection ? publicOrderNote(shownSection.title, shownSection.list_order) : null;
  // The filters and page asked now, never the last ones' rows while they load: a row of another
  // section must not be there to select or drag (docs/decisions/194).
  const {
    currentData: data,
    isError,
    isFetching,
    refetch,
  } = useListPublicationPageQuery({ page, pageSize: PUBLICATION_PAGE_SIZE, search, section, status, withEvent });
  const isLoading = !data && !isError;
  const [reorderPublications] = useReorderPublicationsMutation();
  const [deletePublication, { isLoading: deleting }] = useDeletePublicationMutation();
  const [target, setTarget] = useState<Row | null>(null);
  const eventFilterId = useId();
  const publications = useMemo(() => (isError ? [] : (data?.results ?? [])), [data, isError]);
  // The selection survives paging, not a change of filter.
  const selection = useBulkSelection(publications, JSON.stringify([section ?? null, status ?? null, search, withEvent ?? false]));
  const { isSelected, toggle } = selection;
  const count = isError ? 0 : (data?.count ?? 0);
  const pageCount = Math.max(1, Math.ceil(count / PUBLICATION_PAGE_SIZE));
  const dispatch = useAppDispatch();
  // The row just before or after the page shown: the neighbouring page's last or first, asked of the server (or its cache).
  const beyond = useCallback(
    async (direction: 'up' | 'down') => {
      const request = {
        page: direction === 'up' ? page - 1 : page + 1,
        pageSize: PUBLICATION_PAGE_SIZE,
        search,
        section,
        status,
        withEvent,
      };
      if (request.page < 1) return undefined;
      const { data: neighbour } = await dispatch(publicationsApi.endpoints.listPublicationPage.initiate(request, { subscribe: false }));
      return direction === 'up' ? neighbour?.results.at(-1) : neighbour?.results[0];
    },
    [dispatch, page, search, section, status, withEvent],
  );
  const moveInPage = useReorder(publications, reorderPublications, { beyond });
  // Read when a move across the page edge ends: the address may have changed meanwhile.
  const address = useRef({ page, change });
  useLayoutEffect(() => {
    address.current = { page, change };
  });
  const move = useCallback(
    async (from: number, to: number) => {
      const startedOn = address.current.page;
      if (!(await moveInPage(from, to))) return;
      // The row is on the neighbouring page now: show it there (DataTable puts the focus back on it).
      if (address.current.page === startedOn) address.current.change({ page: startedOn + (to < from ? -1 : 1) });
    },
    [moveInPage],
  );

  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        header: 'Selección',
        width: '5.5rem',
        cell: (p) => <BulkRowCheckbox title={p.title} checked={isSelected(p.id)} onChange={() => toggle(p)} />,
      },
      {
        header: 'Imagen',
        width: '4rem',
        media: true,
        cell: (p) =>
          p.featured_image ? (
            <ResponsiveImage
              className="publication-thumb"
              src={p.featured_image}
              sizes="72px"
              alt=""
              fallback={<span className="publication-thumb" />}
            />
          ) : (
            <span className="publication-thumb" aria-hidden="true" />
          ),
      },
      {
        header: 'Título',
        width: 'minmax(9rem, 3fr)',
        primary: true,
        cell: (p) => <Link to={paths.admin.publication.getHref(p.id)}>{p.title}</Link>,
      },
      { header: 'Sección', width: 'minmax(7.5rem, 1.4fr)', cell: (p) => p.section?.title ?? '' },
      { header: 'Estado', width: '8.5rem', cell: (p) => <PublicationStateBadges status={p.status} state={p.public_state} /> },
      {
        header: 'Fecha',
        width: '7.5rem',
        cell: (p) => (
          <>
            {formatLongDate(p.publish_date) ? <PublicationDate value={p.publish_date} /> : 'No publicado'}
            {p.event && <span className="publication-event-date">Evento: {eventShortWhen(p.event)}</span>}
          </>
        ),
      },
      { header: 'Destacado', width: '6.75rem', cell: (p) => featuredLabel(p.is_featured) },
    ],
    [isSelected, toggle],
  );
  const actions = useMemo(
    () => (p: Row) => (
      <RowActions
        label={p.title}
        viewTo={paths.admin.publication.getHref(p.id)}
        editTo={paths.admin.publicationEdit.getHref(p.id)}
        onDelete={() => setTarget(p)}
      />
    ),
    [],
  );
  const offset = (page - 1) * PUBLICATION_PAGE_SIZE;
  const reorder = useMemo(
    () => ({ onMove: move, label: (p: Publication) => p.title, range: { offset, total: count } }),
    [move, offset, count],
  );

  const remove = async () => {
    if (!target) return;
    const result = await deletePublication(target.id);
    if ('error' in result) {
      tellDeleteFailure(notify, 'publication', result.error);
      setTarget(null);
      return;
    }
    // The last row of a later page gone: that page no longer exists.
    if (publications.length === 1 && page > 1) change({ page: page - 1 });
    notify(`Publicación «${target.title}» eliminada`);
    setTarget(null);
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ search: String(new FormData(event.currentTarget).get('q') ?? '') });
  };

  const filtered = section !== undefined || status !== undefined || search !== '' || withEvent !== undefined;
  return (
    <>
      <PageHeader
        title="Publicaciones"
        action={
          <Link className="kit-button kit-button-primary" to={paths.admin.publicationNew.getHref()}>
            Nueva Publicación
          </Link>
        }
      >
        <p>Dentro de la página mostrada, ordene las publicaciones arrastrando la fila por su asa o con los botones Subir y Bajar.</p>
      </PageHeader>
      <div className="publication-filters admin-card">
        <Field label="Sección">
          {(control) => (
            <select
              className="kit-input"
              {...control}
              value={section ?? ''}
              onChange={(event) => change({ section: parseId(event.target.value) ?? undefined })}
            >
              <option value="">Todas las secciones</option>
              {(sections ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Estado">
          {(control) => (
            <select
              className="kit-input"
              {...control}
              value={status ?? ''}
              onChange={(event) => change({ status: isShownStatus(event.target.value) ? event.target.value : undefined })}
            >
              <option value="">{ALL_STATUSES_LABEL}</option>
              {SHOWN_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {SHOWN_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="publication-event-filter">
          <input
            id={eventFilterId}
            type="checkbox"
            className="kit-checkbox"
            checked={withEvent ?? false}
            onChange={(event) => change({ withEvent: event.target.checked || undefined })}
          />
          <label htmlFor={eventFilterId} className="kit-label">
            Con evento
          </label>
        </div>
        <form role="search" aria-label="Buscar publicaciones" className="publication-search" onSubmit={submitSearch}>
          <Field label="Buscar por título">
            {(control) => <input className="kit-input" type="search" name="q" defaultValue={search} key={search} {...control} />}
          </Field>
          <button type="submit" className="kit-button kit-button-secondary">
            Buscar
          </button>
        </form>
      </div>
      {orderNote && <p className="kit-muted publication-order-note">{orderNote}</p>}
      {isLoading ? (
        <Loading />
      ) : publications.length === 0 ? (
        <EmptyState message={filtered && !isError ? 'No hay publicaciones que coincidan.' : 'No hay publicaciones.'}>
          {isError && (
            <button type="button" className="kit-button kit-button-secondary" onClick={refetch} disabled={isFetching}>
              Reintentar
            </button>
          )}
        </EmptyState>
      ) : (
        <>
          {/* Eight columns: the three actions take two lines, so the titles keep room; narrower than
              those columns need with whole words (about 1,340 px of screen beside the side
              navigation), the rows become cards. */}
          <BulkSelectAll selection={selection} />
          <DataTable
            caption="Publicaciones"
            items={publications}
            columns={columns}
            actions={actions}
            actionsWidth="8.25rem"
            reorder={reorder}
            cardsBelow={PUBLICATION_TABLE_MIN_WIDTH}
          />
          <Pager
            label="Publicaciones"
            page={page}
            pageCount={pageCount}
            total={`${count} ${count === 1 ? 'publicación' : 'publicaciones'}`}
            onPage={(n) => change({ page: n })}
          />
        </>
      )}
      <BulkActionBar selection={selection} sections={sections ?? []} />
      <ConfirmDialog
        open={target !== null}
        message={confirmDelete('publicación')}
        detail={target?.title}
        note="La publicación irá a la Papelera; desde allí podrá restaurarla."
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
