import { Link, Navigate, useParams } from 'react-router';
import { firstTextContent } from '@/domain/layout';
import { messages } from '@/domain/messages';
import { metaDescription } from '@/domain/text';
import { findPublicSection } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { useGetPublicPublicationQuery } from '@/client/api/public-content';
import { Breadcrumb } from './breadcrumb';
import { detailErrorMessage } from './detail-error';
import { StatusMessage } from './status-message';
import { PublicationView } from './publication-view';
import { usePageMeta } from './use-page-meta';
import { useServedNotFound } from './served-status';
import './publication-detail-page.css';

const parseId = (value: string | undefined): number | null =>
  value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * A publication's public page (requirements §2), drawn by PublicationView. A
 * publication reached under another section's address is sent to its own address.
 */
export function PublicationDetailPage() {
  const { sectionSlug = '', id: rawId } = useParams();
  // An address the server answered 404 is not asked for again: it says so at once, as the server drew it.
  const id = useServedNotFound() ? null : parseId(rawId);
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

  return <PublicationView publication={data} sectionSlug={data.section_slug || sectionSlug} sectionTitle={sectionTitle} />;
}
