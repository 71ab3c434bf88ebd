import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addedSections,
  FACULTY_SEGMENT,
  type ListedSection,
  listPageDescription,
  listPathOf,
  pageTitle,
  publicSections,
} from '@/domain/catalogue';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { boundSearchQuery, SEARCH_QUERY_PARAM, SEARCH_SEGMENT, searchTexts } from '@/domain/site-search';
import { HOME_EVENT_COUNT, HOME_NEWS_COUNT, pageFromSearch, type PageRead } from '@/domain/public-pages';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import type { SectionLink } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { CALENDAR_PATH, CALENDAR_TITLE, eventCalendarPath } from '@/domain/events';
import { SITE_NAME } from '@/domain/catalogue';
import { sendAndKeep, sendCached } from '../http/cached-reply';
import {
  eventOfRow,
  findPublicPublication,
  listPublicEvents,
  listPublicPublicationAddresses,
  listPublicPublications,
  type PublicationWithSection,
} from '../db/publications-repository';
import { listVisibleSectionLinks } from '../db/sections-repository';
import { siteTimeZone, todayIso } from '../clock';
import { latestPublicPublications } from '../db/feed-repository';
import { toPublicPublication } from '../records';
import { findLiveLink } from '../content/preview-links';
import type { PageMeta } from '../spa/render-index';
import type { Services } from '../services';
import { publicationHead, publicationIdOf } from './publication-head';
import { articleFactsOf, type PageSubject } from './structured-data';
import { renderRobots, renderSitemap, renderSitemapPart } from './sitemap';
import { FEED_ENTRIES, listFeedPath, listFeedTitle, midnightIn, renderAtomFeed, SITE_FEED_PATH, siteFeedTitle, summaryOf } from './feeds';
import { renderCalendar, type CalendarEntry } from './icalendar';
import type { RouteChunk } from '../spa/route-chunks';

const originOf = (request: FastifyRequest) => request.server.publicOrigin();

/** Crawlers fetch these now and then: an hour in any cache. */
const SEO_CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Most events in the calendar: a year of a programme's is a few dozen, so this only bounds the file. */
const CALENDAR_MAX_EVENTS = 1000;

/** The day a year before `day` (YYYY-MM-DD): the calendar keeps the last twelve months. */
const yearBefore = (day: string): string => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/** A public publication with an event as the calendar writes it. */
function calendarEntry(row: PublicationWithSection, origin: string): CalendarEntry | undefined {
  const event = eventOfRow(row);
  if (!event) return undefined;
  return {
    uid: `publicacion-${row.id}@${new URL(origin).host}`,
    url: `${origin}/${row.section_slug}/${row.id}`,
    summary: row.title,
    description: summaryOf(row.layout),
    event,
    stamp: row.updated_at,
  };
}

/** What every feed needs beside its rows: the public origin, the site's time zone, and an `updated` for an empty feed. */
const feedCommon = (request: FastifyRequest) => {
  const timeZone = siteTimeZone();
  return { origin: originOf(request), timeZone, emptyUpdated: midnightIn(todayIso(new Date(), timeZone), timeZone) };
};

/** The list at /{segment}: one of the five by its list path, or a visible added section by its slug; undefined when there is none. */
function listNamed(segment: string, added: readonly SectionLink[]): ListedSection | undefined {
  return publicSections.find((candidate) => candidate.listPath === segment) ?? added.find((candidate) => candidate.slug === segment);
}

