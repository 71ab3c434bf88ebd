import { DOCUMENT_EXTENSIONS } from '@/domain/documents';
import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from './database';
import type { Database } from './schema';

/**
 * A file the media storage keeps, as content names it: an image,
 * /media/images/<uuid>.<ext>, or a library document,
 * /media/documentos/<key>/<name>.<ext>, host-relative or inside an absolute
 * address (rich text may hold either). The uuid (with an image's WebP
 * variants) or the key alone identifies the file.
 */
const STORED_FILE = new RegExp(
  '/media/(?:images/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(?:jpe?g|png|gif|webp)' +
    `|documentos/([0-9a-f]{32})/[a-z0-9-]+\\.(?:${DOCUMENT_EXTENSIONS.join('|')}))`,
  'gi',
);

/** The stored files that a text (a layout, a row as JSON) names, host-relative, each once. */
export function storedImageUrls(text: string): string[] {
  return [...new Set([...text.matchAll(STORED_FILE)].map((match) => match[0].toLowerCase()))];
}

const uuidOf = (url: string): string | undefined => {
  const match = [...url.matchAll(STORED_FILE)][0];
  return (match?.[1] ?? match?.[2])?.toLowerCase();
};

const found = async <Table extends keyof Database>(query: SelectQueryBuilder<Database, Table, { id: number }>) =>
  (await query.limit(1).executeTakeFirst()) !== undefined;

/**
 * Every place stored content can name an image: layout cells and rich text,
 * featured images, biography photos, what waits in the trash, and the
 * revisions of the history (a restore brings their images back). A new table
 * that holds image addresses adds its line here, and the purge then keeps the
 * files it names. `pattern` is a LIKE pattern (no wildcard in a uuid
 * but the ones around it).
 */
const IMAGE_USES: ((db: DbOrTrx, pattern: string) => Promise<boolean>)[] = [
  (db, pattern) =>
    found(
      db
        .selectFrom('publications')
        .select('id')
        .where((eb) => eb.or([eb('featured_image', 'like', pattern), eb('layout', 'like', pattern)])),
    ),
  (db, pattern) => found(db.selectFrom('biographies').select('id').where('photo', 'like', pattern)),
  // The library holds its files whatever else uses them (docs/decisions/192).
  (db, pattern) => found(db.selectFrom('media').select('id').where('url', 'like', pattern)),
  (db, pattern) => found(db.selectFrom('trash').select('id').where('data', 'like', pattern)),
  (db, pattern) => found(db.selectFrom('revisions').select('id').where('data', 'like', pattern)),
];

/**
 * Whether anything stored still names this image. Run it inside the
 * transaction that removed the last known use (after removing it), so that the
 * answer holds when it commits. An address that is not one of the storage's
 * images counts as used: it is never the storage's to remove.
 */
export async function imageInUse(db: DbOrTrx, url: string): Promise<boolean> {
  const uuid = uuidOf(url);
  if (!uuid) return true;
  for (const isUsed of IMAGE_USES) {
    if (await isUsed(db, `%${uuid}%`)) return true;
  }
  return false;
}
