import sharp from 'sharp';
import { type AllowedImageType, checkImageBytes } from '@/domain/images';
import { IMAGE_MAX_PIXELS, IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';

export class ImageRejected extends Error {}

/** A fault while making an image that is not the image's own: out of memory, a broken library, a full disk. */
export class ImageProcessingFailed extends Error {}

// libvips names the loader that refused the bytes (pngload_buffer, VipsJpeg, gifload_buffer,
// webp2vips...) or says the header is corrupt. A failure to allocate is none of that, even
// when a loader reports it: the bytes may be fine and the machine short of memory.
const DECODE_FAILURE =
  /input buffer|corrupt|load(?:_buffer)?:|vipsjpeg|vipspng|webp2vips|webp:|unsupported image format|end of (?:stream|jpeg)|unable to (?:parse|read)|invalid frame|exceeds pixel limit/i;
const ALLOCATION_FAILURE = /memory|alloc/i;

/**
 * Bad input or a fault of ours? Bytes that fail to decode once they passed the
 * content checks are the caller's (a 400 on the field, ImageRejected); any
 * other error, an allocation failure first of all, is the server's: it goes on
 * as ImageProcessingFailed with the original as its cause, to be logged and
 * answered with a 500.
 */
export function imageFailure(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (DECODE_FAILURE.test(message) && !ALLOCATION_FAILURE.test(message)) return new ImageRejected(messages.notAnImage);
  return new ImageProcessingFailed(`processing an uploaded image failed: ${message}`, { cause: error });
}

/** Uploaded bytes that passed inspectImage: an allowed type, within the pixel budget. */
export interface InspectedImage {
  bytes: Buffer;
  type: AllowedImageType;
  /** EXIF orientation, when the image has one other than 1 (upright). */
  orientation?: number;
}

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

const isAnimatable = (type: AllowedImageType) => type === 'image/gif' || type === 'image/webp';

/**
 * Checks an upload by its content (type by magic bytes, 5 MB; domain rules)
 * and by the size its header claims, before anything is decoded: a 5 MB file
 * can claim billions of pixels. Every frame of an animation counts, since
 * all of them are decoded. Cheap (the header only), so it runs before the
 * upload waits for its turn to be processed.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  const checked = checkImageBytes(bytes);
  if ('error' in checked) throw new ImageRejected(checked.error);
  let metadata: sharp.Metadata;
  try {
    // No pixel limit for the header: sharp's own would answer "not an image" for a bomb we want to name.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw imageFailure(error);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejected(messages.notAnImage);
  const frames = isAnimatable(checked.type) ? (metadata.pages ?? 1) : 1;
  if (width * (metadata.pageHeight ?? height) * frames > IMAGE_MAX_PIXELS) throw new ImageRejected(messages.imageTooManyPixels);
  return { bytes, type: checked.type, ...(metadata.orientation && metadata.orientation > 1 && { orientation: metadata.orientation }) };
}

/**
 * Decodes an inspected image for real (bytes that only look like an image
 * are refused) and re-encodes it: the original in its own format and the
 * WebP variants. Re-encoding drops every metadata block, so a photo's
 * location never leaks. The renditions are made one after another, not at
 * once: each decodes the image again, and four at a time meant four times
 * the memory for one upload.
 */
export async function processImage({ bytes, type, orientation }: InspectedImage): Promise<ProcessedImage> {
  const { extension, format } = FORMATS[type];
  const animated = isAnimatable(type);
  const input = () => {
    // limitInputPixels again, in case a header said less than the data holds.
    const image = sharp(bytes, { animated, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
    // EXIF orientation must be applied before the metadata that holds it goes. Only when there is
    // one: turning needs the whole decoded image in memory, where the rest streams row by row.
    return animated || !orientation ? image : image.rotate();
  };
  try {
    const original = await input().toFormat(format).toBuffer();
    const variants: ProcessedImage['variants'] = [];
    for (const width of IMAGE_VARIANT_WIDTHS) {
      variants.push({ width, bytes: await input().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer() });
    }
    return { extension, original, variants };
  } catch (error) {
    throw imageFailure(error);
  }
}
