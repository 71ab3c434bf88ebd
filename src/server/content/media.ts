import sharp from 'sharp';
import type { FieldErrors } from '@/domain/entities';
import { documentKindOf } from '@/domain/documents';
import { detectImageType } from '@/domain/images';
import { DOCUMENT_MAX_BYTES, FEATURED_IMAGE_MAX_BYTES } from '@/domain/limits';
import { MEDIA_LIMITS, titleFromFileName, validateMedia } from '@/domain/media';
import { slugify } from '@/domain/slug';
import { messages } from '@/domain/messages';
import type { MediaBody, MediaItem, MediaUse } from '@/domain/schemas/media';
import { hasErrors } from '@/domain/validation';
import { nowIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import { findMedia, findMediaByUrl, insertMedia, moveMediaAddress, updateMedia } from '../db/media-repository';
import type { MediaRow } from '../db/schema';
import { trashMedia } from '../db/trash-repository';
import { invalidFields, conflict } from '../refusal';
import { DocumentRejected } from '../media/documents';
import { contentTypeOf, MEDIA_URL_PREFIX } from '../media/media-keys';
import { storeImage, type ImageInput } from './images';
import { moveToTrash, saveCreate, saveEdit } from './save';
import { textOf } from './text-input';
import type { KindStore, Writer } from './writer';

/**
 * The media library ('Medios', docs/decisions/192-the-media-library.md): every
 * uploaded file is one item, with its title, default alternative text and
 * focal point. Its uses name its address, as before; the item is a use too
 * (db/media-uses-repository.ts), so that no purge of content removes its file.
 */

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    file_name: row.file_name,
    url: row.url,
    content_type: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    focal_x: Number(row.focal_x),
    focal_y: Number(row.focal_y),
    created_by: row.created_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const mediaKind: KindStore<'media', MediaRow> = {
  kind: 'media',
  missing: messages.mediaNotFound,
  find: findMedia,
  toJson: toMediaItem,
  // The file stays the one stored now: a replacement is no edit of the description.
  restoreKeeps: 'Recupera título, texto alternativo y punto focal; el archivo se conserva.',
  async restore(trx, id, record, now) {
    const row = await updateMedia(trx, id, {
      title: record.title,
      alt: record.alt,
      focal_x: record.focal_x,
      focal_y: record.focal_y,
      updated_at: now,
    });
    return row && toMediaItem(row);
  },
};

/** An upload into the library: the file, its name on the uploader's computer, and optionally a title and alternative text. */
export interface MediaUpload {
  file: Buffer | undefined;
  /** The file went past the upload limit. */
  oversized: boolean;
  fileName: string;
  title?: string | null;
  alt?: string | null;
}

/** An image, checked and re-encoded as every image is; its facts read back from the stored original, not the bytes sent. */
async function storeLibraryImage(writer: Writer, file: Buffer) {
  if (file.length > FEATURED_IMAGE_MAX_BYTES) throw invalidFields({ file: [messages.imageTooLarge] });
  return storedImageFacts(writer, await storeImage(writer.services.media, { file }, 'file'));
}

/** A stored image's facts, read back from its original. */
async function storedImageFacts(writer: Writer, url: string) {
  const key = url.slice(MEDIA_URL_PREFIX.length);
  const bytes = await writer.services.media.read(key);
  const { width, height } = await sharp(bytes).metadata();
  return {
    kind: 'image' as const,
    url,
    content_type: contentTypeOf(key),
    size: bytes.length,
    width: width ?? null,
    height: height ?? null,
  };
}

/** A document, recognised by its content (media/documents.ts), stored as sent under a random key named by its title. */
async function storeLibraryDocument(writer: Writer, file: Buffer, title: string) {
  if (file.length > DOCUMENT_MAX_BYTES) throw invalidFields({ file: [messages.documentTooLarge] });
  let url: string;
  try {
    url = await writer.services.media.storeDocument(file, slugify(title).slice(0, 80).replace(/-+$/, ''));
  } catch (error) {
    // Neither an image nor a document: one sentence names both.
    if (error instanceof DocumentRejected) {
      throw invalidFields({ file: [error.message === messages.documentTypeNotAllowed ? messages.mediaTypeNotAllowed : error.message] });
    }
    throw error;
  }
  return { kind: 'document' as const, url, content_type: contentTypeOf(url), size: file.length, width: null, height: null };
}

/**
 * Uploads a file into the library (POST /api/media/): an image, checked by its
 * content as every image is, re-encoded with its variants. Its title is the
 * one given or the file name without its extension.
 */
export async function uploadMedia(writer: Writer, upload: MediaUpload): Promise<MediaItem> {
  const fileName = (textOf(upload.fileName) ?? '').slice(0, MEDIA_LIMITS.fileName);
  const title = textOf(upload.title) || titleFromFileName(fileName) || 'Sin título';
  const alt = textOf(upload.alt) ?? '';
  const errors: FieldErrors = validateMedia({ title, alt });
  if (upload.oversized) errors.file = [messages.documentTooLarge];
  else if (!upload.file) errors.file = [messages.required];
  const { file } = upload;
  if (hasErrors(errors) || !file) throw invalidFields(errors);
  const isImage = detectImageType(file) !== null;
  const stored = isImage ? await storeLibraryImage(writer, file) : await storeLibraryDocument(writer, file, title);
  return insertItem(writer, stored, { title, fileName, alt });
}

type StoredFile = Awaited<ReturnType<typeof storeLibraryImage>> | Awaited<ReturnType<typeof storeLibraryDocument>>;

function insertItem(writer: Writer, stored: StoredFile, { title, fileName, alt }: { title: string; fileName: string; alt: string }) {
  const now = nowIso();
  return saveCreate(writer, mediaKind, (trx) =>
    insertMedia(trx, {
      ...stored,
      title,
      file_name: fileName,
      alt,
      created_by_id: writer.actor.id,
      created_by: writer.actor.username,
      created_at: now,
      updated_at: now,
    }),
  );
}

/**
 * An image uploaded through another field (a cell's, a featured image, a photo) goes into the
 * library too, once: found again and reused from there. Its own save, after the field's (never
 * its Idempotency-Key's), so that nothing here can cost the field its image; an address the
 * library already holds (a repeated request) is left as it is.
 */
export async function keepInLibrary(writer: Writer, image: ImageInput | undefined, url: string | null | undefined): Promise<void> {
  if (!image || !('file' in image) || !url) return;
  if (await findMediaByUrl(writer.services.db, url)) return;
  const fileName = (image.name ?? '').slice(0, MEDIA_LIMITS.fileName);
  const title = titleFromFileName(fileName) || 'Sin título';
  await insertItem({ ...writer, attempt: undefined }, await storedImageFacts(writer, url), { title, fileName, alt: '' });
}

/** A file put in an item's place: its bytes, or the size limit they went past, its name on the uploader's computer. */
export interface MediaReplacement {
  file: Buffer | undefined;
  oversized: boolean;
  fileName: string;
  version?: number;
}

/**
 * 'Reemplazar archivo' (POST /api/media/{id}/replace/): the same item, a new file of the same
 * kind, stored under a new random name (addresses stay immutable); every live use follows in the
 * same transaction (featured images, photos, cells, rich text: db/media-repository.ts
 * moveMediaAddress), without a new version or revision of what uses it. The item's Historial
 * says 'Archivo reemplazado'; the old file stays while a revision or a trash entry names it.
 */
export async function replaceMediaFile(writer: Writer, id: number, replacement: MediaReplacement): Promise<MediaItem> {
  return saveEdit(writer, mediaKind, id, replacement.version, {
    check: async (errors) => {
      if (replacement.oversized) errors.file = [messages.documentTooLarge];
      else if (!replacement.file) errors.file = [messages.required];
      const item = await findMedia(writer.services.db, id);
      const isImage = replacement.file !== undefined && detectImageType(replacement.file) !== null;
      if (item && replacement.file && !errors.file && isImage !== (item.kind === 'image')) errors.file = [messages.replaceWithSameKind];
      const { file } = replacement;
      if (hasErrors(errors) || !file) throw invalidFields(errors);
      return { file, isImage, title: item?.title ?? '' };
    },
    prepare: ({ file, isImage, title }): Promise<StoredFile> =>
      isImage ? storeLibraryImage(writer, file) : storeLibraryDocument(writer, file, title),
    update: async (trx, _checked, stored, before) => {
      // prepare above runs before every update: nothing stored is a fault of the save, not a refusal.
      if (!stored) throw new Error('The replacement file was not stored');
      const facts = stored;
      const row = await updateMedia(trx, id, {
        ...facts,
        file_name: (textOf(replacement.fileName) ?? '').slice(0, MEDIA_LIMITS.fileName),
        updated_at: nowIso(),
      });
      await moveMediaAddress(trx, before.url, facts.url, { size: facts.size, format: documentKindOf(facts.content_type) });
      return row;
    },
  });
}

/** Edits an item's description: title, alternative text, focal point (PATCH /api/media/{id}/). */
export async function editMedia(writer: Writer, id: number, input: MediaBody): Promise<MediaItem> {
  return saveEdit(writer, mediaKind, id, input.version, {
    check: async (editErrors) => {
      const fields = {
        title: textOf(input.title),
        alt: input.alt === undefined ? undefined : (textOf(input.alt) ?? ''),
        focal_x: input.focal_x,
        focal_y: input.focal_y,
      };
      const errors = { ...validateMedia(fields, { partial: true }), ...editErrors };
      if (hasErrors(errors)) throw invalidFields(errors);
      return fields;
    },
    update: (trx, fields) =>
      updateMedia(trx, id, {
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.alt !== undefined && { alt: fields.alt }),
        ...(fields.focal_x !== undefined && { focal_x: fields.focal_x }),
        ...(fields.focal_y !== undefined && { focal_y: fields.focal_y }),
        updated_at: nowIso(),
      }),
  });
}

