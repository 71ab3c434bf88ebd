import type { ContentKind } from '@/domain/content-kinds';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetBiographyQuery } from '@/client/api/biographies';
import { useGetMediaQuery } from '@/client/api/media';
import { useGetPublicationQuery } from '@/client/api/publications';
import { useGetRevisionQuery, useRestoreRevisionMutation } from '@/client/api/revisions';
import { useGetSectionQuery } from '@/client/api/sections';
import { BiographyCard } from '@/client/ui/biography-card';
import { formatLongDate } from '@/client/ui/format-date';
import { PublicationDate } from '@/client/ui/publication-date';
import type { Publication, PublicationStatus } from '@/domain/entities';
import type { RevisionRecords } from '@/domain/history';
import type { RevisionDetail } from '@/domain/schemas/kinds';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { DetailList } from '../kit/detail-list';
import { formatMoment } from '../kit/format-moment';
import { EmptyState, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { useMayWrite } from '../kit/permissions';
import { readApiFailure } from '../kit/server-errors';
import { browserToday, PUBLICATION_STATUS_LABELS, PublicationStateBadges } from '../kit/publication-status';
import { publicState, publicStateLabel, type PublicState } from '@/domain/publication-status';
import { PublicationContent } from '../kit/publication-content';
import { SectionDetails } from '../kit/section-details';
import { useDocumentTitle } from '../kit/use-document-title';
import { ADMIN_KINDS, backToRecord } from '../kit/kinds';
import '../kit/history.css';

/** The item as it is now: what a restore is compared with and sent with. */
interface Current {
  label: string;
  version: number;
  /** A publication's status, which a restore keeps (docs/decisions/132). */
  status?: PublicationStatus;
  /** Its shown status as the server reads it today ('Programado · 25 nov 2026'). */
  state?: PublicState;
}

const statusWord = (current: Current) =>
  current.state ? publicStateLabel(current.state) : current.status && (PUBLICATION_STATUS_LABELS[current.status]?.label ?? current.status);

/** /admin/publications/{id}/historial/{revisionId} */
export function PublicationRevisionPage() {
  const id = parseId(useParams().id);
  const { data } = useGetPublicationQuery(id ?? 0, { skip: id === null });
  return (
    <RevisionPage
      kind="publication"
      id={id}
      current={data && { label: data.title, version: data.version, status: data.status, state: data.public_state }}
    />
  );
}

/** /admin/sections/{id}/historial/{revisionId} */
export function SectionRevisionPage() {
  const id = parseId(useParams().id);
  const { data } = useGetSectionQuery(id ?? 0, { skip: id === null });
  return <RevisionPage kind="section" id={id} current={data && { label: data.title, version: data.version }} />;
}

/** /admin/medios/{id}/historial/{revisionId} */
export function MediaRevisionPage() {
  const id = parseId(useParams().id);
  const { data } = useGetMediaQuery(id ?? 0, { skip: id === null });
  return <RevisionPage kind="media" id={id} current={data && { label: data.title, version: data.version }} />;
}

/** /admin/biographies/{id}/historial/{revisionId} */
export function BiographyRevisionPage() {
  const id = parseId(useParams().id);
  const { data } = useGetBiographyQuery(id ?? 0, { skip: id === null });
  return <RevisionPage kind="biography" id={id} current={data && { label: data.name, version: data.version }} />;
}

/**
 * One revision, whole (docs/decisions/132): when and by whom it was saved,
 * what it changed, and the item as it was, drawn by the public site's own
 * renderers. 'Restaurar esta versión' makes it current again as a new
 * revision; for a publication the confirmation says which status it keeps.
 */
function RevisionPage({ kind, id, current }: { kind: ContentKind; id: number | null; current?: Current }) {
  const revisionId = parseId(useParams().revisionId);
  const navigate = useNavigate();
  const { notify } = useNotices();
  const {
    data: revision,
    isLoading,
    isError,
  } = useGetRevisionQuery({ kind, id: id ?? 0, revisionId: revisionId ?? 0 }, { skip: id === null || revisionId === null });
  const [restore, { isLoading: restoring }] = useRestoreRevisionMutation();
  const [confirming, setConfirming] = useState(false);
  // One restore at a time, even when 'Restaurar' is pressed twice before the dialog shows it busy.
  const inFlight = useRef(false);
  const { detailHref } = ADMIN_KINDS[kind];
  const back = backToRecord(kind);
  const mayWrite = useMayWrite();
  useDocumentTitle(revision ? `Versión ${revision.number}` : 'Historial');

  if (id === null || revisionId === null || isError) {
    return (
      <>
        <PageHeader title="Historial" />
        <EmptyState message="No se encontró esta versión.">{id !== null && <Link to={detailHref(id)}>{back}</Link>}</EmptyState>
      </>
    );
  }
  if (isLoading || !revision) return <Loading />;

  const isCurrent = current !== undefined && revision.record.version === current.version;
  // Restoring a section's version is an Administrador's action; an Editor reads it only.
  const mayRestore = mayWrite(kind);
  const doRestore = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const result = await restore({ kind, id, revisionId, version: current?.version }).finally(() => {
      inFlight.current = false;
    });
    setConfirming(false);
    if ('error' in result) {
      console.error('No se pudo restaurar la versión', result.error);
      notify(readApiFailure(result.error).detail ?? `No se pudo restaurar la versión ${revision.number}. Inténtelo de nuevo.`, 'error');
      return;
    }
    notify(`Versión ${revision.number} restaurada: ahora es la actual`);
    void navigate(detailHref(id));
  };

  return (
    <>
      <PageHeader
        title={`Versión ${revision.number} de «${current?.label ?? recordLabel(revision)}»`}
        action={
          isCurrent || !mayRestore ? undefined : (
            <button type="button" className="kit-button kit-button-primary" disabled={!current} onClick={() => setConfirming(true)}>
              Restaurar esta versión
            </button>
          )
        }
      >
        <p className="revision-meta">
          Guardada el <time dateTime={revision.created_at}>{formatMoment(revision.created_at)}</time>
          {revision.author && <> por {revision.author}</>}.{isCurrent && ' Es la versión actual.'}
        </p>
      </PageHeader>
      {revision.summary.length > 0 && (
        <section className="admin-card revision-changes" aria-label="Cambios de esta versión">
          <ul className="history-changes">
            {revision.summary.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-card" aria-labelledby="revision-preview-title">
        <h2 id="revision-preview-title" className="revision-preview-title">
          Así era
        </h2>
        <RevisionRecord kind={kind} revision={revision} />
      </section>
      <p className="kit-back-link">
        <Link to={detailHref(id)}>{back}</Link>
      </p>
      <ConfirmDialog
        open={confirming}
        message={`¿Restaurar la versión ${revision.number}?`}
        detail={
          current?.status
            ? `Su contenido volverá a ser el actual, como una versión nueva. La publicación seguirá «${statusWord(current)}»: restaurar no cambia su estado.`
            : 'Su contenido volverá a ser el actual, como una versión nueva; el historial se conserva.'
        }
        confirmLabel="Restaurar esta versión"
        busy={restoring}
        onConfirm={() => void doRestore()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** What the record is called: a biography's name, any other kind's title. */
const recordLabel = ({ record }: RevisionDetail): string => ('name' in record ? record.name : record.title);

/** The item as it was, as visitors would have seen it. */
function RevisionRecord({ kind, revision }: { kind: ContentKind; revision: RevisionDetail }) {
  const draw = RECORDS[kind] as (record: RevisionDetail['record']) => ReactNode;
  return draw(revision.record);
}

/** How each kind's record is drawn: as the public site or the admin shows it. */
const RECORDS: { [K in ContentKind]: (record: RevisionRecords[K]) => ReactNode } = {
  publication: (publication) => <PublicationRecord publication={publication} />,
  section: (section) => <SectionDetails section={section} />,
  biography: (biography) => <BiographyCard biography={biography} />,
  media: (item) => (
    <div>
      <MediaThumbnailOf item={item} />
      <DetailList
        items={[
          ['Título', item.title],
          ['Texto alternativo', item.alt],
          ['Punto focal', `${Math.round(item.focal_x * 100)} % desde la izquierda, ${Math.round(item.focal_y * 100)} % desde arriba`],
          ['Archivo', item.file_name],
        ]}
      />
    </div>
  ),
};

/** A library item's picture in its revision: the image as stored now (a revision keeps no file). */
function MediaThumbnailOf({ item }: { item: RevisionRecords['media'] }) {
  return item.kind === 'image' ? <img className="revision-media-image" src={item.url} alt={item.alt} /> : null;
}

function PublicationRecord({ publication }: { publication: Publication }) {
  return (
    <article>
      <PublicationContent publication={publication}>
        {formatLongDate(publication.publish_date) && (
          <PublicationDate className="revision-publication-date" value={publication.publish_date} />
        )}
        <h3 className="revision-publication-title">{publication.title}</h3>
        {/* Its status as that version would read today; the section's visibility is today's detail page's to tell. */}
        <p>
          <PublicationStateBadges
            status={publication.status}
            state={publicState(
              { status: publication.status, publish_date: publication.publish_date, section_is_active: true },
              browserToday(),
            )}
          />
        </p>
        {publication.section?.title && <p className="kit-muted">{publication.section.title}</p>}
      </PublicationContent>
    </article>
  );
}
