import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useListOutboxQuery, useListOutboxQueryState } from '@/client/api/outbox';
import { paths } from '@/client/app/paths';
import { siteSendsMail } from '@/client/ui/settings-script';
import { MAIL_KIND_LABELS, MAIL_KINDS, OUTBOX_STATUS_LABELS, type OutboxStatus } from '@/domain/mail';
import type { OutboxMessage } from '@/domain/schemas/mail';
import { DataTable, type Column } from '../kit/data-table';
import { formatMoment } from '../kit/format-moment';
import { EmptyState, LoadError, Loading } from '../kit/load-states';
import { PageHeader } from '../kit/page-header';
import { Forbidden } from '../kit/permissions';
import { Pager } from '../kit/pager';
import { readApiFailure } from '../kit/server-errors';
import { StatusBadge, type BadgeTone } from '../kit/status-badge';
import { useDocumentTitle } from '../kit/use-document-title';
import { BreakableText } from './breakable-text';
import { MailOffNote } from './mail-off-note';
import './users.css';

/** Messages per page, newest first (as Actividad's entries). */
const MAIL_PAGE_SIZE = 25;
/** How often a page with a message waiting asks again. */
export const CORREO_REFRESH_MS = 5_000;

const STATUS_TONES: Record<OutboxStatus, BadgeTone> = {
  sent: 'positive',
  pending: 'warning',
  failed: 'negative',
};

const kindLabel = (kind: string): string => {
  const known = MAIL_KINDS.find((mailKind) => mailKind === kind);
  return known ? MAIL_KIND_LABELS[known] : kind;
};

const Moment = ({ at }: { at: string }) => <time dateTime={at}>{formatMoment(at)}</time>;

/** How a message went: the badge, then its when (sent), its tries (pending) or the server's last answer. */
function Delivery({ message }: { message: OutboxMessage }) {
  return (
    <span className="users-delivery">
      <StatusBadge tone={STATUS_TONES[message.status]}>{OUTBOX_STATUS_LABELS[message.status]}</StatusBadge>
      {message.status === 'sent' && message.sent_at && (
        <span>
          El <Moment at={message.sent_at} />
        </span>
      )}
      {message.status === 'pending' && (
        <span>
          Intentos: {message.attempts}
          {message.next_attempt_at && (
            <>
              {' · '}próximo intento: <Moment at={message.next_attempt_at} />
            </>
          )}
        </span>
      )}
      {message.status !== 'sent' && message.last_error && (
        <span className="users-delivery-error">
          {message.status === 'failed' ? 'Motivo' : 'Última respuesta del servidor'}: {message.last_error}
        </span>
      )}
    </span>
  );
}

/**
 * /admin/usuarios/correo (Administrador only, docs/decisions/205): the site's
 * mail, newest first and paged by the server: to whom, what, when and how it
 * went. Never a body: the server does not answer them, since they hold
 * one-time links.
 */
export function MailPage() {
  useDocumentTitle('Correo');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [mail] = useState(siteSendsMail);
  const request = { page, pageSize: MAIL_PAGE_SIZE };
  // While a message shown waits to be sent, the page asks again now and then (and not while the tab is hidden or
  // unfocused), so that 'Pendiente' turns into 'Enviado' or 'Fallido' before the Administrador's eyes.
  const { waiting } = useListOutboxQueryState(request, {
    selectFromResult: ({ currentData }) => ({ waiting: currentData?.results.some((message) => message.status === 'pending') ?? false }),
  });
  // The page asked now, never the last one while it loads (docs/decisions/194).
  const {
    currentData: data,
    isError,
    isFetching,
    error,
    refetch,
  } = useListOutboxQuery(request, {
    refetchOnMountOrArgChange: true,
    pollingInterval: waiting ? CORREO_REFRESH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const isLoading = !data && !isError;
  const items = data?.results ?? [];
  const count = data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / MAIL_PAGE_SIZE));

  const columns = useMemo<Column<OutboxMessage>[]>(
    () => [
      {
        header: 'Para',
        width: 'minmax(10rem, 1.3fr)',
        primary: true,
        cell: (message) => <BreakableText text={message.recipient} />,
      },
      {
        header: 'Mensaje',
        width: 'minmax(10rem, 1.5fr)',
        cell: (message) => (
          <span className="users-message">
            <span>{kindLabel(message.kind)}</span>
            <span className="kit-muted">«{message.subject}»</span>
          </span>
        ),
      },
      { header: 'Creado', width: '8rem', cell: (message) => <Moment at={message.created_at} /> },
      { header: 'Estado', width: 'minmax(12rem, 1.6fr)', cell: (message) => <Delivery message={message} /> },
    ],
    [],
  );

  // The role changed while the page was open: the server now refuses the list.
  if (isError && readApiFailure(error).status === 403) return <Forbidden title="Correo" />;

  return (
    <>
      <PageHeader title="Correo">
        <p>
          Los mensajes que el sitio envía a las cuentas: invitaciones, enlaces para elegir contraseña y avisos. Se ve a quién, qué y cómo
          fue el envío, nunca su contenido.
        </p>
        {!mail && <MailOffNote />}
      </PageHeader>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudo cargar el correo." onRetry={() => void refetch()} retrying={isFetching} />
      ) : items.length === 0 ? (
        <EmptyState message="Todavía no se ha enviado ningún correo." />
      ) : (
        <>
          {/* The columns' least (10 + 10 + 8 + 12 rem), three gaps and the row's padding: 710 px. */}
          <DataTable caption="Correo" items={items} columns={columns} cardsBelow={710} />
          {pageCount > 1 && (
            <Pager
              label="Correo"
              page={page}
              pageCount={pageCount}
              total={`${count} ${count === 1 ? 'mensaje' : 'mensajes'}`}
              onPage={(n) => setParams(n > 1 ? { page: String(n) } : {})}
            />
          )}
        </>
      )}
      <p className="kit-back-link">
        <Link to={paths.admin.users.getHref()}>Volver a Usuarios</Link>
      </p>
    </>
  );
}
