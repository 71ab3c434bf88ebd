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
import { ResponsiveImage } from '@/client/ui/responsive-image';
import type { Publication } from '@/domain/entities';
import { confirmDelete } from '@/domain/messages';
import { publicOrderNote } from '@/domain/list-order';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { tellDeleteFailure } from '../kit/delete-failure';
import { DataTable, type Column, type SortOptions, type TableLayout } from '../kit/data-table';
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
import {
  ALL_STATUSES_LABEL,
  isShownStatus,
  shortDate,
  SHOWN_STATUS_LABELS,
  SHOWN_STATUSES,
  type ShownStatus,
} from '@/domain/publication-status';
import {
  isDescending,
  isPublicationOrdering,
  ORDERING_ADDRESS_KEYS,
  ORDERING_ADDRESS_PARAM,
  orderingField,
  orderingOf,
  orderingOfAddressKey,
  PUBLICATION_ORDERINGS,
  type OrderingField,
  type PublicationOrdering,
} from '@/domain/publication-ordering';
import { MANUAL_ORDER_LABEL, MANUAL_ORDER_NOTE, ORDERING_LABELS } from './ordering-labels';
import { BulkActionBar, BulkRowCheckbox, BulkSelectAll } from './bulk-actions';
import { useBulkSelection } from './use-bulk-selection';
import './publications.css';

type Row = Publication;

/**
 * The table's narrowest width with every column's words whole, at 16 px: the
 * dense table's tracks below at their least (3.75 handle + 1.5 + 3.5 + 8 + 6.75
 * + 6.5 + 6.5 + 5.25 + 7 actions = 48.75 rem), nine gaps of 0.625 rem and the
 * row's padding (1.25 rem): 890 px; sorted, without the handle's track and its
 * gap, 820 px. 1280 px of screen beside the side navigation leave the table 960.
 */
const PUBLICATION_TABLE_MIN_WIDTH = { manual: 890, sorted: 820 } as const;

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
  // ?orden=-fecha: the Spanish keys of domain/publication-ordering.ts; anything else is the manual order.
  const ordering = orderingOfAddressKey(params.get(ORDERING_ADDRESS_PARAM));
  const change = (next: {
    section?: number;
    status?: ShownStatus;
    search?: string;
    withEvent?: boolean;
    ordering?: PublicationOrdering;
    page?: number;
  }) => {
    const wanted = { section, status, search, withEvent, ordering, page: 1, ...next };
    const address = new URLSearchParams();
    if (wanted.section !== undefined) address.set('section', String(wanted.section));
    if (wanted.status !== undefined) address.set('status', wanted.status);
    if (wanted.withEvent) address.set('evento', '1');
    if (wanted.search.trim()) address.set('q', wanted.search.trim());
    if (wanted.ordering) address.set(ORDERING_ADDRESS_PARAM, ORDERING_ADDRESS_KEYS[wanted.ordering]);
    if (wanted.page > 1) address.set('page', String(wanted.page));
    setParams(address);
  };
  return { section, status, search, withEvent, ordering, page, change };
}

/**
 * requirements §4's 'Destacado' / 'Normal': in the table a star (or a dash) with the word for
 * screen readers and as its title; on a card, the word (publications.css).
 */
function FeaturedMark({ featured }: { featured: boolean }) {
  const label = featuredLabel(featured);
  return (
    <span className="publication-featured" data-featured={featured || undefined} title={label}>
      <span className="publication-featured-mark" aria-hidden="true">
        {featured ? '★' : '–'}
      </span>
      <span className="publication-featured-word">{label}</span>
    </span>
  );
}

