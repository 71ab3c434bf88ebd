import type { Biography, SiteContact, SiteSettings } from '@/domain/entities';
import { MODALITY_SCHEMA_ORG } from '@/domain/site-settings';
import type { ProgrammeFacts } from '@/domain/site-settings-values';
import { findPublicSection, listPathOf, SITE_NAME } from '@/domain/catalogue';
import type { PageData } from '@/domain/public-pages';
import { publicationTimes } from './feeds';
import type { FocalPoint } from '@/domain/schemas/common';
import type { PublicationEvent } from '@/domain/events';
import { renditionUrl } from '../media/renditions';

/**
 * The JSON-LD (schema.org) a public page carries for search engines
 * (docs/decisions/187-structured-data.md): the site and its programme on the
 * home page, the article and its breadcrumb on a publication's page (and its
 * event, when it announces one), each teacher on the faculty page. Pure: from
 * what the page shows and the public origin (PUBLIC_URL) to nodes, which
 * render-index.ts writes, each in a script of its own.
 */

const CONTEXT = 'https://schema.org';

/** The section whose publications are news (NewsArticle rather than Article). */
const NEWS_SECTION_SLUG = 'noticias';

/** A node as JSON-LD writes it: a type and its properties, '@context' on the nodes a page carries. */
export interface JsonLdNode {
  '@context'?: typeof CONTEXT;
  '@type': string;
  [property: string]: unknown;
}

/** A public publication as its Article and breadcrumb need it (articleFactsOf). */
export interface ArticleFacts {
  id: number;
  title: string;
  section_slug: string;
  section_title: string;
  featured_image: string | null;
  /** The featured image's focal point, when the library holds it: the image given is cut around it. */
  featured_image_focus?: FocalPoint | null;
  /** When it became public and when it was last edited, RFC 3339 (feeds.ts publicationTimes). */
  published: string;
  modified: string;
  /** Its event as the API answers it (timed values with the site zone's offset), when it announces one: an Event node too. */
  event?: PublicationEvent | null;
  /** What the page's head says of it (its meta description): the Event's description. */
  description?: string;
}

/** What a page's structured data describes, as the page resolver knows it (seo-routes.ts). */
export type PageSubject = { kind: 'home' } | { kind: 'faculty' } | { kind: 'publication'; publication: ArticleFacts };

/** A biography as the faculty page shows it (the public API's answer). */
type FacultyMember = Pick<Biography, 'name' | 'position' | 'email' | 'linkedin' | 'photo' | 'photo_focus' | 'is_active'>;

const homeUrl = (origin: string): string => `${origin}/`;
/** A stored address ('/media/images/…') made absolute against the public origin; an absolute one stays as it is. */
const absolute = (address: string, origin: string): string => new URL(address, homeUrl(origin)).toString();

/**
 * The organisation behind the site: the site itself, by its name and home
 * page. The research group of the settings is a navigation link ('GIESE' at
 * /giese by default), not a programme's provider; no university is configured
 * anywhere (docs/decisions/187). On the programme, it carries the contact of
 * 'Ajustes del sitio' (docs/decisions/199).
 */
const siteOrganization = (origin: string, contact?: SiteContact): JsonLdNode => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: homeUrl(origin),
  ...(contact?.email ? { email: contact.email } : {}),
  ...(contact?.phone ? { telephone: contact.phone } : {}),
  ...(contact?.address ? { address: contact.address } : {}),
});

/**
 * The programme as 'Ajustes del sitio' describe it (docs/decisions/199): how
 * long (ISO 8601), its ECTS credits, how it is taught, its language, its price
 * in euros with where to apply, and the admission period's days. A fact not
 * set is left out.
 */
function programmeFacts(facts: ProgrammeFacts | undefined, origin: string): Record<string, unknown> {
  if (!facts) return {};
  const apply = facts.how_to_apply_url ? absolute(facts.how_to_apply_url, origin) : undefined;
  return {
    ...(facts.duration_months !== null ? { timeToComplete: `P${facts.duration_months}M` } : {}),
    ...(facts.ects_credits !== null ? { numberOfCredits: facts.ects_credits } : {}),
    ...(facts.modality ? { educationalProgramMode: MODALITY_SCHEMA_ORG[facts.modality] } : {}),
    ...(facts.language ? { inLanguage: facts.language } : {}),
    ...(facts.price !== null
      ? { offers: { '@type': 'Offer', price: facts.price, priceCurrency: 'EUR', ...(apply ? { url: apply } : {}) } }
      : {}),
    ...(facts.admission_opens ? { applicationStartDate: facts.admission_opens } : {}),
    ...(facts.admission_closes ? { applicationDeadline: facts.admission_closes } : {}),
  };
}

/** The home page: the site (WebSite), and the programme it presents (EducationalOccupationalProgram) with the settings' facts. */
export function homeNodes(origin: string, settings?: Pick<SiteSettings, 'contact' | 'programme'>): JsonLdNode[] {
  return [
    { '@context': CONTEXT, '@type': 'WebSite', name: SITE_NAME, url: homeUrl(origin) },
    {
      '@context': CONTEXT,
      '@type': 'EducationalOccupationalProgram',
      name: SITE_NAME,
      url: homeUrl(origin),
      provider: siteOrganization(origin, settings?.contact),
      ...programmeFacts(settings?.programme, origin),
    },
  ];
}

