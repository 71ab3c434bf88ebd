import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { bulkMessages, publicationCount } from '@/domain/bulk';
import type { Section } from '@/domain/entities';
import { focusIsOutside } from '../kit/focus-targets';

export interface BulkMoveDialogProps {
  open: boolean;
  count: number;
  sections: readonly Section[];
  onConfirm: (section: Section) => void;
  onCancel: () => void;
}

/**
 * 'Mover a sección…': the question names the count, the section is chosen
 * in the dialog. A native modal <dialog> like the kit's ConfirmDialog: the
 * page is inert, Escape cancels, and the focus goes back to the button that
 * opened it, unless the move has already put it on its outcome.
 */
export function BulkMoveDialog({ open, count, sections, onConfirm, onCancel }: BulkMoveDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [sectionId, setSectionId] = useState('');
  const [problem, setProblem] = useState('');
  const titleId = useId();
  const selectId = useId();
  const problemId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      select.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const onClose = () => {
    const back = opener.current;
    opener.current = null;
    const placed = dialog.current !== null && focusIsOutside(dialog.current);
    if (!placed && back?.isConnected) back.focus();
    setProblem('');
    if (open) onCancel();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const section = sections.find((candidate) => String(candidate.id) === sectionId);
    if (!section) {
      setProblem(bulkMessages.sectionRequired);
      select.current?.focus();
      return;
    }
    onConfirm(section);
  };

  return (
    <dialog ref={dialog} className="kit-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="kit-dialog-title">
          ¿Mover {publicationCount(count)} a otra sección?
        </h2>
        <div className="kit-field">
          <label htmlFor={selectId} className="kit-label">
            Sección de destino
          </label>
          <select
            id={selectId}
            ref={select}
            className="kit-input"
            value={sectionId}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              setSectionId(event.target.value);
              setProblem('');
            }}
          >
            <option value="">Elija una sección</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.title}
              </option>
            ))}
          </select>
          {problem && (
            <p id={problemId} className="kit-field-error">
              {problem}
            </p>
          )}
        </div>
        <div className="kit-dialog-actions">
          <button type="button" className="kit-button kit-button-secondary" onClick={onCancel}>
            Cancelar
          </button>
          <button type="submit" className="kit-button kit-button-primary">
            Mover
          </button>
        </div>
      </form>
    </dialog>
  );
}
