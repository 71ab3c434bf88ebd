import { useEffect, useId, useRef, useState } from 'react';
import { useRunBulkActionMutation } from '@/client/api/bulk';
import { bulkMessages, bulkSizeProblem, publicationCount, type BulkAction } from '@/domain/bulk';
import type { Section } from '@/domain/entities';
import type { BulkAnswer, BulkBody } from '@/domain/schemas/bulk';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { useNotices } from '../kit/notices';
import { readApiFailure } from '../kit/server-errors';
import { BulkMoveDialog } from './bulk-move-dialog';
import type { BulkSelection, SelectedPublication } from './use-bulk-selection';

/** The actions the bar offers; 'revert' and 'restore' are their 'Deshacer'. */
type BarAction = Exclude<BulkAction, 'revert' | 'restore'>;

const BUTTONS: readonly { action: BarAction; label: string }[] = [
  { action: 'publish', label: 'Publicar' },
  { action: 'draft', label: 'Pasar a borrador' },
  { action: 'archive', label: 'Archivar' },
  { action: 'move', label: 'Mover a sección…' },
  { action: 'trash', label: 'Enviar a la papelera' },
];

/** The confirmation of each action but the move (its own dialog): the question names the count. */
const CONFIRMATIONS: Record<Exclude<BarAction, 'move'>, { question: (n: number) => string; confirm: string; note: string }> = {
  publish: {
    question: (n) => `¿Publicar ${publicationCount(n)}?`,
    confirm: 'Publicar',
    note: 'Cada una conserva su fecha: con una fecha futura quedará programada; sin fecha, tomará la de hoy.',
  },
  draft: {
    question: (n) => `¿Pasar a borrador ${publicationCount(n)}?`,
    confirm: 'Pasar a borrador',
    note: 'Dejarán de verse en el sitio público.',
  },
  archive: {
    question: (n) => `¿Archivar ${publicationCount(n)}?`,
    confirm: 'Archivar',
    note: 'Dejarán de verse en el sitio público.',
  },
  trash: {
    question: (n) => `¿Enviar a la papelera ${publicationCount(n)}?`,
    confirm: 'Enviar a la papelera',
    note: 'Irán a la Papelera; desde allí podrá restaurarlas.',
  },
};

const agreeing = (n: number, one: string, many: string) => `${publicationCount(n)} ${n === 1 ? one : many}`;

/** What was done, in the notice and the outcome: '3 publicaciones archivadas'. */
function doneMessage(action: BulkAction, n: number, sectionTitle?: string): string {
  switch (action) {
    case 'publish':
      return agreeing(n, 'publicada', 'publicadas');
    case 'draft':
      return agreeing(n, 'pasada a borrador', 'pasadas a borrador');
    case 'archive':
      return agreeing(n, 'archivada', 'archivadas');
    case 'move':
      return agreeing(n, `movida a «${sectionTitle}»`, `movidas a «${sectionTitle}»`);
    case 'trash':
      return agreeing(n, 'enviada a la papelera', 'enviadas a la papelera');
    case 'revert':
      return `Deshecho: ${agreeing(n, 'vuelve', 'vuelven')} a su estado y su sección anteriores`;
    case 'restore':
      return `Deshecho: ${agreeing(n, 'restaurada', 'restauradas')} desde la papelera`;
  }
}

const REASONS = {
  stale: 'otra persona la cambió mientras tanto',
  gone: 'ya no existe o está en la papelera',
  forbidden: 'su rol no lo permite',
} as const;

/** The outcome shown under the list until the next action: what changed, and each refused item by title. */
interface Outcome {
  done: string;
  refused: { id: number; title: string; why: string }[];
}

/** How long 'Deshacer' is offered. */
const UNDO_MS = 10_000;

/** The answer as the outcome: titles from the server, or as they were chosen when the server no longer knows them. */
function outcomeOf(answer: BulkAnswer, done: string, chosen: readonly SelectedPublication[]): Outcome {
  const titles = new Map(chosen.map((item) => [item.id, item.title]));
  return {
    done,
    refused: answer.refused.map((item) => ({
      id: item.id,
      title: item.title || titles.get(item.id) || `n.º ${item.id}`,
      why: item.reason === 'invalid' ? item.detail : REASONS[item.reason],
    })),
  };
}

/** The request that gives each changed item back what it had: its status and section, or its place out of the trash. */
function undoOf(answer: BulkAnswer): BulkBody | null {
  if (answer.changed.length === 0) return null;
  if (answer.action === 'trash') {
    const entries = answer.changed.flatMap((item) => (item.trash_entry_id === null ? [] : [{ id: item.trash_entry_id }]));
    return entries.length > 0 ? { action: 'restore', items: entries } : null;
  }
  if (answer.action === 'revert' || answer.action === 'restore') return null;
  return {
    action: 'revert',
    items: answer.changed.flatMap((item) =>
      item.previous && item.version !== null
        ? [{ id: item.id, version: item.version, status: item.previous.status, section_id: item.previous.section_id }]
        : [],
    ),
  };
}