/** /sitemap.xml and /robots.txt, written for the site's public origin (PUBLIC_URL). */
export async function registerSeoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { publicCache } = services;

  const sitemapInput = async () => {
    const [rows, added] = await Promise.all([listPublicPublicationAddresses(services.db, todayIso()), visibleAddedSections(services)]);
    return { rows, added };
  };

  /**
   * A sitemap file from the public cache (cache/public-cache.ts), which
   * forgets it with every content write and at midnight, as it does the
   * public API's answers: the XML is written once per change, not for every
   * crawler's visit, and leaves with an ETag and compressed as they do
   * (cache/public-answer.ts). Keys start with '/sitemap', never with the
   * API's '/api/public/'. `write` answers null for a part that does not exist.
   */
  async function sitemapFile(request: FastifyRequest, reply: FastifyReply, key: string, write: () => Promise<string | null>) {
    const hit = await publicCache.get(key);
    if (hit) return sendCached(request, reply, hit);
    const generation = publicCache.begin();
    const xml = await write();
    if (xml === null) return reply.code(404).send({ detail: messages.notFound });
    // Its own memory, not a view of Buffer's shared pool (routes/public.ts says why).
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(xml));
    body.write(xml);
    reply.type(XML_TYPE);
    return sendAndKeep(request, reply, body, (answer) => publicCache.set(key, answer, generation), { cacheControl: SEO_CACHE_CONTROL });
  }

  app.get('/sitemap.xml', (request, reply) =>
    sitemapFile(request, reply, '/sitemap.xml', async () => {
      const { rows, added } = await sitemapInput();
      return renderSitemap(originOf(request), rows, added);
    }),
  );

  // The parts of a sitemap too long for one file (past 50,000 addresses).
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d{1,6}).xml', (request, reply) => {
    const part = Number(request.params.part);
    // By number, so that /sitemap-02.xml and /sitemap-2.xml are one entry.
    return sitemapFile(request, reply, `/sitemap-${part}.xml`, async () => {
      const { rows, added } = await sitemapInput();
      return renderSitemapPart(originOf(request), rows, added, part);
    });
  });

  /**
   * A feed or a calendar from the public cache, as the sitemap; the public API's caching headers, so a
   * scheduled publication enters within a minute of its midnight. `write` answers null for an address that names nothing.
   */
  async function publicFile(request: FastifyRequest, reply: FastifyReply, key: string, type: string, write: () => Promise<string | null>) {
    const hit = await publicCache.get(key);
    if (hit) return sendCached(request, reply, hit);
    const generation = publicCache.begin();
    const text = await write();
    // A list that does not exist names nothing: the site's 404 page, as any such address.
    if (text === null) return reply.callNotFound();
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    body.write(text);
    reply.type(type);
    return sendAndKeep(request, reply, body, (answer) => publicCache.set(key, answer, generation));
  }
  const feedFile = (request: FastifyRequest, reply: FastifyReply, key: string, write: () => Promise<string | null>) =>
    publicFile(request, reply, key, ATOM_TYPE, write);

  const calendarName = `${CALENDAR_TITLE} · ${SITE_NAME}`;
  app.get(CALENDAR_PATH, (request, reply) =>
    publicFile(request, reply, CALENDAR_PATH, CALENDAR_TYPE, async () => {
      const today = todayIso();
      const { rows } = await listPublicEvents(services.db, {
        today,
        from: yearBefore(today),
        window: { limit: CALENDAR_MAX_EVENTS, offset: 0 },
      });
      const origin = originOf(request);
      const entries = rows.flatMap((row) => calendarEntry(row, origin) ?? []);
      return renderCalendar({ name: calendarName, timeZone: siteTimeZone(), entries });
    }),
  );

  // 'Añadir al calendario': one public publication's event, under its own address.
  app.get<{ Params: { section: string; id: string } }>('/:section/:id/evento.ics', (request, reply) => {
    const { section, id } = request.params;
    if (!/^[a-z0-9-]{1,100}$/.test(section) || !/^\d{1,9}$/.test(id)) return reply.callNotFound();
    return publicFile(request, reply, eventCalendarPath(section, Number(id)), CALENDAR_TYPE, async () => {
      const row = await findPublicPublication(services.db, Number(id), todayIso());
      const entry = row && row.section_slug === section ? calendarEntry(row, originOf(request)) : undefined;
      if (!entry) return null;
      reply.header('Content-Disposition', `attachment; filename="evento-${row?.id}.ics"`);
      return renderCalendar({ name: row?.title ?? calendarName, timeZone: siteTimeZone(), entries: [entry] });
    });
  });

  app.get(SITE_FEED_PATH, (request, reply) =>
    feedFile(request, reply, SITE_FEED_PATH, async () => {
      const rows = await latestPublicPublications(services.db, { today: todayIso(), limit: FEED_ENTRIES });
      return renderAtomFeed({ ...feedCommon(request), title: siteFeedTitle, path: SITE_FEED_PATH, alternatePath: '/', rows });
    }),
  );

  app.get<{ Params: { file: string } }>('/feeds/:file', (request, reply) => {
    const list = /^([a-z0-9-]{1,100})\.xml$/.exec(request.params.file)?.[1];
    if (!list) return reply.callNotFound();
    return feedFile(request, reply, listFeedPath(list), async () => {
      const section = listNamed(list, await visibleAddedSections(services));
      if (!section) return null;
      const rows = await latestPublicPublications(services.db, { today: todayIso(), sectionSlug: section.slug, limit: FEED_ENTRIES });
      return renderAtomFeed({
        ...feedCommon(request),
        title: listFeedTitle(section.title),
        path: listFeedPath(list),
        alternatePath: `/${list}`,
        rows,
      });
    });
  });

  // Browsers ask for /favicon.ico on their own; the site's icon is an SVG.
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', SEO_CACHE_CONTROL)
      .send(renderRobots(originOf(request))),
  );
}

