import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FACULTY_SEGMENT } from '@/domain/catalogue';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { pageFromSearch } from '@/domain/public-pages';
import { boundSearchQuery, SEARCH_QUERY_PARAM, searchTexts } from '@/domain/site-search';
import { isRecord } from '@/domain/guards';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { PublicationCard } from './publication-card';
import { snippetParts, useSearchPublicationsQuery, type FacultyHit, type SearchHit } from './search-api';
import { searchHref, SiteSearchForm } from './site-search-form';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';
import { useStartAtTop } from './use-start-at-top';
import './search-page.css';

/** Search result pages are not for search engines: the server's page says so, and so does the app's while it shows one. */
function useNoindex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function Snippet({ hit }: { hit: SearchHit }) {
  return <>{snippetParts(hit.snippet).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

/** 'Cuerpo docente': the people found by name or position, each a link to their card on the faculty page. */
function FacultyResults({ people, count }: { people: FacultyHit[]; count: number }) {
  const headingId = useId();
  return (
    <section className="search-page__group search-faculty" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-page__group-title">
        {searchTexts.facultyHeading}
      </h2>
      <ul className="search-faculty__list">
        {people.map((person) => (
          <li key={person.id} className="search-faculty__item">
            <Link className="search-faculty__name" to={person.url}>
              {person.name.trim() || 'Sin nombre'}
            </Link>
            <span className="search-faculty__position">{person.position.trim() || 'Sin cargo'}</span>
          </li>
        ))}
      </ul>
      {count > people.length && (
        <p className="search-page__note">
          {searchTexts.facultyMore(count - people.length)} <Link to={`/${FACULTY_SEGMENT}`}>{searchTexts.facultyAll}</Link>
        </p>
      )}
    </section>
  );
}

const isStatus = (error: unknown, status: number) => isRecord(error) && error.status === status;

/**
 * /buscar?q=…&pagina=N: the public publications that hold every word searched
 * (title, text, section), twelve a page with the site's pagination, each card
 * with its section's name and a snippet with the words found marked.
 */
export function SearchPage() {
  const [search] = useSearchParams();
  const raw = search.get(SEARCH_QUERY_PARAM) ?? '';
  const { text, truncated, tooShort } = boundSearchQuery(raw);
  const page = pageFromSearch(search);
  usePageMeta(text && !tooShort ? `${searchTexts.heading}: ${text}` : searchTexts.heading);
  useNoindex();
  const { data, isLoading, isFetching, error } = useSearchPublicationsQuery(
    { q: text, page: page ?? 1 },
    { skip: tooShort || page === null },
  );
  const last = data ? Math.max(1, Math.ceil(data.count / PUBLIC_PUBLICATION_PAGE_SIZE)) : 1;
  // The faculty found leads the first page; later pages are publications only.
  const faculty = page === 1 ? (data?.faculty ?? []) : [];
  const facultyCount = data?.faculty_count ?? faculty.length;
  const publicationsHeadingId = useId();

  useStartAtTop(`${page}|${text}`);

  return (
    <>
      <PageHeader title={searchTexts.heading} />
      <div className="page-body container">
        <SiteSearchForm key={raw} id="buscar-pagina" initial={raw} className="search-page__form" />
        {tooShort ? (
          <StatusMessage kind="empty">{searchTexts.tooShort}</StatusMessage>
        ) : page === null || (page > 1 && isStatus(error, 404)) ? (
          <StatusMessage
            kind="empty"
            action={
              <Link className="button button--primary" to={searchHref(text)}>
                Ir a la primera página
              </Link>
            }
          >
            Esta página de resultados no existe.
          </StatusMessage>
        ) : isLoading ? (
          <StatusMessage kind="loading">{messages.loading}</StatusMessage>
        ) : error || !data ? (
          <StatusMessage kind="error">No se ha podido buscar. Inténtelo de nuevo en unos momentos.</StatusMessage>
        ) : (
          <>
            {truncated && <p className="search-page__note">{searchTexts.truncated}</p>}
            {data.count === 0 && faculty.length === 0 ? (
              <StatusMessage kind="empty">{searchTexts.empty(data.query)}</StatusMessage>
            ) : (
              <>
                <p className="search-page__count" role="status">
                  {searchTexts.count(data.count + facultyCount, data.query)}
                </p>
                {faculty.length > 0 && <FacultyResults people={faculty} count={facultyCount} />}
                {faculty.length > 0 && data.count > 0 && (
                  <h2 id={publicationsHeadingId} className="search-page__group-title">
                    {searchTexts.publicationsHeading}
                  </h2>
                )}
                {data.count > 0 && (
                  <ul
                    className="card-grid"
                    aria-label={faculty.length > 0 ? undefined : searchTexts.heading}
                    aria-labelledby={faculty.length > 0 ? publicationsHeadingId : undefined}
                    aria-busy={isFetching}
                  >
                    {data.results.map((hit, i) => (
                      <li key={hit.id}>
                        <PublicationCard
                          publication={hit}
                          sectionName={hit.section_title}
                          summary={hit.snippet ? <Snippet hit={hit} /> : undefined}
                          eager={i < 3}
                          priority={i === 0}
                          headingLevel={faculty.length > 0 ? 3 : 2}
                        />
                      </li>
                    ))}
                  </ul>
                )}
                <Pagination
                  listPath={searchHref(text)}
                  hrefOf={(n) => searchHref(text, n)}
                  current={page}
                  last={last}
                  label="Páginas de resultados"
                />
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}
