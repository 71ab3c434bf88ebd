import { useId, useRef, useState, type FormEvent } from 'react';
import { bulkMessages, publicationCount } from '@/domain/bulk';
import type { Section } from '@/domain/entities';
import { useModalDialog } from '../kit/use-modal-dialog';

export interface BulkMoveDialogProps {
  open: boolean;
  count: number;
  sections: readonly Section[];
  onConfirm: (section: Section) => void;
  onCancel: () => void;
}

/**
 * 'Mover a sección…': the question names the count, the section is chosen
 * in the dialog (kit/use-modal-dialog.ts: the page is inert, Escape cancels,
 * and the focus goes back to the button that opened it, unless the move has
 * already put it on its outcome).
 */
export function BulkMoveDialog({ open, count, sections, onConfirm, onCancel }: BulkMoveDialogProps) {
  const select = useRef<HTMLSelectElement>(null);
  const [sectionId, setSectionId] = useState('');
  const [problem, setProblem] = useState('');
  const titleId = useId();
  const selectId = useId();
  const problemId = useId();
  const { dialog, onClose: closeModal } = useModalDialog(open, onCancel, select);

  const onClose = () => {
    setProblem('');
    closeModal();
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
