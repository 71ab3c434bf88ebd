import { BULK_MAX_ITEMS } from './limits';

/**
 * Bulk actions on publications (the list's selection): one request, each
 * item checked and written as a single edit would be, one activity entry
 * listing the items (docs/decisions/180-bulk-actions.md). What the browser and
 * the server share: the actions, the limit's rule and its words.
 */

/**
 * What a bulk action does to each item. `revert` gives each item back the
 * status and section it had (the 'Deshacer' of publish, draft, archive and
 * move); `restore` brings trash entries back (the 'Deshacer' of trash).
 */
export const BULK_ACTIONS = ['publish', 'draft', 'archive', 'move', 'trash', 'revert', 'restore'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Why an item was left as it was. */
export const BULK_REFUSALS = ['stale', 'gone', 'forbidden', 'invalid'] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

/** The activity log's action for each bulk action: the one entry that lists its items. */
export const BULK_ACTIVITY_ACTIONS = {
  publish: 'bulk_publish',
  draft: 'bulk_draft',
  archive: 'bulk_archive',
  move: 'bulk_move',
  trash: 'bulk_trash',
  revert: 'bulk_revert',
  restore: 'bulk_restore',
} as const satisfies Record<BulkAction, string>;

/** 'n publicaciones', 'una publicación'. */
export const publicationCount = (n: number): string => (n === 1 ? '1 publicación' : `${n} publicaciones`);

export const bulkMessages = {
  tooMany: `Seleccione como máximo ${BULK_MAX_ITEMS} publicaciones`,
  /** An action that needs a section ('move') without one. */
  sectionRequired: 'Elija la sección.',
  /** An item given twice in one request. */
  repeated: 'Cada publicación puede aparecer una sola vez.',
  /** An edit without the version the person saw: a bulk action always says which one. */
  versionRequired: 'Indique la versión de cada publicación.',
  selected: (n: number): string => (n === 1 ? '1 publicación seleccionada' : `${n} publicaciones seleccionadas`),
} as const;

/** The rule of a selection's size, for the action bar and the server alike: the message, or null when it may be sent. */
export function bulkSizeProblem(count: number): string | null {
  return count > BULK_MAX_ITEMS ? bulkMessages.tooMany : null;
}
