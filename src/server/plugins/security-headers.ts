import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { EMBED_HOSTS } from '../content/rich-text';

/**
 * helmet's options. The CSP is as tight as the SPA allows: its own scripts
 * only; inline styles (TinyMCE writes them); images from here plus data: and
 * blob: (previews before upload); frames only from the video players that
 * publications embed.
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'"],
      frameSrc: EMBED_HOSTS.map((host) => `https://${host}`),
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // The site embeds third-party players; requiring CORP from them would break the videos.
  crossOriginEmbedderPolicy: false,
  // YouTube's embedded player refuses to play without a Referer (its "error 153").
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

/**
 * Browser features no page of the site uses: denied to the pages and to the
 * frames they embed (the video players keep what they need: autoplay,
 * fullscreen, encrypted media, picture-in-picture). Only features browsers
 * know: Chromium reports an unknown one ('bluetooth') in every page's console.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), display-capture=()';

/**
 * Development (`npm run dev`) only: webpack's eval source maps run each module
 * through eval(), which script-src must allow. The hot-reload event stream and
 * its update files come from this origin, which the policy already allows.
 * Production never sends this.
 */
const DEVELOPMENT_HELMET_OPTIONS = {
  ...HELMET_OPTIONS,
  contentSecurityPolicy: {
    ...HELMET_OPTIONS.contentSecurityPolicy,
    directives: { ...HELMET_OPTIONS.contentSecurityPolicy.directives, scriptSrc: ["'self'", "'unsafe-eval'"] },
  },
};

const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets, computed once. @fastify/helmet rebuilds helmet
 * (and re-parses the CSP) on every request, which cost the cached public API
 * a fifth of its throughput; with no per-request nonces the headers never
 * change, so we ask helmet once, on a throwaway instance, and replay them.
 */
export async function helmetHeaders({ development = false, https = false, mediaPublicUrl }: HeaderOptions = {}): Promise<
  Record<string, string>
> {
  const base = development ? DEVELOPMENT_HELMET_OPTIONS : HELMET_OPTIONS;
  // HSTS and upgrade-insecure-requests only where the site is served over HTTPS (PUBLIC_URL):
  // sent over plain HTTP they would lock a local or intranet install out of itself.
  const options = {
    ...base,
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      ...base.contentSecurityPolicy,
      directives: {
        ...base.contentSecurityPolicy.directives,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
        // Uploads redirect there (plugins/media.ts); a redirected image is checked against its new origin.
        ...(mediaPublicUrl ? { imgSrc: [...base.contentSecurityPolicy.directives.imgSrc, new URL(mediaPublicUrl).origin] } : {}),
      },
    },
  };
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return {
    ...Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name, value]) => !NOT_HELMETS.has(name) && typeof value === 'string')
        .map(([name, value]) => [name, value as string]),
    ),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

export interface HeaderOptions {
  /** `npm run dev` only. */
  development?: boolean;
  /** The site is served over HTTPS (PUBLIC_URL starts with https://). */
  https?: boolean;
  /** MEDIA_PUBLIC_URL: images may also come from its origin (docs/decisions/018). */
  mediaPublicUrl?: string;
}

/** The preview's pages, /vista-previa and /vista-previa/{token}, with or without a query. */
const PREVIEW_PAGE = /^\/vista-previa(?:\/[^/?#]+)?\/?(?:\?|$)/;

/**
 * The headers of a preview page: its CSP also lets it frame pages of this
 * site ('Vista previa' shows the page in a frame 1280 or 375 px wide, so that
 * the site's media queries apply: docs/decisions/172). Every other page frames
 * the video players only.
 */
export function previewPageHeaders(headers: Record<string, string>): Record<string, string> {
  const csp = headers['content-security-policy'];
  return csp ? { ...headers, 'content-security-policy': csp.replace(/(^|;)frame-src /, "$1frame-src 'self' ") } : headers;
}

/** Security headers on every answer, errors and 404s included: the ones helmetHeaders computed. */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  const preview = previewPageHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(PREVIEW_PAGE.test(request.url) ? preview : headers);
    done();
  });
}
