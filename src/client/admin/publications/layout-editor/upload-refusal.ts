import { messages } from '@/domain/messages';
import { readApiFailure } from '@/client/admin/kit/server-errors';

/**
 * What to tell the person when an image upload fails. A refusal (4xx) carries
 * the server's reason: `{"image": ["Tipo de archivo no permitido. Use JPG, PNG,
 * GIF o WEBP."]}`, or a detail such as a size limit. Anything else (a network
 * failure, a server error, an answer without address) is the general 'Error al
 * subir la imagen'.
 */
export function uploadRefusal(error: unknown): string {
  const { status, fieldErrors, detail } = readApiFailure(error);
  const refused = typeof status === 'number' && status >= 400 && status < 500;
  return (refused && (fieldErrors.image ?? detail)) || messages.uploadImageFailed;
}
