import { useEffect, useState } from 'react';
import type { PublicPublication } from '@/domain/entities';
import { DATA, postPreviewMessage, READY, readPreviewMessage, type PreviewPayload } from '@/client/ui/preview-channel';
import type { PreviewLinkAnswer } from './preview-api';

/** What a preview page has to show. */
export type PreviewState =
  | { kind: 'waiting' }
  | { kind: 'ready'; payload: PreviewPayload }
  /** /vista-previa with no admin tab to feed it (opened by hand, or the form is gone). */
  | { kind: 'unavailable' }
  /** A private link that is unknown, revoked, expired or whose publication is in the Papelera. */
  | { kind: 'missing' }
  | { kind: 'failed' };

/** How long /vista-previa waits for its admin tab before saying there is nothing to show. */
const OPENER_WAIT_MS = 4000;

/** The record the unsaved preview shows, from its address: /vista-previa#publicacion-12. */
export const keyFromHash = (hash: string): string => decodeURIComponent(hash.replace(/^#/, ''));

/** Whether this document is the phone-wide frame a preview page embeds. */
export const isEmbedded = (): boolean => typeof window !== 'undefined' && window.parent !== window;

/**
 * The state another window of this origin posts for `key`: the admin tab that
 * opened this one (`from` = window.opener) or the preview page embedding this
 * frame (`from` = window.parent). This document says it is ready, then takes
 * every payload that window sends for `key`, so changes typed in the form
 * arrive while the preview is open. `giveUpAfter` ends the wait with
 * 'unavailable' when nothing answers.
 */
export function usePostedPreview(key: string, from: Window | null, giveUpAfter?: number): PreviewState {
  const [state, setState] = useState<PreviewState>(() => (from && key ? { kind: 'waiting' } : { kind: 'unavailable' }));
  useEffect(() => {
    if (!from || !key) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== from) return;
      const message = readPreviewMessage(event);
      // Whatever that window sends is this preview's: a new publication keeps its preview once 'Guardar y continuar' gives it an id.
      if (message?.type === DATA) setState({ kind: 'ready', payload: message.payload });
    };
    window.addEventListener('message', onMessage);
    postPreviewMessage(from, { type: READY, key });
    const timer =
      giveUpAfter === undefined
        ? undefined
        : setTimeout(() => setState((now) => (now.kind === 'waiting' ? { kind: 'unavailable' } : now)), giveUpAfter);
    return () => {
      window.removeEventListener('message', onMessage);
      if (timer) clearTimeout(timer);
    };
  }, [key, from, giveUpAfter]);
  return state;
}

/** The unsaved state, from the admin tab that opened this one. */
export const useOpenerPreview = (key: string) =>
  usePostedPreview(key, typeof window === 'undefined' ? null : (window.opener as Window | null), OPENER_WAIT_MS);

/** A private link's answer as the preview draws it. */
export function linkPayload(answer: PreviewLinkAnswer): PreviewPayload {
  const publication: PublicPublication = answer.publication;
  return {
    publication: {
      id: publication.id,
      title: publication.title,
      section_slug: publication.section_slug,
      section_title: publication.section_title,
      publish_date: publication.publish_date,
      featured_image: publication.featured_image,
      layout: publication.layout,
      event: publication.event,
    },
    image: null,
    shown_status: answer.shown_status,
    scheduled_for: answer.shown_status === 'scheduled' ? publication.publish_date : null,
  };
}

/**
 * Sends the state shown here to the phone-wide frame: when it says it is
 * ready, and again on every change.
 */
export function useFeedFrame(frame: HTMLIFrameElement | null, key: string, payload: PreviewPayload | null): void {
  useEffect(() => {
    const target = frame?.contentWindow;
    if (!target || !payload) return;
    const send = () => postPreviewMessage(target, { type: DATA, key, payload });
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target) return;
      const message = readPreviewMessage(event);
      if (message?.type === READY && message.key === key) send();
    };
    window.addEventListener('message', onMessage);
    send();
    return () => window.removeEventListener('message', onMessage);
  }, [frame, key, payload]);
}
