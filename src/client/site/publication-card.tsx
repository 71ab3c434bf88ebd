import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicPublication } from '@/domain/entities';
import { eventWhen, eventWhere } from '@/domain/events';
import { CARD_IMAGE_SIZES } from '@/domain/images';
import { firstTextContent } from '@/domain/layout';
import { focalPosition } from '@/domain/media';
import { excerpt } from '@/domain/text';
import { paths } from '@/client/app/paths';
import { PublicationDate } from '@/client/ui/publication-date';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import { CalendarIcon } from './calendar-icon';
import './publication-card.css';

/**
 * A publication in a list (requirements §2): its featured image if any, the title,
 * the first text cell cut to 100 characters plus '...', and the date; when it
 * announces an event, when and where (docs/decisions/197). The whole card is
 * one link to /{sectionSlug}/{id}.
 */
export function PublicationCard({
  publication,
  headingLevel = 2,
  eager = false,
  priority = false,
  wide = false,
  sectionName,
  summary: givenSummary,
}: {
  publication: PublicPublication;
  /** The section's name above the title (search results mix sections). */
  sectionName?: string;
  /** What the card says of the publication instead of the start of its first text cell (a search's snippet). */
  summary?: ReactNode;
  headingLevel?: 2 | 3;
  /** The first cards of a page load at once (they are above the fold). */
  eager?: boolean;
  /** The first card of a list: its image is the page's largest paint, fetch it first. */
  priority?: boolean;
  /** One card alone in a wide place (the home page's 'Próximo evento'): the image beside the text from a tablet's width. */
  wide?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const summary = givenSummary ?? excerpt(firstTextContent(publication.layout));
  const { event } = publication;
  const where = event && eventWhere(event);
  return (
    <article className={wide ? 'card card--wide' : 'card'}>
      <div className="card__media">
        {publication.featured_image ? (
          <ResponsiveImage
            src={publication.featured_image}
            // The crop keeps the image's focal point in view (the library's, docs/decisions/222).
            style={{ objectPosition: focalPosition(publication.featured_image_focus) }}
            sizes={CARD_IMAGE_SIZES}
            width={640}
            height={400}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            fallback={<span className="card__media-fallback" />}
          />
        ) : (
          <span className="card__media-fallback" />
        )}
      </div>
      <div className="card__body">
        {sectionName && <p className="card__section">{sectionName}</p>}
        <PublicationDate className="card__date" value={publication.publish_date} />
        <Heading className="card__title">
          <Link className="card__link" to={paths.publication.getHref(publication.section_slug, publication.id)}>
            {publication.title}
          </Link>
        </Heading>
        {event && (
          <p className="card__event">
            <CalendarIcon className="card__event-icon" />
            <span>
              {eventWhen(event)}
              {/* The dot stays with the place when the line breaks. */}
              {where && <span className="card__event-where"> ·&nbsp;{where}</span>}
            </span>
          </p>
        )}
        {summary && <p className="card__excerpt">{summary}</p>}
        <span className="card__more" aria-hidden="true">
          Leer publicación →
        </span>
      </div>
    </article>
  );
}
