import { kindWithArticle, type ContentKind } from '@/domain/content-kinds';
import type { NoticeTone } from './notices';
import { readApiFailure } from './server-errors';

/**
 * A delete the server refused: requirements §8 logs it, and §10.6 also tells the
 * administrator in a short notice, in the server's words when it sent some
 * (a section that still holds publications says how many).
 *
 *   tellDeleteFailure(notify, 'section', result.error);
 */
export function tellDeleteFailure(notify: (message: string, tone?: NoticeTone) => void, kind: ContentKind, error: unknown) {
  const noun = kindWithArticle(kind);
  console.error(`No se pudo eliminar ${noun}`, error);
  notify(readApiFailure(error).detail ?? `No se pudo eliminar ${noun}. Inténtelo de nuevo.`, 'error');
}
