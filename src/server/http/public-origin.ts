import type { Server } from 'node:http';
import type { ServerConfig } from '../config';

/**
 * The origin every absolute address the server writes starts with (DRF's
 * next/previous links, og:url, the sitemap, robots.txt): PUBLIC_URL, or this
 * server's own address when it is not set. Never the request's Host or
 * X-Forwarded-* headers: an answer built from them would be cached for every
 * later visitor (docs/decisions/122-public-origin-proxies-and-the-http-layer.md).
 */
export function publicOriginOf(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>, server: Server): () => string {
  if (config.publicUrl) {
    const origin = config.publicUrl;
    return () => origin;
  }
  return () => {
    // The port actually bound (tests and benches listen on port 0).
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const host =
      config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
    return `http://${host}:${port}`;
  };
}
