import type { ActivityActionName } from '@/domain/history';
import type { DbOrTrx } from './database';
import { toCount } from './paging';
import type { ActivityRow } from './schema';
import type { EventColumns } from './publications-repository';

const EVENT_COLUMNS = [
  'publications.event_start',
  'publications.event_end',
  'publications.event_all_day',
  'publications.event_location',
  'publications.event_online_url',
  'publications.event_registration_url',
] as const;

/**
 * The admin landing's panels of work ('Resumen'), each a short query that an
 * index answers (migration 015): with years of content the landing costs the
 * same as with a dozen publications (bench/dashboard.ts).
 */

/** How many items each panel lists; its link leads to the whole list. */
const PANEL_SIZE = 5;
/** 'Actividad reciente' lists more: it is read, not worked through. */
const ACTIVITY_SIZE = 10;

/** What a panel shows of a publication: enough for its line and its badges. */
export interface DashboardPublicationRow {
  id: number;
  title: string;
  status: string;
  publish_date: string | null;
  updated_at: string;
  section_id: number;
  section_title: string;
  section_is_active: number;
}

const publicationLine = [
  'publications.id',
  'publications.title',
  'publications.status',
  'publications.publish_date',
  'publications.updated_at',
  'publications.section_id',
  'sections.title as section_title',
  'sections.is_active as section_is_active',
] as const;

function publicationLines(db: DbOrTrx) {
  return db.selectFrom('publications').innerJoin('sections', 'sections.id', 'publications.section_id').select(publicationLine);
}

/**
 * 'Mis borradores': the drafts a person edited, the one they edited last
 * first. Their revisions say who saved what (revisions_author_item holds a
 * person's saves by item without reading anyone else's).
 */
export async function myDrafts(db: DbOrTrx, authorId: number): Promise<(DashboardPublicationRow & { edited_at: string })[]> {
  const mine = db
    .selectFrom('revisions')
    .select(['revisions.item_id'])
    .select((eb) => eb.fn.max('revisions.created_at').as('edited_at'))
    .where('revisions.author_id', '=', authorId)
    .where('revisions.kind', '=', 'publication')
    .groupBy('revisions.item_id')
    .as('mine');
  const rows = await publicationLines(db)
    .innerJoin(mine, 'mine.item_id', 'publications.id')
    .select('mine.edited_at')
    .where('publications.status', '=', 'draft')
    .orderBy('mine.edited_at', 'desc')
    .orderBy('publications.id', 'desc')
    .limit(PANEL_SIZE)
    .execute();
  return rows.map((row) => ({ ...row, edited_at: String(row.edited_at) }));
}

/** 'Programadas': published and dated after today, the next first (publications_status_date). */
export async function nextScheduled(db: DbOrTrx, today: string): Promise<DashboardPublicationRow[]> {
  return publicationLines(db)
    .where('publications.status', '=', 'published')
    .where('publications.publish_date', '>', today)
    .orderBy('publications.publish_date')
    .orderBy('publications.id')
    .limit(PANEL_SIZE)
    .execute();
}

/** 'Próximos eventos': publications not archived whose event has not ended, the soonest first (publications_event). */
export async function upcomingEvents(db: DbOrTrx, today: string): Promise<(DashboardPublicationRow & EventColumns)[]> {
  return publicationLines(db)
    .select(EVENT_COLUMNS)
    .where('publications.status', '!=', 'archived')
    .where('publications.event_last_day', '>=', today)
    .orderBy('publications.event_start')
    .orderBy('publications.id')
    .limit(PANEL_SIZE)
    .execute();
}

/**
 * 'Publicadas recientemente': what the public sees today (the public rule:
 * published, dated today or before, in a visible section), the newest date
 * first.
 */
export async function recentlyPublished(db: DbOrTrx, today: string): Promise<DashboardPublicationRow[]> {
  return publicationLines(db)
    .where('publications.status', '=', 'published')
    .where('publications.publish_date', '<=', today)
    .where('sections.is_active', '=', 1)
    .orderBy('publications.publish_date', 'desc')
    .orderBy('publications.id', 'desc')
    .limit(PANEL_SIZE)
    .execute();
}

/** Published publications with image cells lacking alternative text, and how many (publications_status_review). */
export async function publishedWithoutAlt(
  db: DbOrTrx,
): Promise<{ count: number; rows: (DashboardPublicationRow & { images_without_alt: number })[] }> {
  const [rows, counted] = await Promise.all([
    publicationLines(db)
      .select('publications.images_without_alt')
      .where('publications.status', '=', 'published')
      .where('publications.images_without_alt', '>', 0)
      // The index's own order read backwards (publications_status_review): the most images to fix first,
      // with no sort of every match.
      .orderBy('publications.images_without_alt', 'desc')
      .orderBy('publications.id', 'desc')
      .limit(PANEL_SIZE)
      .execute(),
    db
      .selectFrom('publications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'published')
      .where('images_without_alt', '>', 0)
      .executeTakeFirst(),
  ]);
  return { count: toCount(counted?.count), rows };
}

/** Published publications with no date ('Sin fecha'): the public rule keeps them out. */
export async function publishedUndated(db: DbOrTrx): Promise<{ count: number; rows: DashboardPublicationRow[] }> {
  const [rows, counted] = await Promise.all([
    publicationLines(db)
      .where('publications.status', '=', 'published')
      .where('publications.publish_date', 'is', null)
      .orderBy('publications.id', 'desc')
      .limit(PANEL_SIZE)
      .execute(),
    db
      .selectFrom('publications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'published')
      .where('publish_date', 'is', null)
      .executeTakeFirst(),
  ]);
  return { count: toCount(counted?.count), rows };
}

/** Hidden sections that hold publications, with how many each holds (publications_section_order_visibility counts them). */
export async function hiddenSectionsWithPublications(db: DbOrTrx): Promise<{ id: number; title: string; publication_count: number }[]> {
  const rows = await db
    .selectFrom('sections')
    .innerJoin('publications', 'publications.section_id', 'sections.id')
    .select(['sections.id', 'sections.title', 'sections.order'])
    .select((eb) => eb.fn.countAll().as('publication_count'))
    .where('sections.is_active', '=', 0)
    .groupBy(['sections.id', 'sections.title', 'sections.order'])
    .orderBy('sections.order')
    .orderBy('sections.id')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, publication_count: toCount(row.publication_count) }));
}

/**
 * 'Actividad reciente': the newest entries of the log (activity_at), as a
 * role may see them: `actions` limits them (an Editor's content actions).
 */
export async function recentActivity(db: DbOrTrx, options: { actions?: readonly ActivityActionName[] }): Promise<ActivityRow[]> {
  let query = db.selectFrom('activity').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(ACTIVITY_SIZE);
  if (options.actions) query = query.where('action', 'in', options.actions);
  return query.execute();
}

/** How many publications the public sees today: the landing's 'publicadas' (publications_status_order). */
export async function countPublicToday(db: DbOrTrx, today: string): Promise<number> {
  const row = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('status', '=', 'published')
    .where('publish_date', '<=', today)
    .where('section_id', 'in', db.selectFrom('sections').select('id').where('is_active', '=', 1))
    .executeTakeFirst();
  return toCount(row?.count);
}
