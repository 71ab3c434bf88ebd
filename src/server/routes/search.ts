import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { boundSearchQuery, FACULTY_SEARCH_LIMIT, searchTexts } from '@/domain/site-search';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { PublicSearchPage, PublicSearchQuery } from '@/domain/schemas/search';
import { compressFor, matchesEtag, weakEtag } from '../cache/public-answer';
import { todayIso } from '../clock';
import { listActiveFacultyNames } from '../db/biographies-repository';
import { searchPublicPublications } from '../db/search-repository';
import { badRequestDetail } from '../http/api-error';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import { toPublicPublication } from '../records';
import { searchFaculty } from '../search/faculty';
import { snippetOf } from '../search/snippet';
import { layoutText, queryTokens } from '../search/tokens';
import type { Services } from '../services';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Search answers stay out of the public cache: anyone can ask for any query,
 * and random queries must not push the home page's answers out of it. They
 * still leave compressed and with an ETag (a 304 for a repeat), computed for
 * each request; browsers and shared caches may keep one briefly.
 */
const SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=20, stale-while-revalidate=30';

/**
 * GET /api/public/search/?q=&page=: the public publications that hold every
 * word of the query (docs/decisions/064-public-search.md), twelve a page in
 * DRF's page shape, each with a snippet of its text with the matched words in
 * <mark>; `query` says what was searched and `truncated` whether it was cut.
 * `faculty` adds the active members of the faculty found by name or position
 * (search/faculty.ts), the same on every page, with `faculty_count`.
 */
export const searchRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/public/search/',
    {
      schema: {
        tags: ['Público'],
        summary: 'Buscar en las publicaciones públicas y en el cuerpo docente',
        description:
          'Título, texto y nombre de la sección, sin distinguir mayúsculas ni acentos y con las palabras reducidas a su raíz ' +
          '(«emociones» encuentra «emoción»). Primero las que lo tienen en el título, luego las más recientes. ' +
          '`faculty`: los docentes activos con cada palabra en su nombre o su cargo, con la dirección de su tarjeta.',
        querystring: PublicSearchQuery,
        // A 400 is a detail (a query too short) or field errors (a control character, a repeated q).
        response: { 200: PublicSearchPage, 400: BadRequest, 404: Detail },
      },
    },
    async (request, reply) => {
      const { text, truncated, tooShort } = boundSearchQuery(typeof request.query.q === 'string' ? request.query.q : '');
      if (tooShort) throw badRequestDetail(searchTexts.tooShort);
      const page = readPageRequest({ page: request.query.page }, PUBLIC_PUBLICATION_PAGE_SIZE);
      const tokens = queryTokens(text);
      const url = requestUrl(request);
      const [{ rows, count }, people] = await Promise.all([
        tokens.length === 0
          ? { rows: [], count: 0 }
          : searchPublicPublications(services.db, { tokens, today: todayIso(), window: page.window! }),
        tokens.length === 0 ? [] : listActiveFacultyNames(services.db),
      ]);
      const faculty = searchFaculty(people, tokens, FACULTY_SEARCH_LIMIT);
      const results = rows.map((row) => ({
        ...toPublicPublication(row),
        snippet: snippetOf(layoutText(row.layout), tokens),
        title_match: row.title_match,
      }));
      const answer = { ...toPage(page, count, results, url), query: text, truncated, faculty: faculty.hits, faculty_count: faculty.count };
      reply.header('X-Robots-Tag', 'noindex');
      return sendAnswer(request, reply, JSON.stringify(answer));
    },
  );
};

/**
 * One answer made for one request: unlike a cached public answer, which is
 * compressed once in every form for many clients, a search answer is used
 * once, so it is compressed only in the form this client takes (brotli at
 * quality 6, as the cached ones), or not at all for a 304.
 */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, json: string): Promise<FastifyReply> {
  const body = Buffer.from(json);
  const etag = weakEtag(body);
  reply.header('etag', etag).header('cache-control', SEARCH_CACHE_CONTROL).header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const { encoding, body: sent } = await compressFor(request.headers['accept-encoding'], body);
  reply.type(JSON_TYPE);
  return encoding ? reply.header('content-encoding', encoding).send(sent) : reply.send(sent);
}