/** The visible sections administrators added beyond the five, in their order (DECISIONS "What the public sees"). */
export async function visibleAddedSections(services: Services): Promise<SectionLink[]> {
  return addedSections(await listVisibleSectionLinks(services.db));
}

/** What the server answers for a page of the public site: its status, and its head. */
export interface ResolvedPage extends Omit<PageMeta, 'url' | 'origin'> {
  /** 404 for an address that names nothing (DECISIONS "Search and feeds"); 301 to `location` for a publication under another section's address. */
  status: 200 | 301 | 404;
  location?: string;
  /** The page's canonical path and query (no origin); none for a 404. */
  canonical?: string;
  /** A private preview's page: never cached, indexed or told in a Referer (plugins/spa.ts). */
  preview?: boolean;
  /** The lazy page the browser app will load for it (its files are preloaded, plugins/spa.ts). */
  chunk?: RouteChunk;
  /** The API answers the page is drawn from (plugins/spa.ts reads them, draws the page and writes them into it). */
  reads?: PageRead[];
  /** What the page's structured data describes (structured-data.ts); none for a page without any. */
  subject?: PageSubject;
}

const NOT_FOUND_TITLE = 'Página no encontrada';
const PREVIEW_TITLE = 'Vista previa';
const NOT_FOUND_DESCRIPTION = 'La página que buscas no existe o se ha movido.';

/**
 * What the server knows of a public address before the browser app runs: the
 * routes, the visible sections and which publications are public. An address
 * that names nothing answers 404 with the same page (the app still renders
 * its 404 page): an unknown path, /giese, a publication that does not exist or
 * is not public, a hidden or unknown section, a list page past its last. The
 * head carries the page's title, description and image, its canonical
 * address, and the feeds it announces (the site's, and its list's).
 */
