import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { messages } from '@/domain/messages';
import { isRecord } from '@/domain/guards';

/**
 * What the detail page says when the publication cannot be shown (requirements §8):
 * 'No se encontró la publicación' for a 404, otherwise the server's message
 * when it sent one, otherwise 'Error al cargar la publicación'.
 */
export function detailErrorMessage(error: FetchBaseQueryError | SerializedError | undefined): { notFound: boolean; message: string } {
  if (error && 'status' in error) {
    if (error.status === 404) return { notFound: true, message: messages.publicationNotFound };
    const { data } = error;
    const fromServer = isRecord(data) ? (data.detail ?? data.message) : undefined;
    if (typeof fromServer === 'string' && fromServer.trim()) return { notFound: false, message: fromServer };
  }
  return { notFound: false, message: messages.loadPublicationFailed };
}
