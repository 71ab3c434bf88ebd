import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_BIOGRAPHY_PAGE_SIZE } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { parseBoolean } from '@/domain/validation';
import { publicCacheKey } from '../cache/cache-front';
import type { CachedAnswer } from '../cache/public-cache';
import { listBiographies } from '../db/biographies-repository';
import { findPublicPublication, listPublicPublications } from '../db/publications-repository';
import { notFound } from '../http/api-error';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { todayIso } from '../clock';
import { idParam } from '../http/params';
import { toBiography, toPublicPublication } from '../http/serializers';
import { optionalAdmin } from '../plugins/auth';
import { Biography } from '@/domain/schemas/biographies';
import { Detail, IdParams, PageOf } from '@/domain/schemas/common';
import { PublicBiographiesQuery, PublicPublication, PublicPublicationsQuery } from '@/domain/schemas/public';
import type { Services } from '../services';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The public API: no auth, only what requirements §10.4 lets the public see.
 * Answers are served from the public cache (cache/public-cache.ts); a miss
 * computes, serialises once and stores the bytes with their headers, which
 * cache/cache-front.ts then serves without entering Fastify.
 */
export const publicRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, publicCache } = services;

  async function cached(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>): Promise<void> {
    const key = publicCacheKey(request.headers.host, request.url);
    const hit = await publicCache.get(key);
    if (hit) {
      reply.headers(hit.headers).send(hit.body);
      return;
    }
    const generation = publicCache.begin();
    const body = Buffer.from(JSON.stringify(await compute()));
    reply.type(JSON_TYPE);
    const headers = { ...(reply.getHeaders() as CachedAnswer['headers']), 'content-length': body.length };
    publicCache.set(key, { body, headers }, generation);
    reply.send(body);
  }

  // The answers leave as the bytes cached() serialised once; the schemas describe them and type the input.
  const tags = ['Público'];

  app.get(
    '/public/publications/',
    {
      schema: {
        tags,
        summary: 'Publicaciones públicas',
        description: 'Solo las publicadas, con fecha de hoy o anterior, de secciones visibles.',
        querystring: PublicPublicationsQuery,
        response: { 200: PageOf(PublicPublication), 404: Detail },
      },
    },
    (request, reply) =>
    cached(request, reply, async () => {
      const { query } = request;
      const page = readPageRequest(query);
      const sectionSlug = query.section_slug || undefined;
      const { rows, count } = await listPublicPublications(db, { today: todayIso(), sectionSlug, window: page.window });
      return toPage(page, count, rows.map(toPublicPublication), requestUrl(request));
    }),
  );

  app.get(
    '/public/publication/:id/',
    { schema: { tags, summary: 'Una publicación pública', params: IdParams, response: { 200: PublicPublication, 404: Detail } } },
    (request, reply) =>
    cached(request, reply, async () => {
      const row = await findPublicPublication(db, idParam(request.params, 'id', messages.publicationNotFound), todayIso());
      if (!row) throw notFound(messages.publicationNotFound);
      return toPublicPublication(row);
    }),
  );

  app.get(
    '/public/biographies/',
    {
      schema: {
        tags,
        summary: 'Cuerpo docente',
        description: 'Las biografías activas; con include_inactive=true y un administrador identificado, todas.',
        querystring: PublicBiographiesQuery,
        response: { 200: PageOf(Biography) },
      },
    },
    async (request, reply) => {
    const { query } = request;
    const list = async (activeOnly: boolean) => {
      const page = readPageRequest(query, PUBLIC_BIOGRAPHY_PAGE_SIZE);
      const { rows, count } = await listBiographies(db, { activeOnly, window: page.window });
      return toPage(page, count, rows.map(toBiography), requestUrl(request));
    };
    // Inactive biographies only for a signed-in administrator; anyone else gets the active ones.
    if (parseBoolean(query.include_inactive) === true && (await optionalAdmin(services, request))) {
      return reply.header('Cache-Control', 'private, no-store').send(await list(false));
    }
    return cached(request, reply, () => list(true));
    },
  );
};
