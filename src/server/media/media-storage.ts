import crypto from 'node:crypto';
import { IMAGE_PROCESSING_CONCURRENCY } from '@/domain/limits';
import { inspectImage, processImage } from './image-processing';
import { ImageQueue } from './image-queue';
import { createLocalFolderStore } from './local-folder-store';
import type { MediaStorageSettings } from './media-config';
import { DOCUMENTS } from '@/domain/documents';
import { recognizeDocument } from './documents';
import { belongsToUpload, documentKeyOfUrl, documentUrlOf, mediaUrlOf, uploadStemOfUrl } from './media-keys';
import type { ObjectStore } from './object-store';
import { createS3BucketStore } from './s3-bucket-store';

export interface MediaStorage {
  /** Where the keys live: the local folder (served at /media/), or s3://bucket/prefix/. */
  root: string;
  /** The backend: the local folder or a bucket (plugins/media.ts serves each its way). */
  store: ObjectStore;
  /** The line uploads wait in to be decoded and re-encoded. */
  queue: ImageQueue;
  /** MEDIA_PUBLIC_URL: where browsers fetch stored keys directly; /media/images/… redirects there. */
  publicUrl?: string;
  /**
   * Stores an uploaded image and its WebP variants; answers its host-relative
   * URL. Throws ImageRejected with a Spanish message for anything that is not
   * an allowed image.
   */
  storeImage(bytes: Buffer): Promise<string>;
  /**
   * Stores a library document under a random key, named by `name` (a slug);
   * answers its URL. Throws DocumentRejected with a Spanish message for
   * anything that is not an allowed document (media/documents.ts).
   */
  storeDocument(bytes: Buffer, name: string): Promise<string>;
  /** Every stored key ('images/{uuid}.jpg', 'images/{uuid}-480.webp', ...), for backups. */
  list(): AsyncIterable<string>;
  /** The bytes of a stored key; MediaNotFound when there is none. */
  read(key: string): Promise<Buffer>;
  /** Stores bytes under a key (a restore); replaces what was there. */
  write(key: string, bytes: Buffer): Promise<void>;
  /**
   * Deletes an upload, given the URL the API answered for it (or for one of its
   * variants): the original and every variant. A URL that is not an upload's,
   * or an upload already gone, is not an error. Answers how many files went.
   */
  removeImage(url: string): Promise<number>;
  /** Lets go of the backend's connections (app close). */
  close(): Promise<void>;
}

export interface MediaStorageOptions {
  /** Images processed at once (IMAGE_PROCESSING_CONCURRENCY). */
  concurrency?: number;
  /** The processing itself: tests put a probe around it. */
  process?: typeof processImage;
  /** MEDIA_PUBLIC_URL. */
  publicUrl?: string;
}

/**
 * Uploads named by a random id, so names never collide and can be cached
 * forever. Variants sit beside the original as name-{width}.webp
 * (domain/images.ts imageVariantUrl). An upload is inspected at once (type,
 * pixels) and refused without waiting; the decoding waits its turn in the
 * queue (media/image-queue.ts). `where` is a folder (the local backend) or a
 * store (media-config.ts chooses, docs/decisions/018).
 */
export function createMediaStorage(
  where: string | ObjectStore,
  { concurrency = IMAGE_PROCESSING_CONCURRENCY, process = processImage, publicUrl }: MediaStorageOptions = {},
): MediaStorage {
  const store = typeof where === 'string' ? createLocalFolderStore(where) : where;
  const queue = new ImageQueue(concurrency);
  return {
    root: store.location,
    store,
    queue,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    async storeImage(bytes) {
      const inspected = await inspectImage(bytes);
      const image = await queue.run(() => process(inspected));
      const stem = `images/${crypto.randomUUID()}`;
      // Variants first: once the original exists, everything its URL implies exists too.
      await Promise.all(image.variants.map((v) => store.write(`${stem}-${v.width}.webp`, v.bytes)));
      const key = `${stem}.${image.extension}`;
      await store.write(key, image.original);
      return mediaUrlOf(key);
    },
    async storeDocument(bytes, name) {
      const kind = recognizeDocument(bytes);
      const key = `documents/${crypto.randomBytes(16).toString('hex')}/${name || 'documento'}.${DOCUMENTS[kind].extension}`;
      await store.write(key, bytes);
      return documentUrlOf(key);
    },
    async *list() {
      for await (const object of store.list()) yield object.key;
    },
    read: (key) => store.read(key),
    write: (key, bytes) => store.write(key, bytes),
    async removeImage(url) {
      const document = documentKeyOfUrl(url);
      if (document) {
        const existed = (await store.size(document)) !== undefined;
        await store.remove(document);
        return existed ? 1 : 0;
      }
      const stem = uploadStemOfUrl(url);
      if (!stem) return 0;
      const keys: string[] = [];
      for await (const object of store.list(stem)) if (belongsToUpload(stem, object.key)) keys.push(object.key);
      // The original first (the reverse of storeImage): while variants remain, its URL already answers 404.
      const originals = keys.filter((key) => key[stem.length] === '.');
      await Promise.all(originals.map((key) => store.remove(key)));
      await Promise.all(keys.filter((key) => !originals.includes(key)).map((key) => store.remove(key)));
      return keys.length;
    },
    close: () => store.close(),
  };
}

/** The storage the configuration names: the local folder (DATA_DIR/media), or the bucket of the S3_* variables. */
export function mediaStorageFromSettings(
  settings: MediaStorageSettings,
  localRoot: string,
  options: MediaStorageOptions = {},
): MediaStorage {
  return createMediaStorage(settings.kind === 's3' ? createS3BucketStore(settings) : localRoot, {
    publicUrl: settings.publicUrl,
    ...options,
  });
}
