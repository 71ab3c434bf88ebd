import type { Layout } from '@/domain/entities';
import { isUntyped } from '@/domain/layout';

/**
 * Undo and redo of everything done to the layout: its structure (rows and
 * cells added, removed, moved, resized, retyped, duplicated) and what its
 * cells hold (text, image, alternative text, video address).
 *
 * Design: two bounded stacks of whole-layout snapshots. A change pushes the
 * layout as it was onto `past` and empties `future`; undo pushes the layout as
 * it is onto `future` and brings back the top of `past` (redo the other way
 * round). Snapshots are cheap: the domain's layout functions share every row
 * and cell they do not change, so a step back re-renders only what it changes.
 *
 * Typing is coalesced: keystrokes in the same field of the same cell make one
 * step until the person pauses for TYPING_PAUSE_MS, moves to another field, or
 * does anything else (a structural change, an undo). One undo then takes back
 * a phrase, not a letter, and never half of two fields at once. (Inside an
 * open text cell Ctrl+Z is TinyMCE's, letter by letter; 'Deshacer' and Ctrl+Z
 * outside it take back whole steps.)
 */
export interface LayoutHistory {
  past: HistoryStep[];
  future: HistoryStep[];
  /** The typing the last step is made of, while more keystrokes may still join it. */
  typing: Typing | null;
}

/** A layout to go back (or forward) to, and what the step did, in Spanish ("añadir fila"), to tell it. */
export interface HistoryStep {
  layout: Layout;
  change: string;
}

/** Where and when the last keystroke of a step went. */
export interface Typing {
  cellId: string;
  field: 'content' | 'alt' | 'title';
  /** Milliseconds (Date.now()) of the keystroke. */
  at: number;
}

/** How many steps can be undone; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

/** A pause in typing this long (ms) ends a step: the next keystroke starts another. */
export const TYPING_PAUSE_MS = 1000;

export const emptyHistory = (): LayoutHistory => ({ past: [], future: [], typing: null });

const keepLast = (steps: HistoryStep[]): HistoryStep[] =>
  steps.length > HISTORY_LIMIT ? steps.slice(steps.length - HISTORY_LIMIT) : steps;

/** After a change from `before`: one more step to undo, nothing left to redo. */
export function recordStep(history: LayoutHistory, before: Layout, change: string): LayoutHistory {
  return { past: keepLast([...history.past, { layout: before, change }]), future: [], typing: null };
}

/**
 * After a keystroke from `before`: it joins the step of the keystrokes just
 * before it in the same field, or starts a new step.
 */
export function recordTyping(history: LayoutHistory, before: Layout, change: string, typing: Typing): LayoutHistory {
  const open = history.typing;
  const joins =
    open !== null &&
    history.past.length > 0 &&
    open.cellId === typing.cellId &&
    open.field === typing.field &&
    typing.at - open.at < TYPING_PAUSE_MS;
  if (joins) return { ...history, typing };
  return { ...recordStep(history, before, change), typing };
}

/** A layout's structure only, as text: row ids and, per cell, id, type (null until chosen) and span. */
const structureOf = (layout: Layout): string =>
  JSON.stringify(
    layout.map((row) => [row.id, row.cells.map((cell) => [cell.id, isUntyped(cell) ? null : cell.type, cell.columnSpan ?? null])]),
  );

/** Whether a structural change left the structure as it was (a row moved onto its own place, a type chosen again): then it is no step. */
export const sameStructure = (a: Layout, b: Layout): boolean => a === b || structureOf(a) === structureOf(b);

export type HistoryDirection = 'undo' | 'redo';

/**
 * One step back (undo) or forward (redo) from `now`: the layout to show, the
 * history after it and what the step did; null when there is nothing that way.
 */
export function travel(
  history: LayoutHistory,
  now: Layout,
  direction: HistoryDirection,
): { rows: Layout; history: LayoutHistory; change: string } | null {
  const from = direction === 'undo' ? history.past : history.future;
  const to = direction === 'undo' ? history.future : history.past;
  const step = from.at(-1);
  if (!step) return null;
  const rest = from.slice(0, -1);
  const other = keepLast([...to, { layout: now, change: step.change }]);
  return {
    rows: step.layout,
    history: direction === 'undo' ? { past: rest, future: other, typing: null } : { past: other, future: rest, typing: null },
    change: step.change,
  };
}
