import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addedSections, listPageDescription, pageTitle, publicSections } from '@/domain/catalogue';
import type { SectionLink } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { findPublicPublication, listPublicPublications } from '../db/publications-repository';
import { listVisibleSectionLinks } from '../db/sections-repository';
import { todayIso } from '../clock';
import { toPublicPublication } from '../http/serializers';
import type { PageMeta } from '../spa/render-index';
import type { Services } from '../services';
import { publicationHead, publicationIdOf } from './publication-head';
import { renderRobots, renderSitemap, renderSitemapPart } from './sitemap';

const originOf = (request: FastifyRequest) => request.server.publicOrigin();

/** /sitemap.xml and /robots.txt, written for the site's public origin (PUBLIC_URL). */
export async function registerSeoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const sitemapInput = async () => {
    const [{ rows }, added] = await Promise.all([listPublicPublications(services.db, { today: todayIso() }), visibleAddedSections(services)]);
    return { rows, added };
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const { rows, added } = await sitemapInput();
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(renderSitemap(originOf(request), rows, added));
  });

  // The parts of a sitemap too long for one file (past 50,000 addresses).
  app.get('/sitemap-:part(^\\d{1,6}).xml', async (request, reply) => {
    const { rows, added } = await sitemapInput();
    const xml = renderSitemapPart(originOf(request), rows, added, Number((request.params as { part: string }).part));
    if (xml === null) return reply.code(404).send({ detail: messages.notFound });
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(renderRobots(originOf(request))),
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
      const section = publicSections.find((candidate) => candidate.listPath === segment) ?? added.find((candidate) => candidate.slug === segment);
      return section ? { title: pageTitle(section.title), description: listPageDescription(section) } : {};
    }
    const id = publicationIdOf(pathname);
    if (id === null) return {};
    const row = await findPublicPublication(services.db, id, todayIso());
    return row ? publicationHead(toPublicPublication(row)) : {};
  };
}
