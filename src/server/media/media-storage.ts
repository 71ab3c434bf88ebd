import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_PROCESSING_CONCURRENCY } from '@/domain/limits';
import { inspectImage, processImage } from './image-processing';
import { ImageQueue } from './image-queue';

export const MEDIA_URL_PREFIX = '/media/';

export interface MediaStorage {
  /** Where /media/ is served from. */
  root: string;
  /** The line uploads wait in to be decoded and re-encoded. */
  queue: ImageQueue;
  /**
   * Stores an uploaded image and its WebP variants; answers its host-relative
   * URL. Throws ImageRejected with a Spanish message for anything that is not
   * an allowed image.
   */
  storeImage(bytes: Buffer): Promise<string>;
}

export interface MediaStorageOptions {
  /** Images processed at once (IMAGE_PROCESSING_CONCURRENCY). */
  concurrency?: number;
  /** The processing itself: tests put a probe around it. */
  process?: typeof processImage;
}

/**
 * Files under DATA_DIR/media, named by a random id so names never collide and
 * can be cached forever. Variants sit beside the original as
 * name-{width}.webp (domain/images.ts imageVariantUrl). An upload is
 * inspected at once (type, pixels) and refused without waiting; the decoding
 * waits its turn in the queue (media/image-queue.ts).
 */
export function createMediaStorage(root: string, { concurrency = IMAGE_PROCESSING_CONCURRENCY, process = processImage }: MediaStorageOptions = {}): MediaStorage {
  const queue = new ImageQueue(concurrency);
  return {
    root,
    queue,
    async storeImage(bytes) {
      const inspected = await inspectImage(bytes);
      const image = await queue.run(() => process(inspected));
      const dir = path.join(root, 'images');
      await fs.mkdir(dir, { recursive: true });
      const name = crypto.randomUUID();
      // Variants first: once the original exists, everything its URL implies exists too.
      await Promise.all(image.variants.map((v) => fs.writeFile(path.join(dir, `${name}-${v.width}.webp`), v.bytes)));
      await fs.writeFile(path.join(dir, `${name}.${image.extension}`), image.original);
      return `${MEDIA_URL_PREFIX}images/${name}.${image.extension}`;
    },
  };
}
