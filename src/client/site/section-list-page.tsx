import { Link, useSearchParams } from 'react-router';
import type { PublicPublication } from '@/domain/entities';
import { loadPublicationsFailed, messages } from '@/domain/messages';
import { listPageDescription, type ListedSection } from '@/domain/catalogue';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { useGetPublicPublicationsQuery } from '@/client/api/public-content';
import { pageFromSearch } from '@/domain/public-pages';
import { paths } from '@/client/app/paths';
import { isRecord } from '@/domain/guards';
import { PublicationCard } from './publication-card';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';
import { useStartAtTop } from './use-start-at-top';
import { useServedNotFound } from './served-status';
import { eventGroups } from './event-groups';
import type { ListOrder } from '@/domain/list-order';
import './section-list-page.css';

/** The answer of a page past the end (DRF's 404 'Página no válida.'). */
const isMissingPage = (error: unknown) => isRecord(error) && error.status === 404;

/**
 * A public section's publications as a grid of cards (requirements §2), twelve
 * a page with the page in the address (/noticias?pagina=3), with loading,
 * error and empty states; a page that does not exist says so and leads to
 * the first one. A page with events groups its cards under 'Próximos',
 * 'Anteriores' and 'Otras publicaciones' (event-groups.ts), one list each.
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
            <CardGroups section={section} results={data.results} listOrder={data.listOrder} busy={isFetching} />
            <Pagination listPath={listPath} current={page} last={last} label={`Páginas de ${section.title}`} />
          </>
        )}
      </div>
    </>
  );
}

/** The page's cards: one grid, or, when the page has events, a heading and a grid for each group it holds. */
function CardGroups({
  section,
  results,
  listOrder,
  busy,
}: {
  section: ListedSection;
  results: PublicPublication[];
  listOrder: ListOrder;
  busy: boolean;
}) {
  const groups = eventGroups(results, listOrder);
  // Above the fold: the first three cards of the page, whichever groups they are in.
  const first = new Set(results.slice(0, 3).map(({ id }) => id));
  const cards = (items: PublicPublication[], headingLevel: 2 | 3) =>
    items.map((publication) => (
      <li key={publication.id}>
        <PublicationCard
          publication={publication}
          headingLevel={headingLevel}
          eager={first.has(publication.id)}
          priority={publication.id === results[0]?.id}
        />
      </li>
    ));
  const [only] = groups;
  if (groups.length === 1 && only.title === null) {
    return (
      <ul className="card-grid" aria-label={`Publicaciones de ${section.title}`} aria-busy={busy}>
        {cards(only.items, 2)}
      </ul>
    );
  }
  return (
    <div className="card-groups" aria-busy={busy}>
      {groups.map((group) => {
        const headingId = `grupo-${group.key}`;
        return (
          <div key={group.key} className="card-group">
            <h2 id={headingId} className="card-group__title">
              {group.title}
            </h2>
            <ul className="card-grid" aria-labelledby={headingId}>
              {cards(group.items, 3)}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
