import sharp from 'sharp';
import { type AllowedImageType, checkImageBytes } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';

export class ImageRejected extends Error {}

export interface ProcessedImage {
  extension: 'jpg' | 'png' | 'gif' | 'webp';
  /** The image re-encoded in its own format, without metadata (EXIF, GPS...). */
  original: Buffer;
  /** WebP renditions by width, for srcset. */
  variants: { width: number; bytes: Buffer }[];
}

const FORMATS: Record<AllowedImageType, { extension: ProcessedImage['extension']; format: keyof sharp.FormatEnum }> = {
  'image/jpeg': { extension: 'jpg', format: 'jpeg' },
  'image/png': { extension: 'png', format: 'png' },
  'image/gif': { extension: 'gif', format: 'gif' },
  'image/webp': { extension: 'webp', format: 'webp' },
};

// About 7000 x 7000: far above any photo we show, far below a decompression bomb.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks an upload by its content (type by magic bytes, 5 MB; domain rules),
 * then decodes it for real: bytes that only look like an image are refused.
 * Re-encoding drops every metadata block, so a photo's location never leaks.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const checked = checkImageBytes(bytes);
  if ('error' in checked) throw new ImageRejected(checked.error);
  const { extension, format } = FORMATS[checked.type];
  const animated = checked.type === 'image/gif' || checked.type === 'image/webp';
  const input = () => {
    const image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    // EXIF orientation must be applied before the metadata that holds it goes.
    return animated ? image : image.rotate();
  };
  try {
    const original = await input().toFormat(format).toBuffer();
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        width,
        bytes: await input().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { extension, original, variants };
  } catch {
    throw new ImageRejected(messages.notAnImage);
  }
}
