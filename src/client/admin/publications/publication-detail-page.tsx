import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useDeletePublicationMutation, useGetPublicationQuery } from '@/client/api/publications';
import { formatLongDate } from '@/client/ui/format-date';
import { PublicationDate } from '@/client/ui/publication-date';
import type { Publication } from '@/domain/entities';
import { confirmDelete, messages } from '@/domain/messages';
import { HistoryPanel } from '../kit/history-panel';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { tellDeleteFailure } from '../kit/delete-failure';
import { DetailList } from '../kit/detail-list';
import { eventWhen, eventWhere } from '@/domain/events';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { PublicationContent } from '../kit/publication-content';
import { parseId } from '../kit/parse-id';
import { RecordGate } from '../kit/record-gate';
import { useDocumentTitle } from '../kit/use-document-title';
import { PublicationStateBadges } from '../kit/publication-status';
import { featuredLabel } from './featured-label';
import { PreviewButton } from './preview-button';
import { PreviewLinksPanel } from './preview-links-panel';
import './publications.css';

/**
 * /admin/publications/{id} (requirements §2): title, 'Editar', section, status badge,
 * publish date or 'Sin fecha', and the layout drawn by the public page's own
 * renderer (src/client/ui/layout-grid), so what is seen here is what visitors see.
 */
export function PublicationDetailPage() {
  const id = parseId(useParams().id);
  const query = useGetPublicationQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  useDocumentTitle(query.data?.title ?? 'Detalle de Publicación');
  return (
    <RecordGate
      id={id}
      query={query}
      title="Detalle de Publicación"
      missing={messages.publicationNotFound}
      back={{ to: paths.admin.publications.getHref(), label: 'Volver a Publicaciones' }}
    >
      {(publication) => <PublicationDetail publication={publication} />}
    </RecordGate>
  );
}

function PublicationDetail({ publication }: { publication: Publication }) {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [deletePublication, { isLoading: deleting }] = useDeletePublicationMutation();
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    const result = await deletePublication(publication.id);
    setConfirming(false);
    if ('error' in result) {
      tellDeleteFailure(notify, 'publication', result.error);
      return;
    }
    notify(`Publicación «${publication.title}» eliminada`);
    void navigate(paths.admin.publications.getHref());
  };

  const sectionSlug = publication.section?.slug;
  return (
    <>
      <PageHeader
        title={publication.title}
        action={
          <>
            <Link className="kit-button kit-button-primary" to={paths.admin.publicationEdit.getHref(publication.id)}>
              Editar
            </Link>{' '}
            <PreviewButton publication={publication} />{' '}
            <button type="button" className="kit-button kit-button-secondary" onClick={() => setConfirming(true)}>
              Eliminar
            </button>
          </>
        }
      />
      <section className="admin-card publication-detail-meta" aria-label="Datos de la publicación">
        <DetailList
          items={[
            ['Sección', publication.section?.title],
            ['Estado', <PublicationStateBadges key="status" status={publication.status} state={publication.public_state} />],
            [
              'Fecha de publicación',
              formatLongDate(publication.publish_date) ? <PublicationDate key="date" value={publication.publish_date} /> : 'Sin fecha',
            ],
            ['Destacado', featuredLabel(publication.is_featured)],
            [
              'Evento',
              publication.event
                ? [eventWhen(publication.event), eventWhere(publication.event)].filter(Boolean).join(' · ')
                : 'No anuncia ningún evento.',
            ],
            [
              'Página pública',
              // Only what visitors see today has a page: a draft, a scheduled one or one in a hidden section is previewed.
              publication.public_state?.is_public && sectionSlug ? (
                <a key="public" href={paths.publication.getHref(sectionSlug, publication.id)} target="_blank" rel="noopener noreferrer">
                  Ver en el sitio
                </a>
              ) : (
                // The header's 'Vista previa' shows it as it will look: one button for it on the page.
                'No es pública hoy: véala con «Vista previa».'
              ),
            ],
          ]}
        />
      </section>
      <section className="admin-card" aria-labelledby="publication-layout-title">
        <h2 id="publication-layout-title" className="publication-section-title">
          Contenido
        </h2>
        <PublicationContent publication={publication} />
        {publication.layout.length === 0 && <p className="kit-muted">Esta publicación aún no tiene contenido.</p>}
      </section>
      <PreviewLinksPanel publicationId={publication.id} />
      <HistoryPanel kind="publication" id={publication.id} />
      <p className="kit-back-link">
        <Link to={paths.admin.publications.getHref()}>Volver a Publicaciones</Link>
      </p>
      <ConfirmDialog
        open={confirming}
        message={confirmDelete('publicación')}
        detail={publication.title}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
