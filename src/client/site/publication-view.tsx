import { paths } from '@/client/app/paths';
import type { PublicPublication } from '@/domain/entities';
import { focalPosition } from '@/domain/media';
import { LayoutGrid } from '@/client/ui/layout-grid';
import { PublicationDate } from '@/client/ui/publication-date';
import { BANNER_IMAGE_SIZES } from '@/domain/images';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import { eventCalendarPath } from '@/domain/events';
import { Breadcrumb } from './breadcrumb';
import { EventBox } from './event-box';
import './publication-detail-page.css';

export interface PublicationViewProps {
  /** A preview's publication may not know its image's focal point: the centre then. */
  publication: Pick<PublicPublication, 'title' | 'featured_image' | 'publish_date' | 'layout'> &
    Partial<Pick<PublicPublication, 'featured_image_focus' | 'event' | 'event_upcoming'>> & {
      /** null for a preview of one not created yet: its event has no calendar file. */
      id?: number | null;
    };
  /** Its section's slug (for the breadcrumb's link); empty when it has none yet (an unsaved preview). */
  sectionSlug: string;
  sectionTitle: string;
}

/**
 * A publication as the public site draws it (requirements §2): breadcrumb, 400 px
 * featured banner, date, title, its event if it announces one, then its
 * layout. The public page and 'Vista previa' both draw it, so a preview is the
 * page visitors will see.
 */
export function PublicationView({ publication, sectionSlug, sectionTitle }: PublicationViewProps) {
  const { event, id } = publication;
  return (
    <article className="detail">
      <div className="container">
        <Breadcrumb
          items={[
            { label: 'Inicio', to: paths.home.getHref() },
            ...(sectionSlug ? [{ label: sectionTitle, to: paths.sectionList.getHref(sectionSlug) }] : []),
            { label: publication.title },
          ]}
        />
      </div>
      {publication.featured_image && (
        <div className="detail__banner">
          <ResponsiveImage
            src={publication.featured_image}
            style={{ objectPosition: focalPosition(publication.featured_image_focus) }}
            sizes={BANNER_IMAGE_SIZES}
            loading="eager"
            fetchPriority="high"
            width={1600}
            height={400}
          />
        </div>
      )}
      <div className="container detail__content">
        <header className="detail__header">
          <PublicationDate className="detail__date" value={publication.publish_date} />
          <h1 className="detail__title">{publication.title}</h1>
          {sectionTitle && <p className="detail__section">{sectionTitle}</p>}
        </header>
        {event && (
          <EventBox
            event={event}
            upcoming={publication.event_upcoming ?? null}
            calendarPath={id != null && sectionSlug ? eventCalendarPath(sectionSlug, id) : null}
          />
        )}
        {/* Authors' subheadings start at h2 or h3: this keeps the outline in order for screen readers. */}
        <h2 className="visually-hidden">Contenido de la publicación</h2>
        <LayoutGrid layout={publication.layout} />
      </div>
    </article>
  );
}
