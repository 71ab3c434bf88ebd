import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findPublicPublication, listPublicPublications } from '../db/publications-repository';
import { todayIso } from '../clock';
import { toPublicPublication } from '../http/serializers';
import type { PageMeta } from '../spa/render-index';
import type { Services } from '../services';
import { publicationHead, publicationIdOf } from './publication-head';
import { renderRobots, renderSitemap } from './sitemap';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** /sitemap.xml and /robots.txt, written for the address the site is reached at. */
export async function registerSeoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/sitemap.xml', async (request, reply) => {
    const { rows } = await listPublicPublications(services.db, { today: todayIso() });
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(renderSitemap(originOf(request), rows));
  });

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(renderRobots(originOf(request))),
  );
}

/**
 * The head of a page the SPA serves: for /{sectionSlug}/{id} of a public
 * publication, its title, description and image; nothing special otherwise
 * (the template's own title and description).
 */
export function createPageMetaResolver(services: Services) {
  return async (pathname: string): Promise<Omit<PageMeta, 'url'>> => {
    const id = publicationIdOf(pathname);
    if (id === null) return {};
    const row = await findPublicPublication(services.db, id, todayIso());
    return row ? publicationHead(toPublicPublication(row)) : {};
  };
}
