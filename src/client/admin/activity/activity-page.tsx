import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { isContentKind } from '@/domain/content-kinds';
import { useListActivityPeopleQuery, useListActivityQuery, type ActivityFilter } from '@/client/api/activity';
import { ACTIVITY_ACTIONS, BULK_ACTIVITY_FILTER, type ActivityActionName } from '@/domain/history';
import type { ActivityEntry, ActivityItem } from '@/domain/schemas/activity';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { formatMoment } from '../kit/format-moment';
import { ADMIN_KINDS } from '../kit/kinds';
import { EmptyState, LoadError, Loading } from '../kit/load-states';
import { PageHeader } from '../kit/page-header';
import { useIsAdministrator } from '../kit/permissions';
import { Pager } from '../kit/pager';
import { readApiFailure } from '../kit/server-errors';
import { useDocumentTitle } from '../kit/use-document-title';
import { ACTION_LABELS, BULK_FILTER_LABEL, TARGET_LABELS } from './activity-labels';
import './activity.css';

/** The entries about signing in: an Administrador's only. */
const SIGN_IN_ACTIONS: ReadonlySet<ActivityActionName> = new Set(['sign_in', 'sign_in_failed', 'sign_in_locked', 'sign_out']);

/** Entries per page, newest first. */
const ACTIVITY_PAGE_SIZE = 25;

const FILTERS = ['user', 'kind', 'from', 'to'] as const;

/** The log's filters and page live in the address, so a reload, a shared link or the back button keep them. */
function useActivityAddress() {
  const [params, setParams] = useSearchParams();
  const filter: ActivityFilter = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? undefined]).filter(([, value]) => value),
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const change = (next: Partial<ActivityFilter> & { page?: number }) => {
    const wanted: Record<string, string | number | undefined> = { ...filter, page: 1, ...next };
    const address = new URLSearchParams();
    for (const name of FILTERS) if (wanted[name]) address.set(name, String(wanted[name]));
    if (Number(wanted.page) > 1) address.set('page', String(wanted.page));
    setParams(address);
  };
  return { filter, page, change, filtered: FILTERS.some((name) => filter[name]) };
}

/** Where an entry's item can be seen, when it still exists for the log to point at. */
function itemHref(entry: ActivityEntry): string | undefined {
  if (entry.target_id === null || entry.action === 'delete' || entry.action === 'purge') return undefined;
  return isContentKind(entry.target_kind) ? ADMIN_KINDS[entry.target_kind].detailHref(entry.target_id) : undefined;
}

/**
 * /admin/actividad (docs/decisions/221): who did what and when, newest first,
 * paged by the server and filtered by person, action and days. Failed
 * sign-ins show the address they came from for 90 days.
 */
