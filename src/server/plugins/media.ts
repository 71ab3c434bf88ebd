import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX, type MediaStorage } from '../media/media-storage';

/**
 * Uploaded images at /media/. @fastify/static resolves paths inside `root`
 * only (no traversal), lists nothing, and hides dotfiles. Upload names are
 * random and never reused, so they are cached for a year; the shipped files
 * keep their names across releases, so they are cached for an hour.
 */
export async function registerMedia(app: FastifyInstance, media: MediaStorage, shippedMediaDir?: string): Promise<void> {
  fs.mkdirSync(media.root, { recursive: true });
  // Files the site ships under /media/ (the hero video and poster, in the
  // client build) are served from there when no upload has that name.
  const shipped = shippedMediaDir && fs.existsSync(shippedMediaDir) ? [shippedMediaDir] : [];
  await app.register(fastifyStatic, {
    root: shipped.length > 0 ? [media.root, ...shipped] : media.root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply, filePath) => {
      const uploaded = filePath.startsWith(media.root + path.sep);
      reply.header('Cache-Control', uploaded ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
