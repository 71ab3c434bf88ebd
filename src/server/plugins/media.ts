import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUploadKey, MEDIA_URL_PREFIX, UPLOAD_CACHE_CONTROL } from '../media/media-keys';
import type { MediaStorage } from '../media/media-storage';
import type { S3ObjectStore } from '../media/object-store';

/**
 * A redirect to MEDIA_PUBLIC_URL is kept a day, not forever: a new CDN address
 * reaches every browser within a day of the change.
 */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Uploaded images at /media/ (docs/decisions/014, 123). From the local folder,
 * @fastify/static serves them: it resolves paths inside its roots only (no
 * traversal), lists nothing, and hides dotfiles. From a bucket, only names of
 * the upload pattern (media-keys.ts) are asked for, and the object is streamed
 * with its type, length and ETag. With MEDIA_PUBLIC_URL, /media/images/…
 * redirects there instead. Upload names are random and never reused, so they
 * are cached for a year; the shipped files keep their names across releases,
 * so they are cached for an hour.
 */
export async function registerMedia(app: FastifyInstance, media: MediaStorage, shippedMediaDir?: string): Promise<void> {
  app.addHook('onClose', async () => media.close());
  const local = media.store.kind === 'local' ? media.store.root : undefined;
  if (local) fs.mkdirSync(local, { recursive: true });
  // Files the site ships under /media/ (the hero video and poster, in the
  // client build) are served from there when no upload has that name.
  const shipped = shippedMediaDir && fs.existsSync(shippedMediaDir) ? [shippedMediaDir] : [];
  const roots = [...(local ? [local] : []), ...shipped];
  if (roots.length > 0) {
    await app.register(fastifyStatic, {
      root: roots.length === 1 ? roots[0] : roots,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply, filePath) => {
        const uploaded = local !== undefined && filePath.startsWith(local + path.sep);
        reply.header('Cache-Control', uploaded ? UPLOAD_CACHE_CONTROL : 'public, max-age=3600');
      },
    });
  }

  const { publicUrl, store } = media;
  if (publicUrl === undefined && store.kind === 'local') return;
  // More specific than the static files' /media/*, so uploads never reach them. HEAD is its
  // own case: Fastify's automatic HEAD would fetch the whole object and throw it away.
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_URL_PREFIX}images/:name`,
    handler: async (request, reply) => {
      const key = `images/${request.params.name}`;
      if (!isUploadKey(key)) return notFound(reply);
      if (publicUrl !== undefined) return reply.code(301).header('Location', `${publicUrl}/${key}`).header('Cache-Control', REDIRECT_CACHE).send();
      // The local folder without MEDIA_PUBLIC_URL has no such route: @fastify/static answers.
      return store.kind === 's3' ? sendObject(store, key, request, reply) : notFound(reply);
    },
  });
}

/** Answers as any unknown address: 404 JSON for a file name (plugins/spa.ts). */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

async function sendObject(store: S3ObjectStore, key: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const opened = await store.open(key, { ifNoneMatch: request.headers['if-none-match'], headOnly: request.method === 'HEAD' });
  if (!opened) return notFound(reply);
  reply.header('Cache-Control', UPLOAD_CACHE_CONTROL);
  if (opened.etag) reply.header('ETag', opened.etag);
  if (opened.status === 304) return reply.code(304).send();
  reply.type(opened.contentType);
  if (opened.contentLength !== undefined) reply.header('Content-Length', opened.contentLength);
  if (opened.lastModified) reply.header('Last-Modified', opened.lastModified.toUTCString());
  return reply.code(200).send(opened.body);
}
