import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addedSections, listPageDescription, pageTitle, publicSections } from '@/domain/catalogue';
import type { SectionLink } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { type CachedAnswer, deliver, prepareAnswer } from '../cache/public-answer';
import { findPublicPublication, listPublicPublicationAddresses } from '../db/publications-repository';
import { listVisibleSectionLinks } from '../db/sections-repository';
import { todayIso } from '../clock';
import { toPublicPublication } from '../http/serializers';
import type { PageMeta } from '../spa/render-index';
import type { Services } from '../services';
import { publicationHead, publicationIdOf } from './publication-head';
import { renderRobots, renderSitemap, renderSitemapPart } from './sitemap';

const originOf = (request: FastifyRequest) => request.server.publicOrigin();

/** Crawlers fetch these now and then: an hour in any cache. */
const SEO_CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

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
    if (hit) return send(request, reply, hit);
    const generation = publicCache.begin();
    const xml = await write();
    if (xml === null) return reply.code(404).send({ detail: messages.notFound });
    // Its own memory, not a view of Buffer's shared pool (routes/public.ts says why).
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(xml));
    body.write(xml);
    reply.type(XML_TYPE);
    const answer = await prepareAnswer(body, reply.getHeaders() as CachedAnswer['headers'], { cacheControl: SEO_CACHE_CONTROL });
    publicCache.set(key, answer, generation);
    return send(request, reply, answer);
  }

  function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
    const { status, headers, body } = deliver(answer, request.headers);
    return reply.code(status).headers(headers).send(body);
  }

  app.get('/sitemap.xml', (request, reply) =>
    sitemapFile(request, reply, '/sitemap.xml', async () => {
      const { rows, added } = await sitemapInput();
      return renderSitemap(originOf(request), rows, added);
    }),
  );

  // The parts of a sitemap too long for one file (past 50,000 addresses).
  app.get('/sitemap-:part(^\\d{1,6}).xml', (request, reply) => {
    const part = Number((request.params as { part: string }).part);
    // By number, so that /sitemap-02.xml and /sitemap-2.xml are one entry.
    return sitemapFile(request, reply, `/sitemap-${part}.xml`, async () => {
      const { rows, added } = await sitemapInput();
      return renderSitemapPart(originOf(request), rows, added, part);
    });
  });

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

/**
 * The head of a page the SPA serves: for /{sectionSlug}/{id} of a public
 * publication, its title, description and image; for a section's list page
 * (the five's, or a visible added section's /{slug}), its title and
 * description; nothing special otherwise (the template's own).
 */
export function createPageMetaResolver(services: Services) {
  return async (pathname: string, added: readonly SectionLink[]): Promise<Omit<PageMeta, 'url'>> => {
    const segment = /^\/([a-z0-9-]+)\/?$/.exec(pathname)?.[1];
    if (segment) {
      // The five by their list paths; an added section by its slug (never one of the five's).
      const section =
        publicSections.find((candidate) => candidate.listPath === segment) ?? added.find((candidate) => candidate.slug === segment);
      return section ? { title: pageTitle(section.title), description: listPageDescription(section) } : {};
    }
    const id = publicationIdOf(pathname);
    if (id === null) return {};
    const row = await findPublicPublication(services.db, id, todayIso());
    return row ? publicationHead(toPublicPublication(row)) : {};
  };
}