/** A publication's facts from its row: its times as its feed entry gives them, in the site's time zone. */
export function articleFactsOf(
  row: Omit<ArticleFacts, 'published' | 'modified' | 'featured_image_focus'> & {
    publish_date: string | null;
    updated_at: string;
    featured_focal_x?: number | null;
    featured_focal_y?: number | null;
  },
  timeZone: string,
): ArticleFacts {
  const { published, updated } = publicationTimes(row, timeZone);
  const { id, title, section_slug, section_title, featured_image, featured_focal_x: x, featured_focal_y: y } = row;
  const featured_image_focus = x == null || y == null ? null : { x, y };
  return { id, title, section_slug, section_title, featured_image, featured_image_focus, published, modified: updated };
}

const ATTENDANCE = {
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  mixed: 'https://schema.org/MixedEventAttendanceMode',
} as const;

/**
 * A publication's event as schema.org's Event: its times as the API answers
 * them (dates for a whole-day one, else with the site zone's offset), where
 * (a Place by its name, a VirtualLocation by its link, or both: a mixed event),
 * the page, its image, and the programme as organiser.
 */
function eventNode(
  event: PublicationEvent,
  facts: { name: string; url: string; image?: string; description?: string },
  origin: string,
): JsonLdNode {
  const place = event.location ? { '@type': 'Place', name: event.location, address: event.location } : null;
  const online = event.online_url ? { '@type': 'VirtualLocation', url: event.online_url } : null;
  const mode = place && online ? ATTENDANCE.mixed : online ? ATTENDANCE.online : place ? ATTENDANCE.offline : null;
  const locations = [place, online].filter((location) => location !== null);
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    startDate: event.start,
    ...(event.end ? { endDate: event.end } : {}),
    ...(mode ? { eventAttendanceMode: mode } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    ...(locations.length > 0 ? { location: locations.length === 1 ? locations[0] : locations } : {}),
    url: facts.url,
    ...(facts.image ? { image: facts.image } : {}),
    organizer: siteOrganization(origin),
  };
}

/**
 * A publication's page: the article (a NewsArticle in Noticias), and its
 * breadcrumb as the page draws it (client/site/publication-view.tsx):
 * 'Inicio', its section's list, its title; the last is the page itself. One
 * that announces an event describes it too (eventNode).
 */
export function publicationNodes(publication: ArticleFacts, origin: string): JsonLdNode[] {
  const { id, title, section_slug: slug, featured_image: featured } = publication;
  const image = featured ? absolute(renditionUrl(featured, 'share', publication.featured_image_focus), origin) : undefined;
  const url = `${origin}/${slug}/${id}`;
  // As the page names it (client/site/publication-detail-page.tsx).
  const sectionTitle = publication.section_title || findPublicSection(slug)?.title || slug;
  const crumbs = [
    { name: 'Inicio', item: homeUrl(origin) },
    { name: sectionTitle, item: `${origin}/${listPathOf(slug)}` },
    { name: title, item: url },
  ];
  return [
    {
      '@context': CONTEXT,
      '@type': slug === NEWS_SECTION_SLUG ? 'NewsArticle' : 'Article',
      headline: title,
      datePublished: publication.published,
      dateModified: publication.modified,
      ...(image ? { image } : {}),
      publisher: siteOrganization(origin),
    },
    {
      '@context': CONTEXT,
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
    },
    ...(publication.event ? [eventNode(publication.event, { name: title, url, image, description: publication.description }, origin)] : []),
  ];
}

/** The faculty page: a Person for each active biography, its email, web and photo only when it has them. */
export function facultyNodes(biographies: readonly FacultyMember[], origin: string): JsonLdNode[] {
  return biographies
    .filter((biography) => biography.is_active)
    .map((biography) => {
      const email = biography.email.trim();
      const web = biography.linkedin.trim();
      return {
        '@context': CONTEXT,
        '@type': 'Person',
        name: biography.name.trim(),
        jobTitle: biography.position.trim(),
        ...(email ? { email } : {}),
        ...(web ? { url: web } : {}),
        ...(biography.photo ? { image: absolute(renditionUrl(biography.photo, 'square', biography.photo_focus), origin) } : {}),
      };
    });
}

/** The biographies of the faculty's answers (every page of a hundred the server read), in their order. */
const biographiesOf = (reads: PageData['reads']): FacultyMember[] =>
  reads.flatMap(({ read, answer }) => {
    const results = read.kind === 'biographies' ? (answer as { results?: unknown }).results : undefined;
    return Array.isArray(results) ? (results as FacultyMember[]) : [];
  });

/**
 * A page's structured data: from what the resolver knows of it (`subject`;
 * none for a page that has none: a list, a search, a preview, a 404), the
 * answers it is drawn from (plugins/spa.ts answersOf), which hold the faculty,
 * and the site's settings, which hold the programme's facts.
 */
export function structuredDataOf(
  subject: PageSubject | undefined,
  reads: PageData['reads'],
  origin: string,
  settings?: Pick<SiteSettings, 'contact' | 'programme'>,
): JsonLdNode[] | undefined {
  switch (subject?.kind) {
    case 'home':
      return homeNodes(origin, settings);
    case 'publication':
      return publicationNodes(subject.publication, origin);
    case 'faculty':
      return facultyNodes(biographiesOf(reads), origin);
    default:
      return undefined;
  }
}
