import { CONTENT_KIND, type ContentKind } from '@/domain/content-kinds';
import { PRESENCE_EXPIRY_MS } from '@/domain/presence';
import type { DbOrTrx } from './database';

/**
 * Who has a record's form open (docs/decisions/182-presence.md): one row per
 * browser tab and record, renewed by heartbeats. Nothing here goes through the
 * content write path (services.writeContent): a heartbeat is one small upsert
 * on this table alone, which bumps no version, clears no cache and waits for
 * no content write lock. A row older than PRESENCE_EXPIRY_MS is no longer
 * shown, and the next heartbeat of anyone sweeps it away.
 */

/** Left out of backups and never restored (backup/schema.ts): it says nothing once a minute has passed. */
export const isPresenceTable = (name: string): boolean => name === 'presence';

export interface PresenceKey {
  kind: ContentKind;
  itemId: number;
  userId: number;
  tab: string;
}

/** The moment before which a heartbeat no longer counts. */
const cutoff = (now: Date): string => new Date(now.getTime() - PRESENCE_EXPIRY_MS).toISOString();

/**
 * A heartbeat: the tab's row is renewed (or made, `since` now), in one
 * transaction with the sweep of the rows nobody renewed in time, so that
 * SQLite waits for its disk once.
 */
export async function beat(db: DbOrTrx, key: PresenceKey, family: string | null, now: Date): Promise<void> {
  const at = now.toISOString();
  const write = async (trx: DbOrTrx) => {
    await trx.deleteFrom('presence').where('seen_at', '<', cutoff(now)).execute();
    await trx
      .insertInto('presence')
      .values({ kind: key.kind, item_id: key.itemId, user_id: key.userId, tab: key.tab, family, since: at, seen_at: at })
      .onConflict((oc) => oc.columns(['kind', 'item_id', 'user_id', 'tab']).doUpdateSet({ seen_at: at, family }))
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/** The tab left the form (or went idle): its row goes at once. */
export async function leave(db: DbOrTrx, key: PresenceKey): Promise<void> {
  await db
    .deleteFrom('presence')
    .where('kind', '=', key.kind)
    .where('item_id', '=', key.itemId)
    .where('user_id', '=', key.userId)
    .where('tab', '=', key.tab)
    .execute();
}

export interface PresentRow {
  user_id: number;
  tab: string;
  since: string;
  username: string;
  name: string;
}

/**
 * The tabs with the record's form open at `now`, oldest first: heard from
 * within PRESENCE_EXPIRY_MS, of an active account, of a sign-in that still
 * holds a refresh token (signing out ends presence at once, whichever tab
 * signed out).
 */
export async function presentTabs(db: DbOrTrx, kind: ContentKind, itemId: number, now: Date): Promise<PresentRow[]> {
  return db
    .selectFrom('presence')
    .innerJoin('users', 'users.id', 'presence.user_id')
    .select(['presence.user_id', 'presence.tab', 'presence.since', 'users.username', 'users.name'])
    .where('presence.kind', '=', kind)
    .where('presence.item_id', '=', itemId)
    .where('presence.seen_at', '>=', cutoff(now))
    .where('users.is_active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('presence.family', 'is', null),
        eb.exists(eb.selectFrom('refresh_tokens').select('refresh_tokens.jti').whereRef('refresh_tokens.family', '=', 'presence.family')),
      ]),
    )
    .orderBy('presence.since')
    .orderBy('presence.user_id')
    .execute();
}

/** The record's version, or undefined when there is no such record (never made, or in the trash). */
export async function recordVersion(db: DbOrTrx, kind: ContentKind, itemId: number): Promise<number | undefined> {
  const row = await db.selectFrom(CONTENT_KIND[kind].collection).select('version').where('id', '=', itemId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

export interface LastSaveRow {
  id: number;
  created_at: string;
  author_id: number | null;
  /** The username as the revision kept it. */
  author: string;
  /** The author's name now ('' when none, or when the account is unknown). */
  name: string | null;
}

/** The record's newest revision (its last save), with its author's name. */
export async function lastSave(db: DbOrTrx, kind: ContentKind, itemId: number): Promise<LastSaveRow | undefined> {
  return db
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.author_id')
    .select(['revisions.id', 'revisions.created_at', 'revisions.author_id', 'revisions.author', 'users.name'])
    .where('revisions.kind', '=', kind)
    .where('revisions.item_id', '=', itemId)
    .orderBy('revisions.number', 'desc')
    .limit(1)
    .executeTakeFirst();
}
