import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { EMBED_HOSTS } from '../content/rich-text';

/**
 * helmet on every answer. The CSP is as tight as the SPA allows: its own
 * scripts only; inline styles (TinyMCE writes them); images from here plus
 * data: and blob: (previews before upload); frames only from the video
 * players that publications embed.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
