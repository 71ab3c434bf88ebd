import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX, type MediaStorage } from '../media/media-storage';

/**
 * Uploaded images at /media/. @fastify/static resolves paths inside `root`
 * only (no traversal), lists nothing, and hides dotfiles. Names are random
 * and never reused, so answers can be cached for a year.
 */
export async function registerMedia(app: FastifyInstance, media: MediaStorage): Promise<void> {
  fs.mkdirSync(media.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: media.root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
}
