import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SectionLink } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { firstReadAddress, leadImage, type FirstRead } from '@/domain/public-pages';
import type { ServerConfig } from '../config';
import { CLIENT_DOCUMENTS } from '../spa/client-build';
import { renderIndex, type PageMeta } from '../spa/render-index';
import { readRouteChunks, type RouteChunk } from '../spa/route-chunks';
import { compressFor, matchesEtag, weakEtag } from '../cache/public-answer';
import { PRIVATE_PAGE_HEADERS } from '../http/private-page';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0];

type ClientDocument = (typeof CLIENT_DOCUMENTS)[number];

/** A public page as the server answers it: its status, where a 301 goes, its canonical path and its head. */
export interface ServedPage extends Omit<PageMeta, 'url' | 'origin'> {
  status: 200 | 301 | 404;
  location?: string;
  canonical?: string;
  /** A private preview's page (its address may hold a link's token): never cached, indexed or told in a Referer. */
  preview?: boolean;
  /** The lazy page the app will load for it, whose files the page preloads. */
  chunk?: RouteChunk;
  /** The API answer the page reads first: written into the page (answerOf). */
  firstRead?: FirstRead;
}

/**
 * The admin panel (/admin, /admin/*, and /login, its short address) is a
 * document of its own, admin.html; every other page is the public site's
 * index.html (webpack.config.ts, docs/decisions/110).
 */
const documentFor = (p: string): ClientDocument =>
  p === '/admin' || p.startsWith('/admin/') || p === '/login' || p === '/login/' ? 'admin.html' : 'index.html';

/**
 * Addresses that never fall back to the SPA: the API, and files under /media/.
 * '/media' and '/media/{id}' are also the public Media section's pages (requirements §2),
 * so under /media/ only names with an extension count as files.
 */
const isApiOrMediaFile = (p: string): boolean =>
  p === '/api' || p.startsWith('/api/') || (p.startsWith('/media/') && /\.[a-z0-9]+$/i.test(p));

/**
 * Serves the built SPA (dist/client): hashed /assets/* cached for a year,
 * other files briefly; every other GET that is not /api or a /media file gets
 * its document (history fallback: admin.html for the panel, index.html else), rendered with the page's meta and the site
 * settings. Unknown /api addresses and missing media files answer 404 JSON.
 *
 * Without a build (API-only runs, tests) the unbuilt template public/index.html
 * stands in, so the fallback still answers. In development (`npm run dev`)
 * clientDir is public/ itself and the scripts come from webpack in memory
 * (client-dev.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  config: ServerConfig,
  /**
   * What a public page answers (src/server/seo): its status (404 for an address that names
   * nothing, 301 to a publication's own address) and its head.
   */
  resolvePage: (pathname: string, search: URLSearchParams, added: readonly SectionLink[]) => Promise<ServedPage> = async () => ({
    status: 200,
  }),
  /** The visible sections administrators added, written into every public page with the site settings. */
  addedSections: () => Promise<SectionLink[]> = async () => [],
): Promise<void> {
  const built = fs.existsSync(path.join(config.clientDir, 'index.html'));
  // In development the build lives in memory and changes: read it on every page.
  // The module (and webpack with it) is loaded only then.
  const devServer = config.clientDev ? await (await import('./client-dev')).registerClientDevServer(app) : undefined;
  const readBuilt = (file: ClientDocument) => {
    const builtFile = path.join(config.clientDir, file);
    return fs.readFileSync(built && fs.existsSync(builtFile) ? builtFile : config.fallbackIndexFile, 'utf8');
  };
  const builtTemplates = devServer ? undefined : { 'index.html': readBuilt('index.html'), 'admin.html': readBuilt('admin.html') };
  const template = async (file: ClientDocument) => (devServer ? devServer.readDocument(file) : builtTemplates![file]);
  const routeChunks = devServer ? {} : readRouteChunks(config.clientDir);

  if (built) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: false,
      // The build writes .br/.gz twins of text assets (webpack.config.ts): sent when the browser accepts them.
      preCompressed: true,
      // The documents are only ever sent rendered (below), never as raw templates.
      allowedPath: (pathName) => !CLIENT_DOCUMENTS.some((file) => pathName === `/${file}`),
      setHeaders: (res, filePath) => {
        const inAssets = filePath.startsWith(path.join(config.clientDir, 'assets') + path.sep);
        res.header('Cache-Control', inAssets ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  /**
   * The page's first API answer, as the app's own request would get it (the same
   * route, through the public cache), for its HTML: the app then draws the page
   * without asking (docs/decisions/069-first-answer-in-the-page.md). None when
   * the API does not answer 200, or cannot be asked (Fastify refuses inject once
   * the server is closing): the page is still whole, and the app asks itself.
   */
  const answerOf = async (read: FirstRead): Promise<{ read: FirstRead; answer: unknown } | undefined> => {
    try {
      const answer = await app.inject({ method: 'GET', url: `/api${firstReadAddress(read)}`, headers: { accept: 'application/json' } });
      return answer.statusCode === 200 ? { read, answer: answer.json() } : undefined;
    } catch (error) {
      app.log.warn({ err: error, read }, 'first answer not written into the page');
      return undefined;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request);
    const document = documentFor(pathname);
    const added = await addedSections();
    const origin = app.publicOrigin();
    // The admin panel's addresses are its own app's to judge; the public site's, the server's.
    const { status, location, canonical, preview, chunk, firstRead, ...head } =
      document === 'index.html'
        ? await resolvePage(pathname, new URL(request.url, 'http://site').searchParams, added)
        : { status: 200 as const };
    if (status === 301 && location) return reply.redirect(location, 301);
    // A preview's own address (a link's token) is never written into the page: its canonical is the publication's, or none.
    const url = status !== 200 || (preview && canonical === undefined) ? undefined : `${origin}${canonical ?? request.url}`;
    const firstAnswer = status === 200 && firstRead ? await answerOf(firstRead) : undefined;
    const meta = {
      ...head,
      origin,
      url,
      preload: chunk && routeChunks[chunk],
      firstAnswer,
      leadImage: firstAnswer && (leadImage(firstAnswer.read, firstAnswer.answer) ?? undefined),
    };
    const html = Buffer.from(renderIndex(await template(document), meta, { ...config.siteSettings, sections: added }));
    // The page is made for this request, so it is compressed for it alone (it holds the first answer:
    // sent whole, it needed more than the first round trip of a new connection).
    const send = async () => {
      const { encoding, body } = await compressFor(request.headers['accept-encoding'], html);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.code(status).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
    };
    if (preview) {
      reply.headers(PRIVATE_PAGE_HEADERS);
      return send();
    }
    // Revalidated on every visit, so that after a deploy no page asks for scripts that are gone;
    // the ETag makes an unchanged page a small 304.
    const etag = weakEtag(html);
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return send();
  };

  // '/' is a directory to the static plugin (403 without an index), so it gets its own route.
  app.get('/', sendIndex);

  app.setNotFoundHandler((request, reply) => {
    if (isApiOrMediaFile(pathOf(request)) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: messages.notFound });
    }
    return sendIndex(request, reply);
  });
}
