import { isOneOf } from './guards';
import type { FieldErrors } from './entities';
import { messages } from './messages';

/**
 * The media library ('Medios', docs/decisions/192-the-media-library.md): what
 * the browser and the server share. Every uploaded image and document is one
 * item, found again, reused and cropped around its focal point.
 */

export const MEDIA_FILE_KINDS = ['image', 'document'] as const;
export type MediaFileKind = (typeof MEDIA_FILE_KINDS)[number];

export const isMediaFileKind = (value: unknown): value is MediaFileKind => isOneOf(MEDIA_FILE_KINDS, value);

/** Items per page of the library. */
export const MEDIA_PAGE_SIZE = 40;

export const MEDIA_LIMITS = {
  title: 200,
  alt: 300,
  /** The original file name kept for display. */
  fileName: 255,
} as const;

/** The title an upload takes when none is given: its file name without the extension, '' for none. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim().slice(0, MEDIA_LIMITS.title);
}

export interface MediaFields {
  title?: unknown;
  alt?: unknown;
  focal_x?: unknown;
  focal_y?: unknown;
}

const isFocal = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

/** The rules of an item's edit, on both sides ('Título' required; lengths; a focal point within the image). */
export function validateMedia(input: MediaFields, options: { partial?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  const title = typeof input.title === 'string' ? input.title.trim() : input.title;
  if (title === undefined ? !options.partial : title === null || title === '') errors.title = [messages.required];
  else if (typeof title === 'string' && title.length > MEDIA_LIMITS.title) errors.title = [messages.tooLong(MEDIA_LIMITS.title)];
  if (typeof input.alt === 'string' && input.alt.trim().length > MEDIA_LIMITS.alt) errors.alt = [messages.tooLong(MEDIA_LIMITS.alt)];
  for (const field of ['focal_x', 'focal_y'] as const) {
    if (input[field] !== undefined && !isFocal(input[field])) errors[field] = [messages.focalOutOfRange];
  }
  return errors;
}

/**
 * A focal point as CSS places a cropped image ('30% 70%', for object-position);
 * undefined for none, which leaves the browser's centre.
 */
export function focalPosition(point: { x: number; y: number } | null | undefined): string | undefined {
  return point ? `${Math.round(point.x * 100)}% ${Math.round(point.y * 100)}%` : undefined;
}

/** 'PDF · 1,2 MB': a file's size as the library shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('es-ES', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}
