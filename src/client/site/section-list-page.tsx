import { Link, useSearchParams } from 'react-router';
import { loadPublicationsFailed, messages } from '@/domain/messages';
import { listPageDescription, type ListedSection } from '@/domain/catalogue';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { useGetPublicPublicationsQuery } from '@/client/api/public-content';
import { pageFromSearch } from '@/domain/public-pages';
import { paths } from '@/client/app/paths';
import { PublicationCard } from './publication-card';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';
import { useStartAtTop } from './use-start-at-top';
import { useServedNotFound } from './served-status';

/** The answer of a page past the end (DRF's 404 'Página no válida.'). */
const isMissingPage = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * A public section's publications as a grid of cards (requirements §2), twelve
 * a page with the page in the address (/noticias?pagina=3), with loading,
 * error and empty states; a page that does not exist says so and leads to
 * the first one.
 */
export function SectionListPage({ section }: { section: ListedSection }) {
  const [search] = useSearchParams();
  const listPath = paths.sectionList.getHref(section.slug);
  // A page the server answered 404 (past the last) says so at once, as the server drew it, without asking again.
  const page = useServedNotFound() ? null : pageFromSearch(search);
  usePageMeta(page !== null && page > 1 ? `${section.title} (página ${page})` : section.title, listPageDescription(section));
  const { data, isLoading, isFetching, error } = useGetPublicPublicationsQuery(
    { sectionSlug: section.slug, page: page ?? 1, pageSize: PUBLIC_PUBLICATION_PAGE_SIZE },
    { skip: page === null },
  );
  const last = data ? Math.max(1, Math.ceil(data.count / PUBLIC_PUBLICATION_PAGE_SIZE)) : 1;

  // Another page of the list starts at its top, as a new page would.
  useStartAtTop(String(page));

  const firstPage = (
    <Link className="button button--primary" to={listPath}>
      Ir a la primera página
    </Link>
  );

  return (
    <>
      <PageHeader title={section.title} lead={section.intro} />
      <div className="page-body container">
        {page === null || (page > 1 && isMissingPage(error)) ? (
          <StatusMessage kind="empty" action={firstPage}>
            Esta página de {section.title} no existe.
          </StatusMessage>
        ) : isLoading ? (
          <StatusMessage kind="loading">{messages.loading}</StatusMessage>
        ) : error ? (
          <StatusMessage kind="error">{loadPublicationsFailed(section.title)}</StatusMessage>
        ) : !data || data.results.length === 0 ? (
          <StatusMessage kind="empty">Todavía no hay publicaciones en esta sección. Vuelve pronto.</StatusMessage>
        ) : (
          <>
            <ul className="card-grid" aria-label={`Publicaciones de ${section.title}`} aria-busy={isFetching}>
              {data.results.map((publication, i) => (
                <li key={publication.id}>
                  <PublicationCard publication={publication} eager={i < 3} priority={i === 0} />
                </li>
              ))}
            </ul>
            <Pagination listPath={listPath} current={page} last={last} label={`Páginas de ${section.title}`} />
          </>
        )}
      </div>
    </>
  );
}
