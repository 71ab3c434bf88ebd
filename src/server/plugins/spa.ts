import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SectionLink, SiteSettings } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { PUBLIC_BIOGRAPHY_PAGE_SIZE } from '@/domain/limits';
import { pageReadAddress, type PageData, type PageRead } from '@/domain/public-pages';
import type { ServerConfig } from '../config';
import { CLIENT_DOCUMENTS } from '../spa/client-build';
import { renderIndex, type PageMeta } from '../spa/render-index';
import { readRouteChunks, type RouteChunk } from '../spa/route-chunks';
import { type CachedAnswer, compressFor, matchesEtag, weakEtag } from '../cache/public-answer';
import { sendAndKeep, sendCached } from '../http/cached-reply';
import type { PublicCache } from '../cache/public-cache';
import { pageCacheKey, publicPageAddress } from '../cache/public-key';
import { todayIso } from '../clock';
import { publicSiteSettings } from '@/domain/site-settings';
import { PRIVATE_PAGE_HEADERS } from '../http/private-page';
import { loadSiteRenderer, type RenderSitePage } from '../render/site-renderer';
import { type PageSubject, structuredDataOf } from '../seo/structured-data';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pages are revalidated on every visit, so that after a deploy no page asks for scripts that are gone; an ETag makes it a 304. */
const PAGE_CACHE_CONTROL = 'no-cache';

/** A page made for this request alone (a search, a preview, a 404): compressed for it alone. */
async function sendFresh(request: FastifyRequest, reply: FastifyReply, status: number, html: Buffer) {
  const { encoding, body } = await compressFor(request.headers['accept-encoding'], html);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(status).header('Vary', 'Accept-Encoding').send(body);
}

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0];

type ClientDocument = (typeof CLIENT_DOCUMENTS)[number];

/** What a page is drawn with beside its data: the settings, the year and the site's day. */
type SiteFrame = Parameters<RenderSitePage>[0]['frame'];

