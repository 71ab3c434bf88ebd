import type { ContentKind } from '@/domain/content-kinds';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { newSaveKey } from '@/client/api/save-key';
import { staleSaveOf } from '@/client/api/versioned';
import type { EditConflict } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { useKeptWork, type KeptExtra } from './use-kept-work';
import { FormAlert } from './form-alert';
import { useNotices } from './notices';
import { applyServerErrors } from './server-errors';
import { StaleSaveChoices } from './stale-save-choices';
import { isRecord } from '@/domain/guards';

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
  /**
   * Creates (no base) or updates the base record, sending back its `version`
   * and `saveKey`, the attempt's Idempotency-Key (docs/decisions/145).
   */
  send: (values: V, base: T | undefined, saveKey: string) => Promise<SaveResult<T>>;
  /** After 'Guardar': the page goes back to its list. */
  onSaved: (saved: T, values: V) => void;
  /** The edit page of a record, where 'Guardar y seguir editando' goes after creating one. */
  editHref: (saved: T) => string;
  /** The form's values for a record, to load the saved version after a stale save. */
  valuesOf: (record: T) => V;
  /** Whatever else the form keeps outside react-hook-form (the layout editor) follows a reload, or a save that stays. */
  onReloaded?: (record: T) => void;
  /** Unsaved work is kept as a draft of this kind, with what the form keeps outside its fields (useKeptWork). */
  draft: { kind: ContentKind; extra?: KeptExtra };
}

/** A server answer that is just a string (requirements §8: shown as it is). */
const plainAnswer = (error: unknown): string | null => {
  const data = isRecord(error) ? error.data : undefined;
  return typeof data === 'string' && data.trim() !== '' ? data.trim() : null;
};

/** How a save ends: back to the list ('Guardar'), or on the saved version ('Guardar y seguir editando', Ctrl+S). */
export interface SaveOptions<T> {
  /** Saves over this version instead of the base (after a stale save, knowingly). */
  over?: T;
  stay?: boolean;
}

/** The notice of a save that keeps the form open. */
export const CHANGES_SAVED = 'Cambios guardados.';

/**
 * Saving a record that carries a `version` (requirements §10.6), the same way in
 * every admin form: the error box gets focus when it appears, the server's field
 * errors go next to their fields, and when someone else saved first (409) what
 * was typed stays while the administrator chooses to load the saved version or to
 * save over it knowingly. Until then the work is kept as a draft (useKeptWork).
 * Render `<KeptWorkNotices work={saver.work} />` above the form and
 * `<SaveFailureAlert save={…} />` inside it.
 *
 * One save at a time (docs/decisions/145): while one is in flight (`saving`)
 * another is ignored, however fast the second click, Enter or Ctrl+S comes,
 * and each attempt carries a key of its own that the server recognises if the
 * request reaches it twice. With `stay`, the form stays open on the saved
 * version (its new `version`, nothing left dirty) and 'Cambios guardados.' is
 * announced; a new record opens on its edit page.
 */
export function useVersionedSave<T extends { id: number; version: number }, V extends FieldValues>(options: VersionedSaveOptions<T, V>) {
  const { form, record, fields, failedMessage, send, onSaved, editHref, valuesOf, onReloaded, draft } = options;
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [base, setBase] = useState(record);
  const [failure, setFailure] = useState<SaveFailure<T> | null>(null);
  const [saving, setSaving] = useState(false);
  // Set at once, before React renders the disabled button: a second submit in the same moment sees it.
  const inFlight = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  // Until the server has it, what is typed is kept as a draft, and leaving asks first: a lost session, a closed
  // tab or a wrong click must never cost an editor their work (docs/decisions/110).
  const work = useKeptWork({ kind: draft.kind, record: base, form, extra: draft.extra, lostFileMessage: messages.chooseImageAgain });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const load = (current: T) => {
    setBase(current);
    form.reset(valuesOf(current));
    onReloaded?.(current);
  };

  const save = async (values: V, { over, stay = false }: SaveOptions<T> = {}) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    setFailure(null);
    let result: SaveResult<T>;
    try {
      result = await send(values, over ?? base, newSaveKey());
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
    if ('data' in result) {
      const saved = result.data;
      if (!stay) {
        work.saved();
        onSaved(saved, values);
      } else if (base) {
        work.saved({ staying: true });
        load(saved);
        notify(CHANGES_SAVED);
      } else {
        work.saved();
        notify(CHANGES_SAVED);
        void navigate(editHref(saved), { replace: true });
      }
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
    load(current);
    setFailure(null);
  };

  const overwrite = (current: T) => {
    if (inFlight.current) return;
    setBase(current);
    void save(form.getValues(), { over: current });
  };

  return { base, failure, setFailure, save, saving, reload, overwrite, alertRef, work };
}

export type VersionedSave<T extends { id: number; version: number }> = Pick<
  ReturnType<typeof useVersionedSave<T, FieldValues>>,
  'failure' | 'reload' | 'overwrite' | 'alertRef'
>;

/** The form's error box for a useVersionedSave, with the choices after a stale save. */
export function SaveFailureAlert<T extends { id: number; version: number }>({
  save,
  busy,
  children,
}: {
  save: VersionedSave<T>;
  busy: boolean;
  children?: ReactNode;
}) {
  const { failure, reload, overwrite, alertRef } = save;
  if (!failure) return null;
  const stale = failure.stale;
  return (
    <FormAlert ref={alertRef} message={failure.message} details={failure.details}>
      {/* What the form lists in its own way, e.g. the layout's errors as links to their cells. */}
      {children}
      {stale && (
        <StaleSaveChoices
          detail={stale.detail}
          busy={busy}
          onReload={() => reload(stale.current)}
          onOverwrite={() => overwrite(stale.current)}
        />
      )}
    </FormAlert>
  );
}
