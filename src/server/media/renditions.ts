import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@/domain/limits';
import type { FocalPoint } from '@/domain/schemas/common';
import { mediaUrlOf, uploadStemOfUrl } from './media-keys';

/**
 * The crops the server makes (docs/decisions/195): an image shared on a social network
 * (`og:image`, 1200 × 630, the shape they show) and the image of a publication's or a
 * person's structured data, cut around the library's focal point so that what matters stays
 * in view. Named by the point, `images/{uuid}-{shape}-{x}-{y}.jpg` (x and y in percent), so a
 * new point is a new address and every address may be cached for a year; made the first time
 * it is asked for, and only for the point the library holds now (plugins/media.ts).
 */
export const RENDITION_SHAPES = {
  /** What Facebook, LinkedIn and X show of a shared link (1.91:1). */
  share: { width: 1200, height: 630 },
  /** A person's photo, square. */
  square: { width: 600, height: 600 },
} as const;

export type RenditionShape = keyof typeof RENDITION_SHAPES;

const RENDITION_KEY = new RegExp(`^(images/[0-9a-f-]{36})-(${Object.keys(RENDITION_SHAPES).join('|')})-(\\d{1,3})-(\\d{1,3})\\.jpg$`);

const percent = (value: number) => Math.round(value * 100);

/**
 * The address of an upload's rendition around `focus`; the address itself when there is no
 * focus (the library does not hold the image) or it is no upload of this site.
 */
export function renditionUrl(address: string, shape: RenditionShape, focus: FocalPoint | null | undefined): string {
  const stem = focus ? uploadStemOfUrl(address) : null;
  return stem && focus ? mediaUrlOf(`${stem}-${shape}-${percent(focus.x)}-${percent(focus.y)}.jpg`) : address;
}

/** What a rendition's key names: the upload's keys' stem, the shape and the point (in percent); null for any other key. */
export function readRenditionKey(key: string): { stem: string; shape: RenditionShape; x: number; y: number } | null {
  const match = RENDITION_KEY.exec(key);
  if (!match) return null;
  const [x, y] = [Number(match[3]), Number(match[4])];
  return x <= 100 && y <= 100 ? { stem: match[1], shape: match[2] as RenditionShape, x, y } : null;
}

/** Whether a point, as the library holds it, is the one a rendition's name says. */
export const isPointOf = (focus: FocalPoint, named: { x: number; y: number }): boolean =>
  percent(focus.x) === named.x && percent(focus.y) === named.y;

/**
 * The largest part of the image of the shape's proportions with the point as near its centre as
 * the edges allow, scaled down to the shape's size (never up: a small image gives a smaller
 * crop), as a JPEG on white (a JPEG has no transparency; an animation gives its first frame).
 */
export async function cropAround(original: Buffer, shape: RenditionShape, focus: { x: number; y: number }): Promise<Buffer> {
  const { width: targetWidth, height: targetHeight } = RENDITION_SHAPES[shape];
  const image = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  const ratio = targetWidth / targetHeight;
  const cropWidth = Math.max(1, Math.min(width, Math.round(height * ratio)));
  const cropHeight = Math.max(1, Math.min(height, Math.round(cropWidth / ratio)));
  const around = (point: number, size: number, crop: number) => Math.min(Math.max(Math.round(point * size - crop / 2), 0), size - crop);
  return image
    .extract({
      left: around(focus.x, width, cropWidth),
      top: around(focus.y, height, cropHeight),
      width: cropWidth,
      height: cropHeight,
    })
    .resize({ width: targetWidth, height: targetHeight, fit: 'fill', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
