import { isOneOf } from './guards';
import { FEATURED_IMAGE_MAX_BYTES, IMAGE_VARIANT_WIDTHS } from './limits';
import { messages } from './messages';

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

/** For <input accept>: the same list the server enforces. */
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

/**
 * Checks what the browser knows of a chosen file (its declared type and size)
 * before uploading it. The server checks the bytes themselves.
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!isOneOf(ALLOWED_IMAGE_TYPES, file.type)) return messages.imageTypeNotAllowed;
  if (file.size > FEATURED_IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The real type of an image by its first bytes (magic numbers), or null. */
export function detectImageType(bytes: Uint8Array): AllowedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif'; // GIF8
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Checks uploaded bytes: allowed type by content, at most 5 MB. */
export function checkImageBytes(bytes: Uint8Array): { type: AllowedImageType } | { error: string } {
  if (bytes.length > FEATURED_IMAGE_MAX_BYTES) return { error: messages.imageTooLarge };
  const type = detectImageType(bytes);
  return type ? { type } : { error: messages.imageTypeNotAllowed };
}

/**
 * The address of a stored image's WebP variant of the given width. The server
 * writes them beside the original as name-{width}.webp; images from elsewhere
 * have no variants (null).
 */
export function imageVariantUrl(url: string, width: number): string | null {
  const match = /^(.*\/media\/[^?#]+?)\.(?:jpe?g|png|gif|webp)$/i.exec(url);
  return match ? `${match[1]}-${width}.webp` : null;
}

/** A srcset for a stored image, or undefined for images without variants. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || imageVariantUrl(url, IMAGE_VARIANT_WIDTHS[0]) === null) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ');
}

/** Layout widths of a card's image (client/site/publication-card.tsx): the grid's column, one on phones. */
export const CARD_IMAGE_SIZES = '(min-width: 1200px) 380px, (min-width: 768px) 45vw, 100vw';
/** Layout width of a publication's featured image on its page (client/site/publication-view.tsx): the whole width. */
export const BANNER_IMAGE_SIZES = '100vw';
