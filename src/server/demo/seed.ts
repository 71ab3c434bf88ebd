import { demoBiographies, demoImages, demoPublications, demoSections } from './content';
import { renderDemoImage } from './images';
import { adoptImagesInUse } from '../db/media-adoption';
import { buildDemoLayout } from './layout';
import { sanitizeRichText } from '../content/rich-text';
import { insertBiography, listBiographies } from '../db/biographies-repository';
import { nowIso } from '../clock';
import { eventColumns, insertPublication, listPublications } from '../db/publications-repository';
import { countSections, insertSection } from '../db/sections-repository';
import type { DbOrTrx } from '../db/database';
import { listTrash } from '../db/trash-repository';
import type { Services } from '../services';

/**
 * Whether the database holds no content at all (a fresh start). What waits in
 * the trash counts: a site whose administrators deleted everything is not new.
 */
async function isContentEmpty(db: DbOrTrx): Promise<boolean> {
  const window = { limit: 1, offset: 0 };
  const [sections, publications, biographies, trash] = await Promise.all([
    countSections(db),
    listPublications(db, { window }),
    listBiographies(db, { activeOnly: false, window }),
    listTrash(db, window),
  ]);
  return sections === 0 && publications.count === 0 && biographies.count === 0 && trash.count === 0;
}

/**
 * Fills an empty database with the Spanish demo content of src/server/demo:
 * its images go through the media storage (so their WebP variants exist, as
 * for any upload) and its rows through the repositories, in one transaction.
 * Returns false, doing nothing, when there is content already.
 */
export async function seedDemoContent(services: Services): Promise<boolean> {
  if (!(await isContentEmpty(services.db))) return false;

  // Four at a time: sharp works on its own threads, so this keeps both cores busy.
  const urls = new Map<string, string>();
  const queue = [...demoImages];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let image = queue.shift(); image; image = queue.shift()) {
        const { buffer } = await renderDemoImage(image.key);
        urls.set(image.key, await services.media.storeImage(buffer));
      }
    }),
  );
  const urlFor = (key: string): string => {
    const url = urls.get(key);
    if (!url) throw new Error(`Demo content names an image it does not define: ${key}`);
    return url;
  };

  return services.writeContent(async (trx) => {
    // Asked again under the write lock: two instances starting together on one
    // PostgreSQL both see an empty database, and only the first may fill it.
    if (!(await isContentEmpty(trx))) return false;
    const now = nowIso();
    const sectionIds = new Map<string, number>();
    for (const [order, section] of demoSections.entries()) {
      const row = await insertSection(trx, {
        title: section.title,
        slug: section.slug,
        is_active: section.is_active ? 1 : 0,
        list_order: section.list_order,
        order,
        created_at: now,
        updated_at: now,
      });
      sectionIds.set(section.slug, row.id);
    }
    for (const [order, publication] of demoPublications.entries()) {
      const layout = buildDemoLayout(publication.layout, urlFor).map((row) => ({
        ...row,
        cells: row.cells.map((cell) => (cell.type === 'text' ? { ...cell, content: sanitizeRichText(cell.content) } : cell)),
      }));
      await insertPublication(trx, {
        title: publication.title,
        section_id: sectionIds.get(publication.sectionSlug) as number,
        status: publication.status,
        featured_image: urlFor(publication.featuredImage),
        is_featured: publication.is_featured ? 1 : 0,
        publish_date: publication.publish_date,
        layout: JSON.stringify(layout),
        ...eventColumns(publication.event ?? null),
        order,
        created_at: now,
        updated_at: now,
      });
    }
    for (const [order, biography] of demoBiographies.entries()) {
      await insertBiography(trx, {
        name: biography.name,
        position: biography.position,
        biography: biography.biography,
        email: biography.email,
        linkedin: biography.linkedin,
        photo: biography.photo ? urlFor(biography.photo) : null,
        is_active: biography.is_active ? 1 : 0,
        order,
        created_at: now,
        updated_at: now,
      });
    }
    // Its images in the library too, as an upgraded site's are; the upkeep reads their facts.
    await adoptImagesInUse(trx, now);
    return true;
  });
}
