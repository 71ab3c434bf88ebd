import type { Kysely } from 'kysely';
import { storedLayout } from './json-column';
import { MEDIA_LIMITS } from '@/domain/media';
import { contentTypeOf, MEDIA_URL_PREFIX } from '../media/media-keys';
import { insertMedia } from './media-repository';
import { storedImageUrls } from './media-uses-repository';
import type { Database } from './schema';

/** An image's address as the library keeps it: one of the storage's images, host-relative. */
const IMAGE_ADDRESS = /^\/media\/images\/[0-9a-f-]{36}\.(?:jpe?g|png|gif|webp)$/;

/**
 * Every image that content uses and the library does not hold yet becomes one of its items
 * (docs/decisions/192: the library starts full). From the database alone, since a migration
 * also runs inside the restore of an older backup and must not read a bucket: titled after the
 * first publication or biography that uses it, its alternative text the first a cell gives it,
 * uploader and date unknown ('Desconocido'), size 0 and no dimensions until the upkeep reads
 * them from storage (upkeep/media-facts.ts). Answers how many it added.
 */
export async function adoptImagesInUse(db: Kysely<Database>, now: string): Promise<number> {
  const found = new Map<string, { title: string; alt: string }>();
  const use = (url: string | null, title: string, alt = '') => {
    if (!url || !IMAGE_ADDRESS.test(url)) return;
    const known = found.get(url);
    if (!known) found.set(url, { title, alt });
    else if (!known.alt && alt) known.alt = alt;
  };
  for (const row of await db.selectFrom('publications').select(['title', 'featured_image', 'layout']).orderBy('id').execute()) {
    use(row.featured_image, row.title);
    for (const cell of storedLayout(row.layout).flatMap((layoutRow) => layoutRow.cells)) {
      if (cell.type === 'image') use(cell.content, row.title, cell.alt);
      if (cell.type === 'text') for (const url of storedImageUrls(cell.content)) use(url, row.title);
    }
  }
  for (const row of await db.selectFrom('biographies').select(['name', 'photo']).orderBy('id').execute()) use(row.photo, row.name);
  const held = new Set((await db.selectFrom('media').select('url').execute()).map((row) => row.url));
  let added = 0;
  for (const [url, { title, alt }] of found) {
    if (held.has(url)) continue;
    await insertMedia(db, {
      kind: 'image',
      title: title.slice(0, MEDIA_LIMITS.title) || 'Sin título',
      file_name: url.slice(url.lastIndexOf('/') + 1),
      url,
      content_type: contentTypeOf(url.slice(MEDIA_URL_PREFIX.length)),
      size: 0,
      width: null,
      height: null,
      alt: alt.slice(0, MEDIA_LIMITS.alt),
      created_by_id: null,
      created_at: now,
      updated_at: now,
    });
    added += 1;
  }
  return added;
}
