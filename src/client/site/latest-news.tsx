import { Link } from 'react-router';
import { findPublicSection } from '@/domain/catalogue';
import { HOME_NEWS_COUNT } from '@/domain/public-pages';
import { paths } from '@/client/app/paths';
import { useGetPublicPublicationsQuery } from '@/client/api/public-content';
import { PublicationCard } from './publication-card';
import './latest-news.css';

const NEWS = findPublicSection('noticias')!;

/** The latest news (HOME_NEWS_COUNT) on the home page, with a link to all of them; nothing when there are none. */
export function LatestNews() {
  const { data } = useGetPublicPublicationsQuery({ sectionSlug: NEWS.slug, page: 1, pageSize: HOME_NEWS_COUNT });
  const latest = (data?.results ?? []).slice(0, HOME_NEWS_COUNT);
  if (latest.length === 0) return null;
  return (
    <section className="home-news" aria-labelledby="news-title">
      <div className="container">
        <div className="home-news__head">
          <h2 id="news-title" className="section-title">
            Últimas noticias
          </h2>
          <Link to={paths.sectionList.getHref(NEWS.slug)} className="text-link">
            Ver todas las noticias
          </Link>
        </div>
        <ul className="card-grid">
          {latest.map((publication) => (
            <li key={publication.id}>
              <PublicationCard publication={publication} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
