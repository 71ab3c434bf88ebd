import { loadPublicationsFailed, messages } from '@/domain/messages';
import type { PublicSection } from '@/domain/catalogue';
import { useGetPublicPublicationsQuery } from '@/client/api/public-content';
import { PublicationCard } from './publication-card';
import { PageHeader } from './page-header';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';

/** A public section's publications as a grid of cards (requirements §2), with loading, error and empty states. */
export function SectionListPage({ section }: { section: PublicSection }) {
  const { intro } = section;
  usePageMeta(section.title, `${section.title}: ${intro}`);
  const { data, isLoading, isError } = useGetPublicPublicationsQuery(section.slug);

  return (
    <>
      <PageHeader title={section.title} lead={intro} />
      <div className="page-body container">
        {isLoading ? (
          <StatusMessage kind="loading">{messages.loading}</StatusMessage>
        ) : isError ? (
          <StatusMessage kind="error">{loadPublicationsFailed(section.title)}</StatusMessage>
        ) : !data || data.length === 0 ? (
          <StatusMessage kind="empty">Todavía no hay publicaciones en esta sección. Vuelve pronto.</StatusMessage>
        ) : (
          <ul className="card-grid" aria-label={`Publicaciones de ${section.title}`}>
            {data.map((publication, i) => (
              <li key={publication.id}>
                <PublicationCard publication={publication} eager={i < 3} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