export function createPageResolver(services: Services) {
  return async (pathname: string, search: URLSearchParams, added: readonly SectionLink[]): Promise<ResolvedPage> => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const siteFeed = { title: siteFeedTitle, href: SITE_FEED_PATH };
    const notFound: ResolvedPage = {
      status: 404,
      title: pageTitle(NOT_FOUND_TITLE),
      description: NOT_FOUND_DESCRIPTION,
      noindex: true,
      feeds: [siteFeed],
    };
    if (path === '/') {
      // The next event and the latest news are drawn with the home page; their code is the list pages' (client/site/home-page.tsx).
      const events: PageRead = { kind: 'events', pageSize: HOME_EVENT_COUNT };
      const news: PageRead = { kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: HOME_NEWS_COUNT };
      return { status: 200, canonical: path, feeds: [siteFeed], chunk: 'site-list', reads: [events, news], subject: { kind: 'home' } };
    }
    if (path === `/${FACULTY_SEGMENT}`)
      return {
        status: 200,
        canonical: path,
        feeds: [siteFeed],
        chunk: 'site-faculty',
        reads: [{ kind: 'biographies', page: 1 }],
        subject: { kind: 'faculty' },
      };
    if (path === `/${SEARCH_SEGMENT}`) {
      const { text, tooShort } = boundSearchQuery(search.get(SEARCH_QUERY_PARAM) ?? '');
      const page = pageFromSearch(search);
      return {
        status: 200,
        title: pageTitle(searchTexts.heading),
        noindex: true,
        feeds: [siteFeed],
        chunk: 'site-search',
        // As the page asks (client/site/search-page.tsx): nothing for a short query or an impossible page.
        reads: tooShort || page === null ? [] : [{ kind: 'search', q: text, page }],
      };
    }

    // 'Vista previa': the unsaved state the admin tab hands over, or a private link's saved version (content/preview-links.ts).
    if (path === `/${PREVIEW_SEGMENT}`)
      return { status: 200, title: pageTitle(PREVIEW_TITLE), noindex: true, preview: true, chunk: 'site-preview' };
    if (path.startsWith(`/${PREVIEW_SEGMENT}/`)) {
      const found = await findLiveLink(services.db, path.slice(PREVIEW_SEGMENT.length + 2));
      if (!found) return { ...notFound, preview: true };
      const { publication } = found;
      return {
        status: 200,
        ...publicationHead(toPublicPublication(publication)),
        // The address it will have once public; the preview's own holds the token.
        canonical: `/${publication.section_slug}/${publication.id}`,
        noindex: true,
        preview: true,
        chunk: 'site-preview',
        // No read: the browser asks for what the link shows, so that a page fetched by a bot (a chat
        // app's link preview) is no view and writes no token into the page (docs/decisions/185).
      };
    }

    const segment = /^\/([a-z0-9-]+)$/.exec(path)?.[1];
    if (segment) {
      const section = listNamed(segment, added);
      if (!section) return notFound;
      const page = pageFromSearch(search);
      if (page === null) return notFound;
      if (page > 1) {
        const { count } = await listPublicPublications(services.db, {
          today: todayIso(),
          sectionSlug: section.slug,
          window: { limit: 1, offset: 0 },
        });
        if ((page - 1) * PUBLIC_PUBLICATION_PAGE_SIZE >= count) return notFound;
      }
      return {
        status: 200,
        title: pageTitle(page > 1 ? `${section.title} (página ${page})` : section.title),
        description: listPageDescription(section),
        canonical: page > 1 ? `${path}?pagina=${page}` : path,
        feeds: [siteFeed, { title: listFeedTitle(section.title), href: listFeedPath(segment) }],
        chunk: 'site-list',
        reads: [{ kind: 'publications', sectionSlug: section.slug, page, pageSize: PUBLIC_PUBLICATION_PAGE_SIZE }],
      };
    }

    const id = publicationIdOf(path);
    if (id === null) return notFound;
    const row = await findPublicPublication(services.db, id, todayIso());
    if (!row) return notFound;
    const own = `/${row.section_slug}/${row.id}`;
    if (own !== path) return { status: 301, location: own };
    const listSegment = listPathOf(row.section_slug);
    const shown = toPublicPublication(row);
    const head = publicationHead(shown);
    return {
      status: 200,
      ...head,
      canonical: own,
      feeds: [siteFeed, { title: listFeedTitle(row.section_title), href: listFeedPath(listSegment) }],
      chunk: 'site-detail',
      reads: [{ kind: 'publication', id: row.id }],
      // Its event as the page shows it (times with the site zone's offset), described as the page's head describes it.
      subject: {
        kind: 'publication',
        publication: { ...articleFactsOf(row, siteTimeZone()), event: shown.event, description: head.description },
      },
    };
  };
}
