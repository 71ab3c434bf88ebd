import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { processImage } from './image-processing';

export const MEDIA_URL_PREFIX = '/media/';

export interface MediaStorage {
  /** Where /media/ is served from. */
  root: string;
  /**
   * Stores an uploaded image and its WebP variants; answers its host-relative
   * URL. Throws ImageRejected with a Spanish message for anything that is not
   * an allowed image.
   */
  storeImage(bytes: Buffer): Promise<string>;
}

/**
 * Files under DATA_DIR/media, named by a random id so names never collide and
 * can be cached forever. Variants sit beside the original as
 * name-{width}.webp (domain/images.ts imageVariantUrl).
 */
export function createMediaStorage(root: string): MediaStorage {
  return {
    root,
    async storeImage(bytes) {
      const image = await processImage(bytes);
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
