/**
 * The headers of a private preview's answers (its page and its API): no
 * cache, shared or private, keeps them; no search engine indexes them; and
 * the address, whose path holds the link's token, is never sent on as a
 * Referer by what the page loads or links to.
 */
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** The paths whose segment after the prefix is a link's token: the page's and the API's. */
const TOKEN_PATHS = /(\/vista-previa\/|\/api\/public\/preview\/)[^/?#]*/gi;

/** A path under the preview's prefixes, as routed (decoded, any case). */
const PREVIEW_PATH = /^\/(?:vista-previa|api\/public\/preview)(?:\/|$)/i;

/**
 * Whether a request's raw address reaches the preview's page or API only once
 * decoded (/api/public/pr%65view/{token}/): such an address slips past every
 * log mask, which reads the address as sent, so it is refused (404) rather
 * than normalised. No link the site makes is encoded.
 */
export function isEncodedPreviewPath(rawUrl: string): boolean {
  const rawPath = rawUrl.split('?', 1)[0];
  if (!rawPath.includes('%')) return false;
  try {
    return PREVIEW_PATH.test(decodeURIComponent(rawPath));
  } catch {
    // Not decodable: the router refuses it on its own.
    return false;
  }
}

/** An address with every private link's token replaced, as the request log writes it. */
const redactPreviewTokens = (url: string): string => url.replace(TOKEN_PATHS, '$1[oculto]');

/** What a logged request may carry. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The request as the log writes it (Fastify's `req` serializer): Fastify's
 * own fields, the address with private links' tokens replaced. Nothing else
 * of the request (headers, body) is ever written.
 */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactPreviewTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
