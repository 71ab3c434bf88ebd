import { HOME_EVENT_COUNT } from '@/domain/public-pages';
import { useGetPublicEventsQuery } from '@/client/api/public-content';
import { PublicationCard } from './publication-card';
import './next-event.css';

/**
 * The site's next event on the home page (docs/decisions/197), its card across
 * the page; nothing at all (no heading) when none is to come, and nothing
 * while it is on its way: the server draws it with the page, so a visitor
 * only waits for it after a visit within the app.
 */
export function NextEvent() {
  const { data } = useGetPublicEventsQuery(HOME_EVENT_COUNT);
  const next = data?.results[0];
  if (!next) return null;
  return (
    <section className="home-event" aria-labelledby="next-event-title">
      <div className="container">
        <h2 id="next-event-title" className="section-title">
          Próximo evento
        </h2>
        <PublicationCard publication={next} headingLevel={3} wide />
      </div>
    </section>
  );
}
