import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { useGetDashboardQuery } from '@/client/api/dashboard';
import { selectUser } from '@/client/session/session-slice';
import type { ActivityEntry } from '@/domain/schemas/activity';
import type { Dashboard, DashboardPublication } from '@/domain/schemas/dashboard';
import { eventShortWhen } from '@/domain/events';
import { ACTION_LABELS } from './activity/activity-labels';
import { formatMoment } from './kit/format-moment';
import { PublicationStateBadges } from './kit/publication-status';
import { SummaryCard } from './summary-card';
import { useDocumentTitle } from './kit/use-document-title';
import './dashboard.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The publication list with filters in its address: each panel's link leads to the whole list it summarises. */
const publicationList = (filters: Record<string, string>) => `${paths.admin.publications.getHref()}?${new URLSearchParams(filters)}`;

/**
 * /admin ('Resumen'): how much content there is, and the work waiting (requirements §2): my drafts,
 * the next scheduled, the recently published, what needs a review and the latest activity, each
 * panel with a link to its whole list. One request (GET /api/dashboard/), answered by the server
 * from indexed queries, never by downloading the lists.
 */
export function AdminLanding() {
  useDocumentTitle('Resumen');
  const user = useAppSelector(selectUser);
  const dashboard = useGetDashboardQuery();
  const { data } = dashboard;
  const state = { isLoading: dashboard.isLoading, isError: dashboard.isError, onRetry: dashboard.refetch };

  return (
    <>
      {/* Focusable by script only: where the keyboard lands on arriving (kit/page-arrival.ts). */}
      <h1 className="admin-page-title" tabIndex={-1}>
        Resumen
      </h1>
      <p className="admin-lead">Hola, {user?.username}. Este es el contenido del sitio.</p>
      {data && data.locked_usernames.length > 0 && <LockedUsernames usernames={data.locked_usernames} />}
      <div className="summary-grid">
        <SummaryCard
          title="Secciones"
          total={data?.sections.total}
          detail={plural(data?.sections.visible ?? 0, 'visible', 'visibles')}
          to={paths.admin.sections.getHref()}
          linkLabel="Gestionar secciones"
          {...state}
        />
        <SummaryCard
          title="Publicaciones"
          total={data?.publications.total}
          detail={plural(data?.publications.published ?? 0, 'publicada', 'publicadas')}
          to={paths.admin.publications.getHref()}
          linkLabel="Gestionar publicaciones"
          {...state}
        />
        <SummaryCard
          title="Biografías"
          total={data?.biographies.total}
          detail={plural(data?.biographies.active ?? 0, 'activa', 'activas')}
          to={paths.admin.biographies.getHref()}
          linkLabel="Gestionar biografías"
          {...state}
        />
      </div>
      {data && <WorkPanels dashboard={data} />}
    </>
  );
}