/** A publish date as the table shows it, '25 nov 2026', the long form as its title. */
function CompactDate({ value }: { value: string }) {
  return (
    <time dateTime={value.slice(0, 10)} title={formatLongDate(value) ?? undefined}>
      {shortDate(value.slice(0, 10))}
    </time>
  );
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
  const { section, status, search, withEvent, ordering, page, change } = useListAddress();
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
  } = useListPublicationPageQuery({ page, pageSize: PUBLICATION_PAGE_SIZE, search, section, status, withEvent, ordering });
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

  // Sorted by a column: the header's button, the select on a phone, 'Orden manual' (docs/decisions/200).
  const [layout, setLayout] = useState<TableLayout>('table');
  const [announcement, setAnnouncement] = useState('');
  // The header button pressed, focused again once the sorted list is drawn (the table gives way to 'Cargando...' meanwhile).
  const focusAfterSort = useRef<OrderingField | null>(null);
  const listArea = useRef<HTMLDivElement>(null);
  const sortBy = useCallback(
    (next: PublicationOrdering | undefined, focusKey?: OrderingField) => {
      focusAfterSort.current = focusKey ?? null;
      setAnnouncement(
        next ? `Publicaciones ordenadas: ${ORDERING_LABELS[next]}.` : `Publicaciones en el ${MANUAL_ORDER_LABEL.toLowerCase()}.`,
      );
      change({ ordering: next });
    },
    [change],
  );
  useLayoutEffect(() => {
    const key = focusAfterSort.current;
    const button = key && listArea.current?.querySelector<HTMLButtonElement>(`[data-sort-key="${key}"]`);
    if (!button) return;
    focusAfterSort.current = null;
    button.focus();
  }, [data]);
  const sort = useMemo<SortOptions>(
    () => ({
      current: ordering ? { key: orderingField(ordering), descending: isDescending(ordering) } : null,
      // A header pressed again turns the order round; another header starts from its lowest value.
      onSort: (key) => {
        // The columns' sort keys are the ascending orderings ('title'): their field.
        if (!isPublicationOrdering(key)) return;
        const field = orderingField(key);
        const next = orderingOf(field, ordering !== undefined && orderingField(ordering) === field && !isDescending(ordering));
        sortBy(next, field);
      },
    }),
    [ordering, sortBy],
  );

  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        header: 'Selección',
        width: '1.5rem',
        hideHeader: true,
        cell: (p) => <BulkRowCheckbox title={p.title} checked={isSelected(p.id)} onChange={() => toggle(p)} />,
      },
      {
        header: 'Imagen',
        width: '3.5rem',
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
        width: 'minmax(8rem, 2.4fr)',
        primary: true,
        sortKey: 'title',
        cell: (p) => <Link to={paths.admin.publication.getHref(p.id)}>{p.title}</Link>,
      },
      { header: 'Sección', width: 'minmax(6.75rem, 1fr)', cell: (p) => p.section?.title ?? '' },
      {
        header: 'Estado',
        width: '6.5rem',
        sortKey: 'status',
        cell: (p) => <PublicationStateBadges status={p.status} state={p.public_state} />,
      },
      {
        header: 'Fecha',
        width: '6.5rem',
        sortKey: 'publish_date',
        cell: (p) => (
          <>
            {p.publish_date && formatLongDate(p.publish_date) ? <CompactDate value={p.publish_date} /> : 'No publicado'}
            {p.event && <span className="publication-event-date">Evento: {eventShortWhen(p.event)}</span>}
          </>
        ),
      },
      {
        header: 'Destacado',
        width: '5.25rem',
        cell: (p) => <FeaturedMark featured={p.is_featured} />,
      },
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
  // Moves exist in the manual order only: in a sorted view, positions are not the list's own.
  const reorder = useMemo(
    () => (ordering ? undefined : { onMove: move, label: (p: Publication) => p.title, range: { offset, total: count } }),
    [ordering, move, offset, count],
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
      {orderNote && !ordering && <p className="kit-muted publication-order-note">{orderNote}</p>}
      <div className="publication-sort">
        {layout === 'cards' && (
          <Field label="Ordenar por" className="publication-sort-field">
            {(control) => (
              <select
                className="kit-input"
                {...control}
                value={ordering ?? ''}
                onChange={(event) => sortBy(isPublicationOrdering(event.target.value) ? event.target.value : undefined)}
              >
                <option value="">{MANUAL_ORDER_LABEL}</option>
                {PUBLICATION_ORDERINGS.map((value) => (
                  <option key={value} value={value}>
                    {ORDERING_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {ordering && (
          <div className="publication-sort-note">
            <p>
              {/* On cards the select above says which order. */}
              {layout === 'table' && <strong>Orden: {ORDERING_LABELS[ordering]}. </strong>}
              {MANUAL_ORDER_NOTE}
            </p>
            <button
              type="button"
              className="kit-button kit-button-secondary kit-button-small"
              onClick={() => sortBy(undefined, orderingField(ordering))}
            >
              {MANUAL_ORDER_LABEL}
            </button>
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {isLoading ? (
        <Loading />
      ) : publications.length === 0 ? (
        <EmptyState message={filtered && !isError ? 'No hay publicaciones que coincidan.' : 'No hay publicaciones.'}>
          {isError && (
            <button type="button" className="kit-button kit-button-secondary" onClick={() => void refetch()} disabled={isFetching}>
              Reintentar
            </button>
          )}
        </EmptyState>
      ) : (
        <div ref={listArea}>
          {/* Requirements §2's columns in a dense table: a narrow thumbnail, titles that wrap, short
              dates, 'Destacado' as a mark, the three actions on two lines; narrower than those
              columns need with whole words (a screen under about 1,210 px beside the side
              navigation, or 920 px without it), the rows become cards. */}
          <BulkSelectAll selection={selection} />
          <DataTable
            caption="Publicaciones"
            items={publications}
            columns={columns}
            actions={actions}
            actionsWidth="7rem"
            reorder={reorder}
            sort={sort}
            onLayoutChange={setLayout}
            dense
            cardsBelow={ordering ? PUBLICATION_TABLE_MIN_WIDTH.sorted : PUBLICATION_TABLE_MIN_WIDTH.manual}
          />
          <Pager
            label="Publicaciones"
            page={page}
            pageCount={pageCount}
            total={`${count} ${count === 1 ? 'publicación' : 'publicaciones'}`}
            onPage={(n) => change({ page: n })}
          />
        </div>
      )}
      <BulkActionBar selection={selection} sections={sections ?? []} />
      <ConfirmDialog
        open={target !== null}
        message={confirmDelete('publicación')}
        detail={target?.title}
        note="La publicación irá a la Papelera; desde allí podrá restaurarla."
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
