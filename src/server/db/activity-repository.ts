import type { ExpressionBuilder } from 'kysely';
import type { ActivityActionName, ActivityTargetKindName } from '@/domain/history';
import type { DbOrTrx } from './database';
import { toCount, type RowRange, type Slice } from './paging';
import type { ActivityRow, Database } from './schema';

/**
 * The activity log ('Actividad', docs/decisions/221-the-activity-log.md).
 * A content change writes its entry in its own transaction (services.writeContent),
 * so the two never disagree; sign-ins and sign-outs write theirs on the plain
 * connection, which never touches the public cache's content version.
 */

export interface NewActivity {
  /** ISO 8601. */
  at: string;
  user: { id: number | null; username: string | null } | null;
  action: ActivityActionName;
  target?: { kind: ActivityTargetKindName; id?: number | null; label?: string };
  ip?: string | null;
}

export async function insertActivity(db: DbOrTrx, entry: NewActivity): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      at: entry.at,
      user_id: entry.user?.id ?? null,
      username: entry.user?.username || null,
      action: entry.action,
      target_kind: entry.target?.kind ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target?.label ?? '',
      // The column's size; an address is never longer.
      ip: entry.ip?.slice(0, 64) ?? null,
    })
    .execute();
}

export interface ActivityFilter {
  username?: string;
  action?: ActivityActionName;
  /** Only these actions (an Editor's view). */
  actions?: readonly ActivityActionName[];
  /** And only these (a group the filter names at once: every bulk action). */
  actionGroup?: readonly ActivityActionName[];
  /** ISO 8601 instants: from included, before excluded. */
  from?: string;
  before?: string;
}

/** The log, newest first, filtered. */
export async function listActivity(db: DbOrTrx, filter: ActivityFilter, window?: RowRange): Promise<Slice<ActivityRow>> {
  const matches = (eb: ExpressionBuilder<Database, 'activity'>) =>
    eb.and([
      ...(filter.username === undefined ? [] : [eb('username', '=', filter.username)]),
      ...(filter.action === undefined ? [] : [eb('action', '=', filter.action)]),
      ...(filter.actions === undefined ? [] : [eb('action', 'in', filter.actions)]),
      ...(filter.actionGroup === undefined ? [] : [eb('action', 'in', filter.actionGroup)]),
      ...(filter.from === undefined ? [] : [eb('at', '>=', filter.from)]),
      ...(filter.before === undefined ? [] : [eb('at', '<', filter.before)]),
    ]);
  let query = db.selectFrom('activity').selectAll().where(matches).orderBy('at', 'desc').orderBy('id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  const total = db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(matches);
  const [rows, counted] = await Promise.all([query.execute(), total.executeTakeFirst()]);
  return { rows, count: toCount(counted?.count) };
}

/** Every username the log names (in entries of these actions, when given), in alphabetical order. */
export async function activityUsernames(db: DbOrTrx, actions?: readonly ActivityActionName[]): Promise<string[]> {
  let query = db.selectFrom('activity').select('username').distinct().where('username', 'is not', null);
  if (actions !== undefined) query = query.where('action', 'in', actions);
  const rows = await query.orderBy('username').execute();
  return rows.map((row) => row.username as string);
}

/**
 * The log's retention: entries before `deleteBefore` go, and the addresses of
 * entries before `clearIpBefore` are cleared (the entry stays). Answers how
 * many of each.
 */
export async function pruneActivity(
  db: DbOrTrx,
  deleteBefore: string,
  clearIpBefore: string,
): Promise<{ deleted: number; cleared: number }> {
  const deleted = await db.deleteFrom('activity').where('at', '<', deleteBefore).executeTakeFirst();
  const cleared = await db
    .updateTable('activity')
    .set({ ip: null })
    .where('ip', 'is not', null)
    .where('at', '<', clearIpBefore)
    .executeTakeFirst();
  return { deleted: Number(deleted.numDeletedRows), cleared: Number(cleared.numUpdatedRows) };
}
