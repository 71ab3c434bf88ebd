import type { Biography, Publication, PublicationSummary, PublicPublication, Section } from '@/domain/entities';
import { publicState } from '@/domain/publication-status';
import { DEFAULT_LIST_ORDER, isListOrder } from '@/domain/list-order';
import { eventAnswer, isUpcoming, type PublicationEvent } from '@/domain/events';
import { siteTimeZone, todayIso } from './clock';
import { storedLayout } from './db/json-column';
import { eventOfRow, type PublicationWithSection } from './db/publications-repository';
import type { ListedBiography } from './db/biographies-repository';
import type { SectionRow } from './db/schema';
import type { FocalPoint } from '@/domain/schemas/common';

/** Rows to the shapes of domain/entities.ts: the API contract. */
export function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    is_active: row.is_active === 1,
    list_order: isListOrder(row.list_order) ? row.list_order : DEFAULT_LIST_ORDER,
    order: row.order,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A focal point read beside a row (null: none, the centre). */
const focusOf = (x: number | null | undefined, y: number | null | undefined): FocalPoint | null =>
  x == null || y == null ? null : { x, y };

export function toBiography(row: ListedBiography): Biography {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    biography: row.biography,
    email: row.email,
    linkedin: row.linkedin,
    photo: row.photo,
    ...(row.photo_focal_x !== undefined && { photo_focus: focusOf(row.photo_focal_x, row.photo_focal_y) }),
    is_active: row.is_active === 1,
    order: row.order,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toPublication(row: PublicationWithSection): Publication {
  return { ...toPublicationSummary(row), layout: storedLayout(row.layout) };
}

/** A row's event as the API answers it: its times with the site zone's offset (docs/decisions/197). */
function eventOf(row: PublicationWithSection): PublicationEvent | null {
  const event = eventOfRow(row);
  return event && eventAnswer(event, siteTimeZone());
}

/** The admin list's answer with `omit=layout`: every field but the layout, which is most of the bytes. */
export function toPublicationSummary(row: PublicationWithSection): PublicationSummary {
  return {
    id: row.id,
    title: row.title,
    section: { id: row.section_id, title: row.section_title, slug: row.section_slug },
    section_id: row.section_id,
    status: row.status,
    featured_image: row.featured_image,
    is_featured: row.is_featured === 1,
    publish_date: row.publish_date,
    event: eventOf(row),
    order: row.order,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // The shown status on the site's today, wherever the row says whether its section is visible: every
    // admin answer of a publication (list, detail, save, restore) carries the same.
    ...(row.section_is_active !== undefined && {
      public_state: publicState(
        { status: row.status, publish_date: row.publish_date, section_is_active: row.section_is_active !== 0 },
        todayIso(),
      ),
    }),
  };
}

export function toPublicPublication(row: PublicationWithSection): PublicPublication {
  return {
    id: row.id,
    title: row.title,
    section_title: row.section_title,
    section_slug: row.section_slug,
    status: row.status,
    featured_image: row.featured_image,
    featured_image_focus: focusOf(row.featured_focal_x, row.featured_focal_y),
    is_featured: row.is_featured === 1,
    publish_date: row.publish_date,
    event: eventOf(row),
    // The public cache is kept per day, so this split moves at midnight with it.
    event_upcoming: row.event_start == null ? null : isUpcoming({ start: row.event_start, end: row.event_end }, todayIso()),
    layout: storedLayout(row.layout),
    order: row.order,
  };
}
