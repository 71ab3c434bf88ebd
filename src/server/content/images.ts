import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { invalidFields } from '../refusal';
import { ImageRejected } from '../media/image-processing';
import { isUploadOriginal, MEDIA_URL_PREFIX, uploadStemOfUrl } from '../media/media-keys';
import type { MediaStorage } from '../media/media-storage';
import type { DbOrTrx } from '../db/database';

/**
 * An image field of a save (a publication's featured image, a biography's
 * photo), whoever calls: the bytes of a new file (multipart), a file cut by
 * the upload limit, the address POST /api/upload-image/ answered (JSON), an
 * image of the library by its id (`featured_image_id`, `photo_id`), a refusal
 * of what was sent (said on the id's field), or null to remove the stored
 * one. Absent (undefined): the stored image stays.
 */
export type ImageInput =
  { file: Buffer; name?: string } | { oversized: true } | { address: string } | { mediaId: number } | { refused: string } | null;

/**
 * An image field as a form sent it: a library image's id (alone: not beside a file or an address),
 * its file (or the size limit it went past), else the text it held ('' or null removes).
 */
export function imageInputOf(
  form: { files: Record<string, Buffer>; fileNames?: Record<string, string>; oversized: Set<string> },
  field: string,
  text: unknown,
  mediaId?: number,
): ImageInput | undefined {
  const file = form.files[field];
  if (mediaId !== undefined) {
    const alsoSent = file !== undefined || form.oversized.has(field) || (typeof text === 'string' && text.trim() !== '');
    return alsoSent ? { refused: messages.imageFromOneSource } : { mediaId };
  }
  if (form.oversized.has(field)) return { oversized: true };
  if (file) return { file, name: form.fileNames?.[field] };
  if (text === null || text === '') return null;
  if (typeof text === 'string') return { address: text.trim() };
  return undefined;
}

/** Whether the field brings an image (a new file or an address), as a create requires. */
export const bringsImage = (image: ImageInput | undefined): boolean => image != null;

/** The address of a library image named by its id; an id of no image there (a document's, one deleted) is refused. */
export async function imageFromLibrary(db: DbOrTrx, image: ImageInput | undefined): Promise<ImageInput | undefined> {
  if (!image || !('mediaId' in image)) return image;
  const item = await db.selectFrom('media').select('url').where('id', '=', image.mediaId).where('kind', '=', 'image').executeTakeFirst();
  return item ? { address: item.url } : { refused: messages.imageNotInLibrary };
}

/** Records the error of an image field: a file cut by the upload limit, or a library id refused (on `{field}_id`). */
export function checkImageField(image: ImageInput | undefined, field: string, errors: FieldErrors): void {
  if (image && 'oversized' in image) errors[field] = [messages.imageTooLarge];
  if (image && 'refused' in image) errors[`${field}_id`] = [image.refused];
}

/**
 * Stores the image of a field, if a new file was sent, and answers its URL;
 * an address is answered as it is once it is known to be one of this site's
 * uploads (an original that exists in media storage, never an outside URL);
 * null for a removal, undefined when the stored image stays. Call it after
 * every other check passed, so that a refused save leaves no file behind.
 * Bytes that are not an allowed image, or an unknown address, are a 400 on the field.
 */
export async function storeImage(media: MediaStorage, image: { file: Buffer }, field: string): Promise<string>;
export async function storeImage(media: MediaStorage, image: ImageInput | undefined, field: string): Promise<string | null | undefined>;
export async function storeImage(media: MediaStorage, image: ImageInput | undefined, field: string): Promise<string | null | undefined> {
  if (image === undefined || image === null) return image;
  if ('oversized' in image) throw invalidFields({ [field]: [messages.imageTooLarge] });
  if ('refused' in image) throw invalidFields({ [`${field}_id`]: [image.refused] });
  // imageFromLibrary turns an id into its address before the save checks anything.
  if ('mediaId' in image) throw new Error('A library image must be looked up before it is stored');
  if ('address' in image) {
    if (!(await isStoredUpload(media, image.address))) throw invalidFields({ [field]: [messages.imageNotUploaded] });
    return image.address;
  }
  try {
    return await media.storeImage(image.file);
  } catch (error) {
    if (error instanceof ImageRejected) throw invalidFields({ [field]: [error.message] });
    throw error;
  }
}

/** Whether `address` is the URL of an upload's original that media storage holds. */
async function isStoredUpload(media: MediaStorage, address: string): Promise<boolean> {
  if (uploadStemOfUrl(address) === null) return false;
  const key = address.slice(MEDIA_URL_PREFIX.length);
  return isUploadOriginal(key) && (await media.store.size(key)) !== undefined;
}
