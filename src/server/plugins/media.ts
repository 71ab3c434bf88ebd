import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentFactsBy } from '@/domain/documents';
import {
  contentTypeOf,
  DOCUMENT_URL_PREFIX,
  isDocumentKey,
  isUploadKey,
  MEDIA_URL_PREFIX,
  UPLOAD_CACHE_CONTROL,
} from '../media/media-keys';
import type { MediaStorage } from '../media/media-storage';
import { MediaNotFound, type ObjectStore } from '../media/object-store';
import { cropAround, isPointOf, readRenditionKey } from '../media/renditions';
import type { FocalPoint } from '@/domain/schemas/common';

/** The library's image whose keys start with `stem`: its original's key and its focal point; undefined when it holds none. */
export type LibraryImageOf = (stem: string) => Promise<{ key: string; focus: FocalPoint } | undefined>;

/**
 * A redirect to MEDIA_PUBLIC_URL is kept a day, not forever: a new CDN address
 * reaches every browser within a day of the change.
 */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Uploaded images at /media/images/ (docs/decisions/014, 018, 147), from the
 * local folder or a bucket alike: only names of the upload pattern
 * (media-keys.ts) are looked up, and the file is streamed with the image type
 * its name says, its length and ETag. Nothing else in the folder is reachable:
 * a file put there by hand or by an old restore (a page, a script) answers
 * 404, never with a type a browser would run. With MEDIA_PUBLIC_URL,
 * /media/images/… redirects there instead. The files the site ships (the hero
 * video and poster, in the client build) are a static folder of their own.
 * Upload names are random and never reused, so they are cached for a year;
 * the shipped files keep their names across releases, so they are cached for
 * an hour.
 */
export async function registerMedia(
  app: FastifyInstance,
  media: MediaStorage,
  { shippedMediaDir, libraryImageOf }: { shippedMediaDir?: string; libraryImageOf?: LibraryImageOf } = {},
): Promise<void> {
  app.addHook('onClose', async () => media.close());
  const { publicUrl, store } = media;
  if (store.kind === 'local') fs.mkdirSync(store.root, { recursive: true });
  if (shippedMediaDir && fs.existsSync(shippedMediaDir)) {
    await app.register(fastifyStatic, {
      root: shippedMediaDir,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  // More specific than the shipped files' /media/*, so uploads never reach them. HEAD is its
  // own case: Fastify's automatic HEAD would fetch the whole object and throw it away.
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_URL_PREFIX}images/:name`,
    handler: async (request, reply) => {
      const key = `images/${request.params.name}`;
      if (!isUploadKey(key)) return notFound(reply);
      const rendition = readRenditionKey(key);
      if (rendition) {
        // Made here the first time, from the original, and always streamed by the app: a bucket
        // behind MEDIA_PUBLIC_URL would answer 404 until then. Only the point the library holds
        // now: nobody can fill the storage with crops by asking for other points.
        const image = await libraryImageOf?.(rendition.stem);
        if (!image || !isPointOf(image.focus, rendition)) return notFound(reply);
        if ((await store.size(key)) === undefined) {
          // An original gone from storage is a 404; any other failure of the storage stays an error.
          const original = await store.read(image.key).catch((error: unknown) => {
            if (error instanceof MediaNotFound) return undefined;
            throw error;
          });
          if (!original) return notFound(reply);
          await store.write(key, await cropAround(original, rendition.shape, { x: rendition.x / 100, y: rendition.y / 100 }));
        }
        return sendObject(store, key, request, reply);
      }
      if (publicUrl !== undefined)
        return reply.code(301).header('Location', `${publicUrl}/${key}`).header('Cache-Control', REDIRECT_CACHE).send();
      return sendObject(store, key, request, reply);
    },
  });

  // Library documents (docs/decisions/224): always streamed by the app, never redirected to
  // MEDIA_PUBLIC_URL, since a bucket would not send the headers that keep a document inert.
  app.route<{ Params: { key: string; name: string } }>({
    method: ['GET', 'HEAD'],
    url: `${DOCUMENT_URL_PREFIX}:key/:name`,
    handler: async (request, reply) => {
      const key = `documents/${request.params.key}/${request.params.name}`;
      if (!isDocumentKey(key)) return notFound(reply);
      const extension = request.params.name.split('.').pop() ?? '';
      const facts = documentFactsBy('extension', extension);
      const disposition = facts?.inline ? 'inline' : 'attachment';
      reply.header(
        'Content-Disposition',
        `${disposition}; filename="${request.params.name}"; filename*=UTF-8''${encodeURIComponent(request.params.name)}`,
      );
      // Whatever a document holds (a PDF's scripts), it runs nowhere near the site.
      reply.header('Content-Security-Policy', "sandbox; default-src 'none'; object-src 'none'");
      reply.header('X-Content-Type-Options', 'nosniff');
      return sendObject(store, key, request, reply);
    },
  });
}

/** Answers as any unknown address: 404 JSON for a file name (plugins/spa.ts). */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

async function sendObject(store: ObjectStore, key: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const opened = await store.open(key, { ifNoneMatch: request.headers['if-none-match'], headOnly: request.method === 'HEAD' });
  if (!opened) return notFound(reply);
  reply.header('Cache-Control', UPLOAD_CACHE_CONTROL);
  if (opened.etag) reply.header('ETag', opened.etag);
  if (opened.status === 304) return reply.code(304).send();
  // The type the key's extension says (an upload key's is always an image's), whatever a bucket was told.
  reply.type(contentTypeOf(key));
  if (opened.contentLength !== undefined) reply.header('Content-Length', opened.contentLength);
  if (opened.lastModified) reply.header('Last-Modified', opened.lastModified.toUTCString());
  return reply.code(200).send(opened.body);
}
