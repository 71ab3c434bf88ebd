import type { PublicationEvent } from '@/domain/events';
import type { Layout } from '@/domain/entities';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import { isShownStatus, type ShownStatus } from '@/domain/publication-status';
import { isRecord } from '@/domain/guards';

/**
 * How an admin tab hands a publication's unsaved state to the public site's
 * preview page (/vista-previa), and how that page hands it to the phone-wide
 * frame it embeds (docs/decisions/172). Both sides are documents of this
 * origin: every message is posted with this origin as its target and read
 * only when it comes from this origin and from the window expected (the
 * opener, the parent, or the frame), so no other site can feed or read it.
 * Nothing is stored: the state lives in the two tabs only.
 *
 *   preview → admin (its opener), or phone frame → preview (its parent):
 *     { type: 'vista-previa:lista', key }            "I am open: send me `key`"
 *   admin → preview, or preview → phone frame:
 *     { type: 'vista-previa:datos', key, payload }   the state to show, again after every change
 */

/** The public preview page of the unsaved state; a private link adds '/{token}'. */
const PREVIEW_PATH = `/${PREVIEW_SEGMENT}`;

/** Which record a preview shows: 'publicacion-12', or 'publicacion-nueva' for one not created yet. */
export const previewKey = (id: number | null | undefined): string => `publicacion-${id ?? 'nueva'}`;

/** The admin tab opens /vista-previa#{key} in a tab of this name, so a second click reuses the tab. */
export const previewWindowName = (key: string): string => `vista-previa-${key}`;

export const previewAddress = (key: string): string => `${PREVIEW_PATH}#${key}`;

/** A publication as the preview draws it: the public answer's fields, with no id until it is created. */
export interface PreviewPublication {
  id: number | null;
  title: string;
  section_slug: string;
  section_title: string;
  publish_date: string | null;
  /** The stored image's address; null when there is none (or an unsaved file replaces it: `image`). */
  featured_image: string | null;
  layout: Layout;
  /** Its event as the form holds it (wall-clock times, no offset), or null. */
  event: PublicationEvent | null;
}

export interface PreviewPayload {
  publication: PreviewPublication;
  /** A chosen, not yet uploaded featured image: the preview draws it from a blob: address of its own. */
  image: Blob | null;
  /** The shown status the banner states ('Programado para el …' when scheduled). */
  shown_status: ShownStatus;
  /** YYYY-MM-DD when scheduled, else null. */
  scheduled_for: string | null;
}

export const READY = 'vista-previa:lista';
export const DATA = 'vista-previa:datos';

export interface ReadyMessage {
  type: typeof READY;
  key: string;
}

export interface DataMessage {
  type: typeof DATA;
  key: string;
  payload: PreviewPayload;
}

const isDateOrNull = (value: unknown) => value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));

function isPreviewPublication(value: unknown): value is PreviewPublication {
  if (!isRecord(value)) return false;
  return (
    (value.id === null || (typeof value.id === 'number' && Number.isInteger(value.id) && value.id > 0)) &&
    typeof value.title === 'string' &&
    typeof value.section_slug === 'string' &&
    typeof value.section_title === 'string' &&
    isDateOrNull(value.publish_date) &&
    (value.featured_image === null || typeof value.featured_image === 'string') &&
    Array.isArray(value.layout) &&
    (value.event === null || (isRecord(value.event) && typeof value.event.start === 'string'))
  );
}

function isPreviewPayload(value: unknown): value is PreviewPayload {
  if (!isRecord(value)) return false;
  return (
    isPreviewPublication(value.publication) &&
    (value.image === null || value.image instanceof Blob) &&
    isShownStatus(value.shown_status) &&
    isDateOrNull(value.scheduled_for)
  );
}

/** The message when `event` is a preview message from this origin, else null (anything else is ignored). */
export function readPreviewMessage(event: MessageEvent): ReadyMessage | DataMessage | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || typeof data.key !== 'string') return null;
  if (data.type === READY) return { type: READY, key: data.key };
  if (data.type === DATA && isPreviewPayload(data.payload)) return { type: DATA, key: data.key, payload: data.payload };
  return null;
}

/** Posts to a window of this origin only: were it to have gone elsewhere, the browser drops the message. */
export function postPreviewMessage(target: Window, message: ReadyMessage | DataMessage): void {
  target.postMessage(message, window.location.origin);
}
