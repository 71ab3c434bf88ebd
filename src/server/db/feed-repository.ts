import type { DbOrTrx } from './database';
import type { PublicationRow } from './schema';

export type FeedRow = Pick<PublicationRow, 'id' | 'title' | 'featured_image' | 'publish_date' | 'layout' | 'updated_at'> & {
  section_slug: string;
  section_title: string;
};

/**
 * The newest public publications (the public rule: published, dated `today`
 * or earlier, in a visible section), of one section or of all: newest
 * publication date first, then the highest id. What a feed lists.
 */
export async function latestPublicPublications(
  db: DbOrTrx,
  options: { today: string; sectionSlug?: string; limit: number },
): Promise<FeedRow[]> {
  let query = db
    .selectFrom('publications')
    .innerJoin('sections', 'sections.id', 'publications.section_id')
    .select([
      'publications.id',
      'publications.title',
      'publications.featured_image',
      'publications.publish_date',
      'publications.layout',
      'publications.updated_at',
      'sections.slug as section_slug',
      'sections.title as section_title',
    ])
    .where('publications.status', '=', 'published')
    .where('publications.publish_date', '<=', options.today)
    .where('sections.is_active', '=', 1);
  if (options.sectionSlug !== undefined) query = query.where('sections.slug', '=', options.sectionSlug);
  return query.orderBy('publications.publish_date', 'desc').orderBy('publications.id', 'desc').limit(options.limit).execute();
}
