import { CONTENT_KINDS, type ContentKind, type KindMap } from './content-kinds';
import {
  PUBLICATION_STATUSES,
  type Biography,
  type Layout,
  type LayoutCell,
  type Publication,
  type PublicationStatus,
  type Section,
} from './entities';
import { isOneOf } from './guards';
import type { MediaItem } from './schemas/media';
import { LIST_ORDER_LABELS } from './list-order';

/**
 * The history of content ('Historial') and the activity log ('Actividad'):
 * what both halves share (docs/decisions/132-revisions-and-activity-log.md and
 * 221-the-activity-log.md).
 * The change summary is written here, once, in Spanish: the server stores it
 * with each revision and the browser shows it as it comes.
 */

/** Revisions kept per item: always the newest this many… */
export const REVISIONS_KEPT = 50;
/** …and every one younger than this many days, however many there are. */
export const REVISIONS_KEPT_DAYS = 30;

/** What the activity log records. */
export const ACTIVITY_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_locked',
  'sign_out',
  'create',
  'update',
  'delete',
  'restore',
  'revision_restore',
  'purge',
  'reorder',
  'upload',
  // Accounts: never a password or a link, only who did what to whose account.
  'password_change',
  'account_create',
  'invitation_create',
  'account_activate',
  'account_deactivate',
  'account_reactivate',
  'role_change',
  'password_reset',
  'sessions_close',
  // A username an upgrade changed because another account had it in another case or accent form (migration 021).
  'account_rename',
  // The owner's own address ('Mi cuenta'): a new one asked for (waiting for its link), and one set or removed. Never the address.
  'email_change_request',
  'email_change',
  // Private preview links: made, revoked, first opened (never the token).
  'preview_link_create',
  'preview_link_revoke',
  'preview_link_view',
  // Every link an account made, revoked at once (its deactivation, a password reset, 'Revocar todos').
  'preview_links_revoke_all',
  // A bulk action on publications: one entry that lists its items (src/domain/bulk.ts).
  'bulk_publish',
  'bulk_draft',
  'bulk_archive',
  'bulk_move',
  'bulk_trash',
  'bulk_revert',
  'bulk_restore',
] as const;
export type ActivityActionName = (typeof ACTIVITY_ACTIONS)[number];

/** What an Editor reads in Actividad: changes of content, never sign-ins, addresses or accounts. */
export const CONTENT_ACTIVITY_ACTIONS: readonly ActivityActionName[] = [
  'create',
  'update',
  'delete',
  'restore',
  'revision_restore',
  'purge',
  'reorder',
  'upload',
  'preview_link_create',
  'preview_link_revoke',
  'preview_link_view',
  'bulk_publish',
  'bulk_draft',
  'bulk_archive',
  'bulk_move',
  'bulk_trash',
  'bulk_revert',
  'bulk_restore',
];

/** The bulk actions' entries, as the log's filter 'kind=bulk' finds them all. */
export const BULK_ACTIVITY_FILTER = 'bulk';

/** What an entry can be about: a kind of content, an image, an account, the site's settings ('Ajustes del sitio'). */
export const ACTIVITY_TARGET_KINDS = [...CONTENT_KINDS, 'image', 'user', 'settings'] as const;
export type ActivityTargetKindName = (typeof ACTIVITY_TARGET_KINDS)[number];

/** Days a sign-in's IP address is kept (personal data): then it is cleared and the entry stays. */
export const ACTIVITY_IP_KEPT_DAYS = 90;

/** Summaries of revisions that are not plain edits. */
export const revisionSummaries = {
  created: 'Creación',
  /** The state an item had before it kept revisions, recorded when it is first saved. */
  baseline: 'Versión anterior al historial',
  unchanged: 'Sin cambios',
  restored: (number: number): string => `Restaurada la versión ${number}`,
} as const;

