import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX, type MediaStorage } from '../media/media-storage';

/**
 * Uploaded images at /media/. @fastify/static resolves paths inside `root`
 * only (no traversal), lists nothing, and hides dotfiles. Names are random
 * and never reused, so answers can be cached for a year.
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
    maxAge: '365d',
    immutable: true,
  });
}