function WorkPanels({ dashboard }: { dashboard: Dashboard }) {
  const { review } = dashboard;
  const nothingToReview = review.images_without_alt.count === 0 && review.undated.count === 0 && review.hidden_sections.length === 0;
  return (
    <div className="dashboard-grid">
      <Panel title="Mis borradores" to={publicationList({ status: 'draft' })} linkLabel="Ver todos los borradores">
        <PublicationLines items={dashboard.my_drafts} empty="No tiene borradores." />
      </Panel>
      <Panel title="Programadas" to={publicationList({ status: 'scheduled' })} linkLabel="Ver todas las programadas">
        <PublicationLines items={dashboard.scheduled} empty="No hay publicaciones programadas." />
      </Panel>
      <Panel title="Próximos eventos" to={publicationList({ evento: '1' })} linkLabel="Ver todas las que anuncian un evento">
        {/* When each is, and its publication's status (a draft's event is not public yet). */}
        <PublicationLines items={dashboard.upcoming_events} empty="No hay eventos próximos." meta={(item) => eventShortWhen(item.event)} />
      </Panel>
      <Panel title="Publicadas recientemente" to={publicationList({ status: 'published' })} linkLabel="Ver todas las publicadas">
        <PublicationLines items={dashboard.recently_published} empty="No hay publicaciones publicadas." />
      </Panel>
      <Panel title="Pendiente de revisar" to={paths.admin.publications.getHref()} linkLabel="Ver todas las publicaciones">
        {nothingToReview ? (
          <p className="dashboard-empty">No hay nada pendiente de revisar.</p>
        ) : (
          <>
            {review.images_without_alt.count > 0 && (
              <ReviewGroup title={`Imágenes sin texto alternativo (${review.images_without_alt.count})`}>
                <PublicationLines items={review.images_without_alt.items} empty="" />
              </ReviewGroup>
            )}
            {review.undated.count > 0 && (
              <ReviewGroup title={`Sin fecha (${review.undated.count})`}>
                <PublicationLines items={review.undated.items} empty="" />
              </ReviewGroup>
            )}
            {review.hidden_sections.length > 0 && (
              <ReviewGroup title="Secciones ocultas con publicaciones">
                <ul className="dashboard-lines">
                  {review.hidden_sections.map((section) => (
                    <li key={section.id}>
                      <Link to={publicationList({ section: String(section.id) })}>{section.title}</Link>{' '}
                      <span className="dashboard-meta">{plural(section.publication_count, 'publicación', 'publicaciones')}</span>
                    </li>
                  ))}
                </ul>
              </ReviewGroup>
            )}
          </>
        )}
      </Panel>
      <Panel title="Actividad reciente" to={paths.admin.activity.getHref()} linkLabel="Ver toda la actividad" wide>
        <ActivityLines entries={dashboard.activity} />
      </Panel>
    </div>
  );
}

function Panel({
  title,
  to,
  linkLabel,
  wide,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`admin-card dashboard-panel${wide ? ' dashboard-panel-wide' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="summary-title">
        {title}
      </h2>
      {children}
      <Link className="summary-link" to={to}>
        {linkLabel}
      </Link>
    </section>
  );
}

function ReviewGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="dashboard-group">
      <h3 className="dashboard-group-title">{title}</h3>
      {children}
    </div>
  );
}

/** A panel's publications: each with its link, what the panel says of it (its section by default) and its status. */
function PublicationLines<T extends DashboardPublication>({
  items,
  empty,
  meta = (item) => item.section.title,
}: {
  items: T[];
  empty: string;
  meta?: (item: T) => string;
}) {
  if (items.length === 0) return <p className="dashboard-empty">{empty}</p>;
  return (
    <ul className="dashboard-lines">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={paths.admin.publication.getHref(item.id)}>{item.title}</Link>
          <span className="dashboard-meta">
            {meta(item)} <PublicationStateBadges status={item.public_state.status} state={item.public_state} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function ActivityLines({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0) return <p className="dashboard-empty">Todavía no hay actividad registrada.</p>;
  return (
    <ul className="dashboard-lines">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span>
            <strong>{entry.user ?? 'Desconocido'}</strong> {ACTION_LABELS[entry.action] ?? entry.action}
            {entry.target_label ? ` «${entry.target_label}»` : ''}
          </span>
          <span className="dashboard-meta">{formatMoment(entry.at)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Usernames that failed sign-ins have locked for unknown browsers (docs/decisions/123): who
 * is affected and what still works, so that nobody mistakes it for a fault of the site.
 */
function LockedUsernames({ usernames }: { usernames: string[] }) {
  const names = usernames.map((name) => `«${name}»`).join(', ');
  return (
    <div className="kit-warning admin-landing-warning" role="status">
      <p>
        {usernames.length === 1 ? `El usuario ${names} está bloqueado` : `Los usuarios ${names} están bloqueados`} para los navegadores
        desconocidos por demasiados intentos fallidos de inicio de sesión. Desde un navegador donde ya se inició sesión se puede seguir
        entrando. <Link to={`${paths.admin.activity.getHref()}?kind=sign_in_locked`}>Ver en Actividad</Link>
      </p>
    </div>
  );
}
