import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { badRequest } from '../http/api-error';
import type { FormInput } from '../http/form';
import { ImageRejected } from '../media/image-processing';
import type { MediaStorage } from '../media/media-storage';

/** Records the size error of an image field cut by the upload limit. */
export function checkImageSize(form: FormInput, field: string, errors: FieldErrors): void {
  if (form.oversized.has(field)) errors[field] = [messages.imageTooLarge];
}

/**
 * Stores the image of a form field, if one was sent, and answers its URL.
 * Call it after every other check passed, so that a refused request leaves
 * no file behind. Bytes that are not an allowed image are a 400 on the field.
 */
export async function storeImageField(media: MediaStorage, form: FormInput, field: string): Promise<string | undefined> {
  const bytes = form.files[field];
  if (!bytes) return undefined;
  try {
    return await media.storeImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw badRequest({ [field]: [error.message] });
    throw error;
  }
}