/** 'Seleccionar todas las de esta página' and the count, announced as it changes; above the list. */
export function BulkSelectAll({ selection }: { selection: BulkSelection }) {
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.pageState === 'some';
  }, [selection.pageState]);
  return (
    <div className="bulk-select-all">
      <span className="bulk-select-all-field">
        <input
          ref={box}
          id={id}
          type="checkbox"
          className="kit-checkbox"
          checked={selection.pageState === 'all'}
          onChange={(event) => selection.selectPage(event.target.checked)}
        />
        <label htmlFor={id}>Seleccionar todas las de esta página</label>
      </span>
      <p className="bulk-count" aria-live="polite">
        {selection.count > 0 ? bulkMessages.selected(selection.count) : ''}
      </p>
    </div>
  );
}

/** A row's checkbox, named by the publication's title. */
export function BulkRowCheckbox({ title, checked, onChange }: { title: string; checked: boolean; onChange: () => void }) {
  return <input type="checkbox" className="kit-checkbox" checked={checked} onChange={onChange} aria-label={`Seleccionar «${title}»`} />;
}

export interface BulkActionBarProps {
  selection: BulkSelection;
  sections: readonly Section[];
}

/**
 * The bulk actions under the list: the outcome of the last one (each
 * refused item by title), and, while publications are chosen, the bar of
 * actions, which stays at the bottom of the screen. Each action asks first,
 * naming the count; a selection over the limit is refused here, before
 * anything is sent. After an action that can be undone, the notice offers
 * 'Deshacer' for ten seconds: each item gets back its own previous values.
 */
export function BulkActionBar({ selection, sections }: BulkActionBarProps) {
  const { notify } = useNotices();
  const [runBulkAction, { isLoading: busy }] = useRunBulkActionMutation();
  const [pending, setPending] = useState<BarAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  const tooMany = bulkSizeProblem(selection.count);
  const { count, items } = selection;

  useEffect(() => {
    if (!outcome || !focusOutcome.current) return;
    focusOutcome.current = false;
    outcomeBox.current?.focus();
  }, [outcome]);

  /** Sends one action and tells its outcome; when it can be undone, the notice offers 'Deshacer'. */
  const send = async (body: BulkBody, chosen: readonly SelectedPublication[], sectionTitle?: string) => {
    const result = await runBulkAction(body);
    if ('error' in result) {
      const failure = readApiFailure(result.error);
      notify(failure.detail ?? Object.values(failure.fieldErrors)[0] ?? 'No se pudo aplicar la acción. Inténtelo de nuevo.', 'error');
      return;
    }
    const answer = result.data;
    const done = doneMessage(answer.action, answer.changed.length, sectionTitle);
    focusOutcome.current = true;
    setOutcome(outcomeOf(answer, done, chosen));
    const undo = undoOf(answer);
    if (answer.changed.length === 0) return;
    if (!undo) {
      notify(done);
      return;
    }
    const undone = answer.changed.map((item) => ({ id: item.id, title: item.title, version: item.version ?? 0 }));
    notify(done, 'success', {
      durationMs: UNDO_MS,
      action: { label: 'Deshacer', onAction: () => void send(undo, undone) },
    });
  };

  const run = async (action: BarAction, section?: Section) => {
    setPending(null);
    if (tooMany || count === 0) return;
    const chosen = items;
    const body: BulkBody = {
      action,
      ...(section && { section_id: section.id }),
      items: chosen.map((item) => ({ id: item.id, version: item.version })),
    };
    await send(body, chosen, section?.title);
    selection.clear();
  };

  const confirmation = pending && pending !== 'move' ? CONFIRMATIONS[pending] : null;
  return (
    <>
      {outcome && (
        <div ref={outcomeBox} className="bulk-outcome admin-card" tabIndex={-1} role="status">
          <p className="bulk-outcome-done">{outcome.done}.</p>
          {outcome.refused.length > 0 && (
            <>
              <p>
                {outcome.refused.length === 1
                  ? 'Esta publicación se quedó como estaba:'
                  : `Estas ${outcome.refused.length} publicaciones se quedaron como estaban:`}
              </p>
              <ul className="bulk-refused">
                {outcome.refused.map((item) => (
                  <li key={item.id}>
                    «{item.title}»: {item.why}.
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="button" className="kit-button kit-button-secondary kit-button-small" onClick={() => setOutcome(null)}>
            Cerrar
          </button>
        </div>
      )}
      {count > 0 && (
        <section className="bulk-bar" aria-label="Acciones en lote">
          <p className="bulk-bar-count">{bulkMessages.selected(count)}</p>
          {tooMany && (
            <p className="bulk-bar-problem" role="alert">
              {tooMany}
            </p>
          )}
          <div className="bulk-bar-actions">
            {BUTTONS.map(({ action, label }) => (
              <button
                key={action}
                type="button"
                className={`kit-button kit-button-small ${action === 'trash' ? 'kit-button-danger' : 'kit-button-secondary'}`}
                disabled={busy || tooMany !== null}
                onClick={() => setPending(action)}
              >
                {label}
              </button>
            ))}
            <button type="button" className="kit-button kit-button-small bulk-bar-clear" disabled={busy} onClick={selection.clear}>
              Quitar la selección
            </button>
          </div>
        </section>
      )}
      <ConfirmDialog
        open={confirmation !== null}
        message={confirmation?.question(count) ?? ''}
        note={confirmation?.note}
        confirmLabel={confirmation?.confirm}
        onConfirm={() => pending && void run(pending)}
        onCancel={() => setPending(null)}
      />
      <BulkMoveDialog
        open={pending === 'move'}
        count={count}
        sections={sections}
        onConfirm={(section) => void run('move', section)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
