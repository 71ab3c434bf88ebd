import { Link, Navigate, useParams } from 'react-router';
import { firstTextContent } from '@/domain/layout';
import { messages } from '@/domain/messages';
import { metaDescription } from '@/domain/text';
import { findPublicSection } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { useGetPublicPublicationQuery } from '@/client/api/public-content';
import { LayoutGrid } from '@/client/ui/layout-grid';
import { PublicationDate } from '@/client/ui/publication-date';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import { Breadcrumb } from './breadcrumb';
import { detailErrorMessage } from './detail-error';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';
import './publication-detail-page.css';

const parseId = (value: string | undefined): number | null =>
  value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * A publication (requirements §2): breadcrumb, 400 px featured banner, date, title,
 * then its layout. A publication reached under another section's address is
 * sent to its own address.
 */
export function PublicationDetailPage() {
  const { sectionSlug = '', id: rawId } = useParams();
  const id = parseId(rawId);
  const { data, error, isLoading, isError } = useGetPublicPublicationQuery(id ?? 0, { skip: id === null });
  const sectionTitle = data?.section_title || findPublicSection(sectionSlug)?.title || sectionSlug;
  const problem = id === null ? detailErrorMessage({ status: 404, data: undefined }) : isError ? detailErrorMessage(error) : null;
  usePageMeta(
    data?.title ?? (problem ? problem.message : undefined),
    data ? metaDescription(firstTextContent(data.layout)) || undefined : undefined,
  );

  if (data && data.section_slug && data.section_slug !== sectionSlug) {
    return <Navigate to={paths.publication.getHref(data.section_slug, data.id)} replace />;
  }

  if (problem || !data) {
    return (
      <div className="container page-body page-body--narrow">
        <Breadcrumb
          items={[
            { label: 'Inicio', to: paths.home.getHref() },
            { label: sectionTitle, to: paths.sectionList.getHref(sectionSlug) },
          ]}
        />
        {isLoading || !problem ? (
          <StatusMessage kind="loading">{messages.loading}</StatusMessage>
        ) : (
          <>
            <h1 className="detail__title detail__title--problem">{problem.message}</h1>
            <StatusMessage
              kind="error"
              action={
                <Link className="button button--primary" to={paths.sectionList.getHref(sectionSlug)}>
                  Ver todas las publicaciones de {sectionTitle}
                </Link>
              }
            >
              {problem.notFound
                ? 'Puede que la publicación se haya retirado o que la dirección no sea correcta.'
                : 'Inténtalo de nuevo en unos momentos.'}
            </StatusMessage>
          </>
        )}
      </div>
    );
  }

  return (
    <article className="detail">
      <div className="container">
        <Breadcrumb
          items={[
            { label: 'Inicio', to: paths.home.getHref() },
            { label: sectionTitle, to: paths.sectionList.getHref(data.section_slug || sectionSlug) },
            { label: data.title },
          ]}
        />
      </div>
      {data.featured_image && (
        <div className="detail__banner">
          <ResponsiveImage src={data.featured_image} sizes="100vw" loading="eager" fetchPriority="high" width={1600} height={400} />
        </div>
      )}
      <div className="container detail__content">
        <header className="detail__header">
          <PublicationDate className="detail__date" value={data.publish_date} />
          <h1 className="detail__title">{data.title}</h1>
          <p className="detail__section">{sectionTitle}</p>
        </header>
        {/* Authors' subheadings start at h2 or h3: this keeps the outline in order for screen readers. */}
        <h2 className="visually-hidden">Contenido de la publicación</h2>
        <LayoutGrid layout={data.layout} />
      </div>
    </article>
  );
}
