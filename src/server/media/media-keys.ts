/**
 * How stored media are named. A key is a path relative to the storage's root
 * (the folder DATA_DIR/media, or the bucket's prefix): `images/{uuid}.{ext}`
 * for an upload's original, `images/{uuid}-{width}.webp` for its variants. The
 * URL the API answers is the key under /media/, so a key never depends on the
 * backend and moving storage never rewrites content.
 */
import { DOCUMENT_EXTENSIONS, DOCUMENT_KINDS, DOCUMENT_URL_PREFIX, DOCUMENTS } from '@/domain/documents';

export { DOCUMENT_URL_PREFIX };
import { IMAGE_MAX_PIXELS } from '@/domain/limits';

export const MEDIA_URL_PREFIX = '/media/';

/** Upload names are random and never reused: any copy may be kept for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * After the id: the original's extension (image-processing.ts FORMATS), a variant's width, or a
 * crop around the focal point (renditions.ts: its shape and the point in percent).
 */
const SUFFIX = '(?:\\.(?:jpg|png|gif|webp)|-\\d{1,5}\\.webp|-(?:share|square)-\\d{1,3}-\\d{1,3}\\.jpg)';

/** An upload's original or one of its variants: the only names served from a bucket. */
const UPLOAD_KEY = new RegExp(`^images/${UUID}${SUFFIX}$`);
const UPLOAD_URL = new RegExp(`^/media/images/(${UUID})${SUFFIX}$`);
const UPLOAD_SUFFIX = new RegExp(`^${SUFFIX}$`);

/**
 * A library document ('Medios', docs/decisions/224): `documents/{key}/{name}.{ext}`,
 * {key} 128 random bits (no address holds a sequential id, so nobody can list
 * the documents), {name} the title as a slug, {ext} its checked kind's. Served
 * at /media/documentos/{key}/{name}.{ext}.
 */
const DOCUMENT_KEY = new RegExp(`^documents/([0-9a-f]{32})/([a-z0-9]+(?:-[a-z0-9]+)*)\\.(${DOCUMENT_EXTENSIONS.join('|')})$`);

export const isDocumentKey = (key: string): boolean => DOCUMENT_KEY.test(key);

/** The URL a document key is served at. */
export const documentUrlOf = (key: string): string => `${DOCUMENT_URL_PREFIX}${key.slice('documents/'.length)}`;

/** The key of a document's URL, or null for anything else. */
export function documentKeyOfUrl(url: string): string | null {
  if (!url.startsWith(DOCUMENT_URL_PREFIX)) return null;
  const key = `documents/${url.slice(DOCUMENT_URL_PREFIX.length)}`;
  return isDocumentKey(key) ? key : null;
}

/** An upload's original or variant, or a library document: the only names served, backed up and restored. */
export const isUploadKey = (key: string): boolean => UPLOAD_KEY.test(key) || isDocumentKey(key);

/**
 * The largest file an upload can leave in storage. Every stored file is a
 * re-encoding (image-processing.ts) of an image of at most IMAGE_MAX_PIXELS,
 * metadata dropped; the original is the largest of them (the variants are
 * WebP at 1600 pixels wide at most). Even uncompressed at 16 bits per channel
 * with alpha (8 bytes a pixel) it fits; a quarter more is the margin for the
 * containers' own bytes. A restore refuses any media file above it.
 */
export const UPLOAD_FILE_MAX_BYTES = Math.ceil(IMAGE_MAX_PIXELS * 8 * 1.25);

/** An upload's original ('images/{uuid}.jpg'), not one of its variants ('images/{uuid}-480.webp'). */
export const isUploadOriginal = (key: string): boolean =>
  isDocumentKey(key) || (UPLOAD_KEY.test(key) && key['images/'.length + 36] === '.');

export const mediaUrlOf = (key: string): string => `${MEDIA_URL_PREFIX}${key}`;

/**
 * The keys prefix shared by an upload's original and all its variants, from
 * the URL of either; null for anything else (an image of another site, a
 * shipped file, an address that is not a host-relative upload URL).
 */
export function uploadStemOfUrl(url: string): string | null {
  const match = UPLOAD_URL.exec(url);
  return match ? `images/${match[1]}` : null;
}

/** True when `key` is the original or a variant of the upload whose keys start with `stem`. */
export const belongsToUpload = (stem: string, key: string): boolean => key.startsWith(stem) && UPLOAD_SUFFIX.test(key.slice(stem.length));

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  ...Object.fromEntries(DOCUMENT_KINDS.map((kind) => [DOCUMENTS[kind].extension, DOCUMENTS[kind].contentType])),
};

/** The Content-Type a key is served with, by its extension. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1].toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Keys a caller may read or write: relative, '/'-separated, non-empty
 * segments, none starting with a dot, without backslashes or control
 * characters. So no key leaves the folder or the prefix (no '..', no absolute
 * path) and none is a hidden or half-written file.
 */
// eslint-disable-next-line no-control-regex
const SAFE_KEY = /^[^/\\\x00-\x1f.][^/\\\x00-\x1f]*(?:\/[^/\\\x00-\x1f.][^/\\\x00-\x1f]*)*$/;

export const isSafeKey = (key: string): boolean => key.length <= 1024 && SAFE_KEY.test(key);

export class InvalidMediaKey extends Error {
  constructor(key: string) {
    super(`Not a media key: "${key}"`);
  }
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new InvalidMediaKey(key);
}
