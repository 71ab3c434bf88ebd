import type { DbOrTrx } from './database';
import type { PreviewLinkRow } from './schema';

/** Private preview links: only the hash of each token is kept (docs/decisions/173-private-preview-links.md). */

export interface NewPreviewLink {
  publicationId: number;
  tokenHash: string;
  createdById: number | null;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
}

/** A link with the name and username of who made it (null when the account is unknown). */
export interface PreviewLinkWithCreator extends PreviewLinkRow {
  creator_name: string | null;
  creator_username: string | null;
}

function withCreator(db: DbOrTrx) {
  return db
    .selectFrom('preview_links')
    .leftJoin('users', 'users.id', 'preview_links.created_by_id')
    .selectAll('preview_links')
    .select(['users.name as creator_name', 'users.username as creator_username']);
}

export async function insertPreviewLink(db: DbOrTrx, link: NewPreviewLink): Promise<PreviewLinkWithCreator> {
  const { id } = await db
    .insertInto('preview_links')
    .values({
      publication_id: link.publicationId,
      token_hash: link.tokenHash,
      created_by_id: link.createdById,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      first_viewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return withCreator(db).where('preview_links.id', '=', id).executeTakeFirstOrThrow();
}

/** A publication's links that still work at `now`, newest first. */
export async function listLivePreviewLinks(db: DbOrTrx, publicationId: number, now: string): Promise<PreviewLinkWithCreator[]> {
  return withCreator(db)
    .where('preview_links.publication_id', '=', publicationId)
    .where('preview_links.expires_at', '>', now)
    .orderBy('preview_links.created_at', 'desc')
    .orderBy('preview_links.id', 'desc')
    .execute();
}

export async function findPreviewLink(db: DbOrTrx, id: number): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The link with this hash that still works at `now`, or undefined. */
export async function findLivePreviewLink(db: DbOrTrx, tokenHash: string, now: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Deletes a link; says whether it was there. */
export async function deletePreviewLink(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('preview_links').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Records a link's first view and says whether this call did it: two visitors at once cannot both be first. */
export async function markFirstView(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('preview_links')
    .set({ first_viewed_at: now })
    .where('id', '=', id)
    .where('first_viewed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many links that still work at `now` each account made, by the account's id (absent: none). */
export async function countLivePreviewLinksByCreator(db: DbOrTrx, now: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('preview_links')
    .select(['created_by_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('expires_at', '>', now)
    .where('created_by_id', 'is not', null)
    .groupBy('created_by_id')
    .$narrowType<{ created_by_id: number }>()
    .execute();
  return new Map(rows.map((row) => [row.created_by_id, Number(row.count)]));
}

/** Deletes every link an account made; answers how many went. */
export async function deletePreviewLinksByCreator(db: DbOrTrx, userId: number): Promise<number> {
  const result = await db.deleteFrom('preview_links').where('created_by_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every link of a publication (purged for good); answers how many went. */
export async function deletePreviewLinksOf(db: DbOrTrx, publicationId: number): Promise<number> {
  const result = await db.deleteFrom('preview_links').where('publication_id', '=', publicationId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the links that expired before `before`; answers how many went. */
export async function deleteExpiredPreviewLinks(db: DbOrTrx, before: string): Promise<number> {
  const result = await db.deleteFrom('preview_links').where('expires_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
