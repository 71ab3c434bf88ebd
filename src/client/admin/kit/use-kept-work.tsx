import type { ContentKind } from '@/domain/content-kinds';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useStore } from 'react-redux';
import { useBlocker } from 'react-router';
import type { RootState } from '@/client/app/store';
import { keepImage } from '@/client/api/image-change';
import { isRecord } from '@/domain/guards';
import { draftKey, readDraft, registerPendingWriter, removeDraft, writeDraft, type Draft } from './draft-store';

/** How long after the last change the draft is written: typing stays smooth, a crash loses under a second. */
const WRITE_DELAY_MS = 400;

/** What a form keeps outside its fields (the publication's layout), for the draft and the dirty check. */
export interface KeptExtra {
  read: () => unknown;
  /** Calls `onChange` whenever it changes; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  restore: (value: unknown) => void;
  /** Its value in the record as loaded, to tell whether it changed. */
  initial: unknown;
}

export interface KeptWorkOptions<V extends FieldValues> {
  kind: ContentKind;
  /** The record as loaded (or as reloaded after a stale save); none for a new one. */
  record?: { id: number; version: number };
  form: UseFormReturn<V>;
  extra?: KeptExtra;
  /** Says, next to a field whose chosen file a draft could not keep, to choose it again. */
  lostFileMessage: string;
}

const isChosenFile = (value: unknown): boolean => isRecord(value) && value.kind === 'replace';

/** The form's values as JSON can keep them: a chosen file goes back to 'keep', and its field is listed. */
function keepable(values: Record<string, unknown>): Pick<Draft, 'values' | 'lostFiles'> {
  const lostFiles = Object.keys(values).filter((field) => isChosenFile(values[field]));
  return { values: { ...values, ...Object.fromEntries(lostFiles.map((field) => [field, keepImage])) }, lostFiles };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps an admin form's unsaved work, so that nothing an editor types is lost (docs/decisions/110):
 *
 * - a draft in this browser, written a moment after each change and at once
 *   when the form goes away (a lost session, another page) or the tab is
 *   hidden; removed when the work is saved or undone by hand;
 * - on opening, a draft left before is offered back ('Recuperar borrador' /
 *   'Descartar'); nothing is written over it until the administrator chooses;
 * - leaving with unsaved changes asks first: the app's dialog for its own
 *   links and the back button, the browser's prompt for reloading or closing.
 *   A session that ends never asks: the draft is written and the sign-in
 *   screen follows.
 *
 * Call `saved()` once the server has the work, before navigating away, or
 * `saved({ staying: true })` when the form stays open on the saved version.
 */
export function useKeptWork<V extends FieldValues>({ kind, record, form, extra, lostFileMessage }: KeptWorkOptions<V>) {
  const store = useStore<RootState>();
  const username = store.getState().session.user?.username ?? '';
  const key = draftKey(username, kind, record?.id);
  const [offer, setOffer] = useState<Draft | null>(() => readDraft(key));
  const { isDirty } = form.formState;

  // The latest of everything the callbacks below read, without re-subscribing on every render.
  const latest = useRef({ key, offer, isDirty, extra, record, form });
  useLayoutEffect(() => {
    latest.current = { key, offer, isDirty, extra, record, form };
  });
  const savedRef = useRef(false);

  const hasChanges = useCallback(() => {
    const { isDirty: formDirty, extra: kept } = latest.current;
    return formDirty || (kept !== undefined && !same(kept.read(), kept.initial));
  }, []);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const writeNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = latest.current;
    // Until the administrator answers the offer, the draft it offers stays as it is.
    if (savedRef.current || current.offer) return;
    if (!hasChanges()) {
      removeDraft(current.key);
      return;
    }
    writeDraft(current.key, {
      savedAt: new Date().toISOString(),
      ...keepable(current.form.getValues()),
      ...(current.extra ? { extra: current.extra.read() } : {}),
      ...(current.record ? { baseVersion: current.record.version } : {}),
    });
  }, [hasChanges]);
  const writeSoon = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(writeNow, WRITE_DELAY_MS);
  }, [writeNow]);
  const writePending = useCallback(() => {
    if (timer.current) writeNow();
  }, [writeNow]);

  useEffect(() => {
    const fields = form.watch(() => writeSoon());
    const stopExtra = extra?.subscribe(writeSoon);
    const stopRegistration = registerPendingWriter(writePending);
    const onHide = () => writePending();
    window.addEventListener('pagehide', onHide);
    return () => {
      fields.unsubscribe();
      stopExtra?.();
      stopRegistration();
      window.removeEventListener('pagehide', onHide);
      // The form goes away (another page, a lost session): what is pending is written now.
      writePending();
    };
    // `extra` is a new object on every render; its subscription is the same store's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, writeSoon, writePending]);

  const signedIn = () => store.getState().session.user !== null;
  const mustAsk = () => !savedRef.current && signedIn() && hasChanges();

  // Reloading or closing the tab: the browser's own prompt (the draft is written first anyway).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!mustAsk()) return;
      writeNow();
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  });

  // A link inside the admin, or the back button: the app's dialog.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && mustAsk());

  const recover = () => {
    const draft = latest.current.offer;
    if (!draft) return;
    form.reset(draft.values as V, { keepDefaultValues: true });
    if (draft.extra !== undefined) extra?.restore(draft.extra);
    for (const field of draft.lostFiles) form.setError(field as Path<V>, { type: 'draft', message: lostFileMessage });
    latest.current.offer = null;
    setOffer(null);
  };

  const discard = () => {
    removeDraft(latest.current.key);
    latest.current.offer = null;
    setOffer(null);
    // What was typed while the offer was shown becomes the draft.
    writeSoon();
  };

  return {
    /** A draft left before, offered back until the administrator chooses. */
    offer: offer && {
      draft: offer,
      changedSince: record !== undefined && offer.baseVersion !== undefined && offer.baseVersion !== record.version,
      recover,
      discard,
    },
    /** The navigation held back while the administrator decides. */
    leaving: blocker.state === 'blocked' ? { stay: () => blocker.reset(), leave: () => blocker.proceed() } : null,
    /**
     * The server has the work: no draft, no question on leaving. `staying`: the
     * form stays open on the saved version, and what is typed next is kept again.
     */
    saved: ({ staying = false }: { staying?: boolean } = {}) => {
      savedRef.current = !staying;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      removeDraft(latest.current.key);
    },
  };
}

export type KeptWork = ReturnType<typeof useKeptWork>;
