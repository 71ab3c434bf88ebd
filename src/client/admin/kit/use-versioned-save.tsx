import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { staleSaveOf } from '@/client/api/versioned';
import type { EditConflict } from '@/domain/entities';
import { messages } from '@/domain/messages';
import type { DraftKind } from '../drafts/draft-store';
import { useKeptWork, type KeptExtra } from '../drafts/use-kept-work';
import { FormAlert } from './form-alert';
import { applyServerErrors } from './server-errors';
import { StaleSaveChoices } from './stale-save-choices';

/** What the form's error box shows: one message, lines no field shows, and a stale save's choices. */
export interface SaveFailure<T> {
  message: string;
  details: string[];
  stale?: EditConflict<T>;
}

type SaveResult<T> = { data: T } | { error: unknown };

export interface VersionedSaveOptions<T extends { version: number }, V extends FieldValues> {
  form: UseFormReturn<V>;
  /** The record being edited as it was loaded; none for a new one. */
  record?: T;
  /** The fields the form shows, where the server's field errors go. */
  fields: readonly Path<V>[];
  /** requirements §8's message for a failed save, e.g. 'Error al guardar la sección'. */
  failedMessage: string;
  /** Creates (no base) or updates the base record, sending back its `version`. */
  send: (values: V, base: T | undefined) => Promise<SaveResult<T>>;
  onSaved: (saved: T, values: V) => void;
  /** The form's values for a record, to load the saved version after a stale save. */
  valuesOf: (record: T) => V;
  /** Whatever else the form keeps outside react-hook-form (the layout editor) follows a reload. */
  onReloaded?: (record: T) => void;
  /** Unsaved work is kept as a draft of this kind, with what the form keeps outside its fields (useKeptWork). */
  draft: { kind: DraftKind; extra?: KeptExtra };
}

/** A server answer that is just a string (requirements §8: shown as it is). */
const plainAnswer = (error: unknown): string | null => {
  const data = (error as { data?: unknown } | undefined)?.data;
  return typeof data === 'string' && data.trim() !== '' ? data.trim() : null;
};

/**
 * Saving a record that carries a `version` (requirements §10.6), the same way in
 * every admin form: the error box gets focus when it appears, the server's field
 * errors go next to their fields, and when someone else saved first (409) what
 * was typed stays while the administrator chooses to load the saved version or to
 * save over it knowingly. Until then the work is kept as a draft (useKeptWork).
 * Render `<KeptWorkNotices work={saver.work} />` above the form and
 * `<SaveFailureAlert save={…} />` inside it.
 */
export function useVersionedSave<T extends { id: number; version: number }, V extends FieldValues>(options: VersionedSaveOptions<T, V>) {
  const { form, record, fields, failedMessage, send, onSaved, valuesOf, onReloaded, draft } = options;
  const [base, setBase] = useState(record);
  const [failure, setFailure] = useState<SaveFailure<T> | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // Until the server has it, what is typed is kept as a draft, and leaving asks first (issue 12).
  const work = useKeptWork({ kind: draft.kind, record: base, form, extra: draft.extra, lostFileMessage: messages.chooseImageAgain });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const save = async (values: V, over?: T) => {
    setFailure(null);
    const result = await send(values, over ?? base);
    if ('data' in result) {
      work.saved();
      onSaved(result.data, values);
      return;
    }
    const stale = staleSaveOf<T>(result.error);
    if (stale) {
      setFailure({ message: failedMessage, details: [], stale });
      return;
    }
    const plain = plainAnswer(result.error);
    const { unplaced } = applyServerErrors(result.error, form.setError, fields);
    setFailure({ message: failedMessage, details: plain ? [plain, ...unplaced] : unplaced });
  };

  const reload = (current: T) => {
    setBase(current);
    form.reset(valuesOf(current));
    onReloaded?.(current);
    setFailure(null);
  };

  const overwrite = (current: T) => {
    setBase(current);
    void save(form.getValues(), current);
  };

  return { base, failure, setFailure, save, reload, overwrite, alertRef, work };
}

export type VersionedSave<T extends { id: number; version: number }> = Pick<
  ReturnType<typeof useVersionedSave<T, FieldValues>>,
  'failure' | 'reload' | 'overwrite' | 'alertRef'
>;

/** The form's error box for a useVersionedSave, with the choices after a stale save. */
export function SaveFailureAlert<T extends { id: number; version: number }>({ save, busy }: { save: VersionedSave<T>; busy: boolean }) {
  const { failure, reload, overwrite, alertRef } = save;
  if (!failure) return null;
  const stale = failure.stale;
  return (
    <FormAlert ref={alertRef} message={failure.message} details={failure.details}>
      {stale && <StaleSaveChoices detail={stale.detail} busy={busy} onReload={() => reload(stale.current)} onOverwrite={() => overwrite(stale.current)} />}
    </FormAlert>
  );
}