/** Where an item is used: featured images, layouts (cells and rich text), biography photos. */
export async function mediaUsage(db: DbOrTrx, url: string): Promise<MediaUse[]> {
  const pattern = `%${url}%`;
  const [featured, layouts, photos] = await Promise.all([
    db.selectFrom('publications').select(['id', 'title']).where('featured_image', '=', url).orderBy('id').execute(),
    db.selectFrom('publications').select(['id', 'title']).where('layout', 'like', pattern).orderBy('id').execute(),
    db.selectFrom('biographies').select(['id', 'name']).where('photo', '=', url).orderBy('id').execute(),
  ]);
  return [
    ...featured.map((row) => ({ kind: 'publication' as const, id: row.id, title: row.title, where: 'Imagen destacada' })),
    ...layouts.map((row) => ({ kind: 'publication' as const, id: row.id, title: row.title, where: 'Diseño' })),
    ...photos.map((row) => ({ kind: 'biography' as const, id: row.id, title: row.name, where: 'Foto' })),
  ];
}

/**
 * Moves an item to the trash. One in use is not deleted silently: 409 with
 * where it is used, unless `force` (an Administrador's, checked by the
 * route); its uses then fall back as a missing image does.
 */
export async function removeMedia(writer: Writer, id: number, force: boolean): Promise<void> {
  await moveToTrash(writer, mediaKind, id, async (trx, row) => {
    const usage = await mediaUsage(trx, row.url);
    if (usage.length > 0 && !force) throw conflict(messages.mediaInUse(usage.length), { usage });
    return trashMedia(trx, row, writer.actor, nowIso());
  });
}