/** A public page as the server answers it: its status, where a 301 goes, its canonical path and its head. */
export interface ServedPage extends Omit<PageMeta, 'url' | 'origin'> {
  status: 200 | 301 | 404;
  location?: string;
  canonical?: string;
  /** A private preview's page (its address may hold a link's token): never cached, indexed or told in a Referer. */
  preview?: boolean;
  /** The lazy page the app will load for it, whose files the page preloads. */
  chunk?: RouteChunk;
  /** The API answers the page is drawn from (answersOf): drawn with, and written into, the page. */
  reads?: PageRead[];
  /** What the page's JSON-LD describes (seo/structured-data.ts), with the faculty from its answers. */
  subject?: PageSubject;
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
  /** Where drawn pages are kept (the public answers' cache, forgotten at every content write and at midnight). */
  pageCache?: PublicCache<CachedAnswer>,
  /**
   * 'Ajustes del sitio' as the pages carry them (docs/decisions/199): read for every page drawn, which the
   * public cache then keeps until the next content write (a save of the settings is one) or midnight.
   */
  siteSettings: () => Promise<SiteSettings> = async () => publicSiteSettings(config.siteSettingsDefaults),
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
  // The renderer (React, the site's components) loads once per process: in production as soon as the
  // server listens, so that the first visitor after a start does not wait for it (Lighthouse saw the
  // home page's document take 650 ms on a fresh server); tests and development load it when a page
  // first asks. A failure is logged by the first page it leaves undrawn.
  if (process.env.NODE_ENV === 'production' && !devServer) {
    app.addHook('onListen', async () => {
      void loadSiteRenderer().catch(() => undefined);
    });
  }

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
   * The answers a page is drawn from, as the app's own requests would get them (the same
   * routes, through the public cache), and the faculty's later pages when there are more
   * than a hundred. A read the API does not answer with 200, or that cannot be asked
   * (Fastify refuses inject once the server is closing), is left out: the page then
   * shows its loading state, and the app asks itself.
   */
  const answer = async (read: PageRead): Promise<PageData['reads'][number] | undefined> => {
    try {
      const reply = await app.inject({ method: 'GET', url: `/api${pageReadAddress(read)}`, headers: { accept: 'application/json' } });
      return reply.statusCode === 200 ? { read, answer: reply.json() } : undefined;
    } catch (error) {
      app.log.warn({ err: error, read }, 'page data not read');
      return undefined;
    }
  };
  const answersOf = async (reads: readonly PageRead[]): Promise<PageData['reads']> => {
    const answered = (await Promise.all(reads.map(answer))).filter((entry) => entry !== undefined);
    const faculty = answered.find((entry) => entry.read.kind === 'biographies');
    const count = (faculty?.answer as { count?: unknown } | undefined)?.count;
    if (typeof count === 'number' && count > PUBLIC_BIOGRAPHY_PAGE_SIZE) {
      const pages = Array.from({ length: Math.ceil(count / PUBLIC_BIOGRAPHY_PAGE_SIZE) - 1 }, (_, i) => i + 2);
      const rest = await Promise.all(pages.map((page) => answer({ kind: 'biographies', page })));
      answered.push(...rest.filter((entry) => entry !== undefined));
    }
    return answered;
  };

  /**
   * The page drawn by the site's own components (render/site-renderer.ts). A render that
   * fails leaves #root empty, with a line in the log: the app then draws the page itself
   * from the same data, as before pages came drawn.
   */
  const draw = async (request: FastifyRequest, url: string, data: PageData, frame: SiteFrame) => {
    try {
      const render = await loadSiteRenderer();
      return render({ url, data, frame });
    } catch (error) {
      // The request's own log line says which address (with a private link's token hidden).
      request.log.error({ err: error }, 'page not drawn on the server');
      return undefined;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request);
    const document = documentFor(pathname);
    // A public page asked for again is a lookup (the cache front answers most of them before Fastify).
    const address = document === 'index.html' && pageCache && !devServer ? publicPageAddress(request.url) : undefined;
    const key = address === undefined ? undefined : pageCacheKey(address);
    const hit = key && (await pageCache!.get(key));
    if (hit) return sendCached(request, reply, hit);
    const generation = pageCache?.begin();
    const [added, settings] = await Promise.all([addedSections(), siteSettings()]);
    const origin = app.publicOrigin();
    // The admin panel's addresses are its own app's to judge; the public site's, the server's.
    const { status, location, canonical, preview, chunk, reads, subject, ...head } =
      document === 'index.html'
        ? await resolvePage(pathname, new URL(request.url, 'http://site').searchParams, added)
        : { status: 200 as const };
    if (status === 301 && location) return reply.redirect(location, 301);
    // A preview's own address (a link's token) is never written into the page: its canonical is the publication's, or none.
    const url = status !== 200 || (preview && canonical === undefined) ? undefined : `${origin}${canonical ?? request.url}`;
    // The site's day: the footer's year and whether the admission period is open (the public cache is kept per day).
    const today = todayIso();
    const year = Number(today.slice(0, 4));
    const frameSettings: SiteSettings = { ...settings, sections: added };
    let drawn: Pick<PageMeta, 'root' | 'pageData' | 'structuredData'> = {};
    if (document === 'index.html') {
      const pageData: PageData = { status: status === 404 ? 404 : 200, reads: status === 200 && reads ? await answersOf(reads) : [] };
      // A cached page is drawn at the address of its key, which holds all the page depends on.
      const root = await draw(request, address ?? request.url, pageData, { settings: frameSettings, year, today });
      drawn = { pageData, root, structuredData: structuredDataOf(subject, pageData.reads, origin, settings) };
    }
    const meta = { ...head, ...drawn, origin, url, preload: chunk && routeChunks[chunk] };
    const html = Buffer.from(renderIndex(await template(document), meta, { ...frameSettings, year, today }));
    reply.type('text/html; charset=utf-8');
    if (preview) {
      reply.headers(PRIVATE_PAGE_HEADERS);
      return sendFresh(request, reply, status, html);
    }
    if (key && status === 200) {
      return sendAndKeep(request, reply, html, (answer) => pageCache!.set(key, answer, generation!), { cacheControl: PAGE_CACHE_CONTROL });
    }
    // Revalidated on every visit, so that after a deploy no page asks for scripts that are gone;
    // the ETag makes an unchanged page a small 304.
    const etag = weakEtag(html);
    reply.header('Cache-Control', PAGE_CACHE_CONTROL).header('ETag', etag);
    if (status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return sendFresh(request, reply, status, html);
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