export function ActivityPage() {
  useDocumentTitle('Actividad');
  const { filter, page, change, filtered } = useActivityAddress();
  // The filters and page asked now, never the last ones while they load (docs/decisions/194).
  const {
    currentData: data,
    isError,
    isFetching,
    error,
    refetch,
  } = useListActivityQuery({ ...filter, page, pageSize: ACTIVITY_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const isLoading = !data && !isError;
  const { data: people = [] } = useListActivityPeopleQuery(undefined, { refetchOnMountOrArgChange: true });
  // Sign-ins and the addresses they came from are an Administrador's to see; an Editor's log holds content only.
  const seesSignIns = useIsAdministrator();
  const actions = seesSignIns ? ACTIVITY_ACTIONS : ACTIVITY_ACTIONS.filter((action) => !SIGN_IN_ACTIONS.has(action));
  const problems = isError ? readApiFailure(error).fieldErrors : {};
  const entries = data?.results ?? [];
  const count = data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / ACTIVITY_PAGE_SIZE));

  const columns = useMemo<Column<ActivityEntry>[]>(
    () => [
      { header: 'Fecha', width: 'minmax(0, 1.1fr)', cell: (entry) => <time dateTime={entry.at}>{formatMoment(entry.at)}</time> },
      {
        header: 'Persona',
        width: 'minmax(0, 0.9fr)',
        primary: true,
        cell: (entry) => entry.user ?? <span className="kit-muted">Desconocida</span>,
      },
      { header: 'Acción', width: 'minmax(0, 1.2fr)', cell: (entry) => ACTION_LABELS[entry.action] ?? entry.action },
      {
        header: 'Elemento',
        width: 'minmax(0, 2fr)',
        cell: (entry) => {
          const href = itemHref(entry);
          const label = entry.target_label || '';
          if (!entry.target_kind && !label) return <span className="kit-muted">—</span>;
          // An upload's label is the image's address: the image itself, small, opening it whole.
          if (entry.target_kind === 'image' && label) return <UploadedImage url={label} />;
          return (
            <span className="activity-target">
              {entry.target_kind && <span className="kit-muted">{TARGET_LABELS[entry.target_kind]}</span>}
              {label && (href ? <Link to={href}>{label}</Link> : <span>{label}</span>)}
              {entry.items && <BulkItems entry={entry} items={entry.items} />}
            </span>
          );
        },
      },
      ...(seesSignIns
        ? [
            {
              header: 'IP',
              width: 'minmax(0, 0.9fr)',
              cell: (entry: ActivityEntry) => (entry.ip ? <code>{entry.ip}</code> : <span className="kit-muted">—</span>),
            },
          ]
        : []),
    ],
    [seesSignIns],
  );

  return (
    <>
      <PageHeader title="Actividad">
        {seesSignIns ? (
          <p>
            Quién hizo qué y cuándo: inicios de sesión, cambios, envíos a la papelera y restauraciones. Se conserva un año; las direcciones
            IP, 90 días.
          </p>
        ) : (
          <p>Quién hizo qué y cuándo: cambios, envíos a la papelera y restauraciones. Se conserva un año.</p>
        )}
      </PageHeader>
      <form className="activity-filters admin-card" aria-label="Filtrar la actividad" onSubmit={(event) => event.preventDefault()}>
        <Field label="Persona">
          {(control) => (
            <select
              className="kit-input"
              {...control}
              value={filter.user ?? ''}
              onChange={(event) => change({ user: event.target.value || undefined })}
            >
              <option value="">Todas las personas</option>
              {people.map((person) => (
                <option key={person} value={person}>
                  {person}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Acción" error={problems.kind}>
          {(control) => (
            <select
              className="kit-input"
              {...control}
              value={filter.kind ?? ''}
              onChange={(event) => change({ kind: event.target.value || undefined })}
            >
              <option value="">Todas las acciones</option>
              <option value={BULK_ACTIVITY_FILTER}>{BULK_FILTER_LABEL}</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Desde" error={problems.from}>
          {(control) => (
            <input
              className="kit-input"
              type="date"
              {...control}
              value={filter.from ?? ''}
              max={filter.to}
              onChange={(event) => change({ from: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Hasta" error={problems.to}>
          {(control) => (
            <input
              className="kit-input"
              type="date"
              {...control}
              value={filter.to ?? ''}
              min={filter.from}
              onChange={(event) => change({ to: event.target.value || undefined })}
            />
          )}
        </Field>
        {filtered && (
          <button
            type="button"
            className="kit-button kit-button-secondary activity-clear"
            onClick={() => change({ user: undefined, kind: undefined, from: undefined, to: undefined })}
          >
            Quitar filtros
          </button>
        )}
      </form>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        Object.keys(problems).length > 0 ? null : (
          <LoadError message="No se pudo cargar la actividad." onRetry={() => void refetch()} retrying={isFetching} />
        )
      ) : entries.length === 0 ? (
        <EmptyState message={filtered ? 'No hay actividad que coincida con los filtros.' : 'Todavía no hay actividad registrada.'} />
      ) : (
        <>
          <DataTable caption="Actividad" items={entries} columns={columns} />
          {pageCount > 1 && (
            <Pager
              label="Actividad"
              page={page}
              pageCount={pageCount}
              total={`${count} ${count === 1 ? 'entrada' : 'entradas'}`}
              onPage={(n) => change({ page: n })}
            />
          )}
        </>
      )}
    </>
  );
}

/** An uploaded image in the log: 'Imagen subida' with its thumbnail, a link to the image; never its raw address. */
function UploadedImage({ url }: { url: string }) {
  return (
    <a className="activity-upload" href={url} target="_blank" rel="noopener noreferrer">
      <img className="activity-upload-thumb" src={url} alt="" width={48} height={36} loading="lazy" />
      <span>
        Imagen subida<span className="visually-hidden"> (se abre en otra pestaña)</span>
      </span>
    </a>
  );
}

/**
 * The items of a bulk action's one entry, folded under its count: each a
 * link to the item while it is where the action left it (not after a trip to the trash).
 */
function BulkItems({ entry, items }: { entry: ActivityEntry; items: readonly ActivityItem[] }) {
  const linked = entry.action !== 'bulk_trash';
  return (
    <details className="activity-items">
      <summary>Ver los elementos</summary>
      <ul>
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            {linked && item.kind === 'publication' ? (
              <Link to={paths.admin.publication.getHref(item.id)}>{item.label}</Link>
            ) : (
              <span>{item.label}</span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
