import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_BIOGRAPHY_PAGE_SIZE } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { parseBoolean } from '@/domain/validation';
import { sendAndKeep, sendCached } from '../http/cached-reply';
import { canonicalPublicRequest } from '../cache/public-key';
import { listBiographies } from '../db/biographies-repository';
import { findPublicPublication, listPublicEvents, listPublicPublications } from '../db/publications-repository';
import { notFound } from '../http/api-error';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { todayIso } from '../clock';
import { notFoundAs } from '../http/params';
import { toBiography, toPublicPublication } from '../records';
import { optionalAdmin } from '../plugins/auth';
import { Biography } from '@/domain/schemas/biographies';
import { Detail, IdParams, PageOf, PageQuery } from '@/domain/schemas/common';
import { PublicBiographiesQuery, PublicPublication, PublicPublicationPage, PublicPublicationsQuery } from '@/domain/schemas/public';
import type { Services } from '../services';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The parsed query string (an object whatever the route: Fastify's parser answers one). */
const queryOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.query === 'object' && request.query !== null ? { ...request.query } : {};

/** What an answer is made from: the query parameters the route reads, and the address its page links start from. */
interface AnswerInput {
  query: Record<string, unknown>;
  url: URL;
}

/**
 * The public API: no auth, only what requirements §10.4 lets the public see.
 * Answers are served from the public cache (cache/public-cache.ts); a miss
 * computes, serialises once and stores the bytes with their headers, which
 * cache/cache-front.ts then serves without entering Fastify.
 */
export const publicRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db, publicCache } = services;

  async function cached(request: FastifyRequest, reply: FastifyReply, compute: (input: AnswerInput) => Promise<unknown>): Promise<void> {
    // The answer is computed from the canonical request alone, so that it is the same for every address with its key.
    const canonical = canonicalPublicRequest(request.url);
    const input = canonical
      ? { query: canonical.query, url: requestUrl({ url: canonical.url, server: request.server }) }
      : { query: queryOf(request), url: requestUrl(request) };
    const hit = canonical && (await publicCache.get(canonical.url));
    if (hit) return sendCached(request, reply, hit);
    const generation = publicCache.begin();
    const text = JSON.stringify(await compute(input));
    // Not Buffer.from(): a small one is a view of a shared 8 KiB pool slab, which a cached view would keep alive whole.
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    body.write(text);
    reply.type(JSON_TYPE);
    return sendAndKeep(request, reply, body, (answer) => {
      if (canonical) publicCache.set(canonical.url, answer, generation);
    });
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
        response: { 200: PublicPublicationPage, 404: Detail },
      },
    },
    (request, reply) =>
      cached(request, reply, async ({ query, url }) => {
        const page = readPageRequest(query);
        const sectionSlug = typeof query.section_slug === 'string' && query.section_slug !== '' ? query.section_slug : undefined;
        const { rows, count, listOrder } = await listPublicPublications(db, { today: todayIso(), sectionSlug, window: page.window });
        return { ...toPage(page, count, rows.map(toPublicPublication), url), list_order: listOrder };
      }),
  );

  app.get(
    '/public/events/',
    {
      schema: {
        tags,
        summary: 'Próximos eventos',
        description:
          'Las publicaciones públicas con un evento cuyo último día es hoy o posterior (en SITE_TIME_ZONE), por fecha de inicio, las más próximas primero.',
        querystring: PageQuery,
        response: { 200: PageOf(PublicPublication) },
      },
    },
    (request, reply) =>
      cached(request, reply, async ({ query, url }) => {
        const page = readPageRequest(query);
        const today = todayIso();
        const { rows, count } = await listPublicEvents(db, { today, from: today, window: page.window });
        return toPage(page, count, rows.map(toPublicPublication), url);
      }),
  );

  app.get(
    '/public/publication/:id/',
    {
      config: notFoundAs(messages.publicationNotFound),
      schema: { tags, summary: 'Una publicación pública', params: IdParams, response: { 200: PublicPublication, 404: Detail } },
    },
    (request, reply) =>
      cached(request, reply, async () => {
        const row = await findPublicPublication(db, request.params.id, todayIso());
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
      const list = async (activeOnly: boolean, { query, url }: AnswerInput) => {
        const page = readPageRequest(query, PUBLIC_BIOGRAPHY_PAGE_SIZE);
        const { rows, count } = await listBiographies(db, { activeOnly, window: page.window });
        return toPage(page, count, rows.map(toBiography), url);
      };
      // Inactive biographies only for a signed-in administrator; anyone else gets the active ones.
      if (parseBoolean(request.query.include_inactive) === true && (await optionalAdmin(services, request))) {
        const answer = await list(false, { query: request.query, url: requestUrl(request) });
        return reply.header('Cache-Control', 'private, no-store').send(answer);
      }
      return cached(request, reply, (input) => list(true, input));
    },
  );
};
