import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '@/client/app/store';
import type { ImageChange } from '@/client/api/image-change';
import { useListSectionsQuery } from '@/client/api/sections';
import type { Publication, Section } from '@/domain/entities';
import { publicState } from '@/domain/publication-status';
import {
  DATA,
  postPreviewMessage,
  previewAddress,
  previewKey,
  previewWindowName,
  READY,
  readPreviewMessage,
  type PreviewPayload,
} from '@/client/ui/preview-channel';
import { browserToday } from '../kit/publication-status';
import { selectEditedLayout } from './layout-editor/layout-editor-slice';
import { readEvent } from '@/domain/events';
import { eventBodyOf } from './event-panel';
import type { EventValues } from './publication-values';

/** The form's fields the preview reads. */
export interface PreviewFormValues {
  title: string;
  section_id: string;
  status: string;
  publish_date: string;
  featured_image: ImageChange;
  event: EventValues;
}

/** The few methods of the form's react-hook-form object the button uses. */
export interface PreviewForm {
  getValues: () => PreviewFormValues;
  watch: (callback: () => void) => { unsubscribe: () => void };
}

/** How soon after a change the open preview gets it: typing stays smooth, the preview follows at once to the eye. */
const SEND_DELAY_MS = 150;

/** A saved publication as the preview draws it (the detail page's 'Vista previa'). */
export function savedPayload(publication: Publication, today: string): PreviewPayload {
  const state =
    publication.public_state ??
    publicState({ status: publication.status, publish_date: publication.publish_date, section_is_active: true }, today);
  return {
    publication: {
      id: publication.id,
      title: publication.title,
      section_slug: publication.section?.slug ?? '',
      section_title: publication.section?.title ?? '',
      publish_date: publication.publish_date?.slice(0, 10) ?? null,
      featured_image: publication.featured_image,
      layout: publication.layout,
      event: publication.event ?? null,
    },
    image: null,
    shown_status: state.status,
    scheduled_for: state.scheduled_for,
  };
}

/**
 * What the form holds now, saved or not: its fields, the layout editor's rows,
 * a chosen image file (the preview draws it itself) or the stored image.
 */
export function unsavedPayload(
  values: PreviewFormValues,
  layout: Publication['layout'],
  sections: readonly Pick<Section, 'id' | 'slug' | 'title' | 'is_active'>[],
  publication: Publication | undefined,
  today: string,
): PreviewPayload {
  const section = sections.find((candidate) => String(candidate.id) === values.section_id);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(values.publish_date) ? values.publish_date : null;
  const state = publicState({ status: values.status, publish_date: date, section_is_active: section?.is_active ?? true }, today);
  const image = values.featured_image;
  return {
    publication: {
      id: publication?.id ?? null,
      title: values.title.trim() || 'Sin título',
      section_slug: section?.slug ?? '',
      section_title: section?.title ?? '',
      publish_date: date,
      featured_image: image.kind === 'keep' ? (publication?.featured_image ?? null) : image.kind === 'library' ? image.url : null,
      layout,
      // As typed, once it reads as an event (the preview draws nothing of one half written).
      event: readEvent(eventBodyOf(values.event), {}) ?? null,
    },
    image: image.kind === 'replace' ? image.file : null,
    shown_status: state.status,
    scheduled_for: state.scheduled_for,
  };
}

/**
 * 'Vista previa' (docs/decisions/172): opens /vista-previa in a tab of its own
 * (the same tab again on a second click) and posts it the publication as it
 * is now: from the form, what is typed and not saved, again after every
 * change while the form is open; from the detail page, the saved version. The
 * preview draws it in the public site's frame. Only a window of this origin
 * that asks for this publication is answered.
 */
export function PreviewButton({ publication, form }: { publication?: Publication; form?: PreviewForm }) {
  const store = useStore<RootState>();
  const sections = useListSectionsQuery(undefined, { skip: form === undefined });
  const key = previewKey(publication?.id);
  const target = useRef<Window | null>(null);

  const payload = useCallback((): PreviewPayload => {
    const today = browserToday();
    if (!form) return savedPayload(publication!, today);
    return unsavedPayload(form.getValues(), selectEditedLayout(store.getState()), sections.data ?? [], publication, today);
  }, [form, publication, sections.data, store]);
  const latest = useRef(payload);
  useEffect(() => {
    latest.current = payload;
  });

  const send = useCallback(() => {
    const preview = target.current;
    if (!preview || preview.closed) return;
    postPreviewMessage(preview, { type: DATA, key, payload: latest.current() });
  }, [key]);

  // The preview asks when it opens (and when it is reloaded): it gets the publication as it is now.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readPreviewMessage(event);
      // A window, not a MessagePort or a service worker: only a window has `closed` (and the preview is one).
      if (message?.type !== READY || message.key !== key || !event.source || !('closed' in event.source)) return;
      target.current = event.source;
      send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [key, send]);

  // Every change in the form or its layout reaches the open preview a moment later.
  useEffect(() => {
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (!target.current) return;
      clearTimeout(timer);
      timer = setTimeout(send, SEND_DELAY_MS);
    };
    const fields = form.watch(soon);
    let rows = selectEditedLayout(store.getState());
    const stopLayout = store.subscribe(() => {
      const now = selectEditedLayout(store.getState());
      if (now === rows) return;
      rows = now;
      soon();
    });
    return () => {
      clearTimeout(timer);
      fields.unsubscribe();
      stopLayout();
    };
  }, [form, send, store]);
  // The sections arrive after the form: the preview's breadcrumb then names the section.
  useEffect(send, [sections.data, send]);

  const open = () => {
    const preview = window.open(previewAddress(key), previewWindowName(key));
    if (!preview) return;
    target.current = preview;
    // A tab already showing this preview is not reloaded by a second click: it gets the state now.
    send();
    preview.focus();
  };

  return (
    <button type="button" className="kit-button kit-button-secondary" onClick={open}>
      Vista previa
    </button>
  );
}