const STATUS_LABELS: Record<PublicationStatus, string> = { draft: 'Borrador', published: 'Publicado', archived: 'Archivado' };
const statusLabel = (status: string): string => (isOneOf(PUBLICATION_STATUSES, status) ? STATUS_LABELS[status] : status);
const yesNo = (value: boolean): string => (value ? 'Sí' : 'No');

const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A cell's content as it matters to a reader: everything but the publication id the server fills in. */
function cellFingerprint(cell: LayoutCell): string {
  const { publicationId: _publicationId, ...rest } = cell;
  // By key, as Array.prototype.sort orders strings (UTF-16 code units).
  return JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Keys that identify rows or cells: their ids when these are unique, else their positions. */
function keysOf(ids: string[]): string[] {
  return new Set(ids).size === ids.length ? ids.map((id) => `id:${id}`) : ids.map((_, index) => `at:${index}`);
}

/**
 * What changed in a layout, in a short phrase such as 'Diseño: 1 fila
 * añadida, 2 celdas editadas', or null when nothing a reader would see did.
 * Rows and cells are followed by their ids (positions when ids repeat): the
 * cells of an added or removed row count with their row, not on their own; a
 * cell edited, moved to another place or given another width counts as edited.
 */
export function layoutChange(before: Layout, after: Layout): string | null {
  const rowKeysBefore = keysOf(before.map((row) => row.id));
  const rowKeysAfter = keysOf(after.map((row) => row.id));
  const rowsBefore = new Map(rowKeysBefore.map((key, index) => [key, before[index]]));
  const rowsAfter = new Map(rowKeysAfter.map((key, index) => [key, after[index]]));
  const rowsAdded = rowKeysAfter.filter((key) => !rowsBefore.has(key)).length;
  const rowsRemoved = rowKeysBefore.filter((key) => !rowsAfter.has(key)).length;
  const keptBefore = rowKeysBefore.filter((key) => rowsAfter.has(key));
  const keptAfter = rowKeysAfter.filter((key) => rowsBefore.has(key));
  const rowsMoved = keptBefore.some((key, index) => keptAfter[index] !== key);

  // Cells of the rows both layouts hold, placed by row and position.
  const place = (rowKey: string, index: number) => `${rowKey}#${index}`;
  const cellsOf = (rows: Map<string, Layout[number]>, keys: string[]) => {
    const cells = keys.flatMap((rowKey) => rows.get(rowKey)!.cells.map((cell, index) => ({ cell, where: place(rowKey, index) })));
    const cellKeys = keysOf(cells.map(({ cell }) => cell.id));
    return new Map(cellKeys.map((key, index) => [key, cells[index]]));
  };
  const cellsBefore = cellsOf(rowsBefore, keptBefore);
  const cellsAfter = cellsOf(rowsAfter, keptAfter);
  let cellsAdded = 0;
  let cellsEdited = 0;
  for (const [key, { cell, where }] of cellsAfter) {
    const old = cellsBefore.get(key);
    if (!old) cellsAdded += 1;
    else if (old.where !== where || cellFingerprint(old.cell) !== cellFingerprint(cell)) cellsEdited += 1;
  }
  const cellsRemoved = [...cellsBefore.keys()].filter((key) => !cellsAfter.has(key)).length;

  const parts = [
    rowsAdded > 0 && counted(rowsAdded, 'fila añadida', 'filas añadidas'),
    rowsRemoved > 0 && counted(rowsRemoved, 'fila eliminada', 'filas eliminadas'),
    rowsMoved && 'filas reordenadas',
    cellsAdded > 0 && counted(cellsAdded, 'celda añadida', 'celdas añadidas'),
    cellsRemoved > 0 && counted(cellsRemoved, 'celda eliminada', 'celdas eliminadas'),
    cellsEdited > 0 && counted(cellsEdited, 'celda editada', 'celdas editadas'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? `Diseño: ${parts.join(', ')}` : null;
}

/** One phrase per field that differs, in the order of the form. */
type Rule<T> = (before: T, after: T) => string | null | false;

const field =
  <T>(name: keyof T, label: string): Rule<T> =>
  (before, after) =>
    before[name] !== after[name] && label;

const flag =
  <T>(name: keyof T, label: string): Rule<T> =>
  (before, after) =>
    before[name] !== after[name] && `${label}: ${yesNo(Boolean(before[name]))} → ${yesNo(Boolean(after[name]))}`;

const PUBLICATION_RULES: Rule<Publication>[] = [
  field('title', 'Título'),
  (before, after) => before.section_id !== after.section_id && `Sección: ${before.section.title} → ${after.section.title}`,
  (before, after) => before.status !== after.status && `Estado: ${statusLabel(before.status)} → ${statusLabel(after.status)}`,
  field('publish_date', 'Fecha de publicación'),
  flag('is_featured', 'Destacado'),
  field('featured_image', 'Imagen destacada'),
  field('order', 'Orden'),
  (before, after) => layoutChange(before.layout, after.layout),
  // A version kept before events existed has none (undefined).
  (before, after) => {
    const [was, is] = [before.event ?? null, after.event ?? null];
    if (JSON.stringify(was) === JSON.stringify(is)) return false;
    return was === null ? 'Evento añadido' : is === null ? 'Evento quitado' : 'Evento';
  },
];

const SECTION_RULES: Rule<Section>[] = [
  field('title', 'Título'),
  flag('is_active', 'Visible'),
  (before, after) =>
    before.list_order !== after.list_order &&
    `Orden de la lista: ${LIST_ORDER_LABELS[before.list_order] ?? before.list_order} → ${LIST_ORDER_LABELS[after.list_order] ?? after.list_order}`,
  field('order', 'Orden'),
];

const BIOGRAPHY_RULES: Rule<Biography>[] = [
  field('name', 'Nombre'),
  field('position', 'Cargo'),
  field('biography', 'Biografía'),
  field('email', 'Email'),
  field('linkedin', 'WEB'),
  field('photo', 'Foto'),
  flag('is_active', 'Activo'),
  field('order', 'Orden'),
];

const MEDIA_RULES: Rule<MediaItem>[] = [
  field('title', 'Título'),
  field('alt', 'Texto alternativo'),
  (before, after) => (before.focal_x !== after.focal_x || before.focal_y !== after.focal_y) && 'Punto focal',
  (before, after) => before.url !== after.url && 'Archivo reemplazado',
];

function apply<T>(rules: Rule<T>[], before: T, after: T): string[] {
  return rules.map((rule) => rule(before, after)).filter((phrase): phrase is string => typeof phrase === 'string');
}

/** The records a revision keeps, by kind: each as its admin GET answers it. */
export type RevisionRecords = KindMap<{
  publication: Publication;
  section: Section;
  biography: Biography;
  media: MediaItem;
}>;

const RULES: { [K in ContentKind]: Rule<RevisionRecords[K]>[] } = {
  publication: PUBLICATION_RULES,
  section: SECTION_RULES,
  biography: BIOGRAPHY_RULES,
  media: MEDIA_RULES,
};

/**
 * What a save changed, as short Spanish phrases for the history ('Título',
 * 'Estado: Borrador → Publicado', 'Diseño: 1 fila añadida, 2 celdas
 * editadas'); ['Sin cambios'] when nothing did. Versions and timestamps never
 * count: every save changes them.
 */
export function summarizeChange<K extends ContentKind>(kind: K, before: RevisionRecords[K], after: RevisionRecords[K]): string[] {
  const phrases = apply<RevisionRecords[K]>(RULES[kind], before, after);
  return phrases.length > 0 ? phrases : [revisionSummaries.unchanged];
}

/** A restore's summary: which version it brought back, then what that changed. */
export function summarizeRestore<K extends ContentKind>(
  kind: K,
  restoredNumber: number,
  before: RevisionRecords[K],
  after: RevisionRecords[K],
): string[] {
  const changes = summarizeChange(kind, before, after).filter((phrase) => phrase !== revisionSummaries.unchanged);
  return [revisionSummaries.restored(restoredNumber), ...changes];
}
