import type { DbOrTrx } from './database';
import { toCount } from './paging';

/**
 * The admin landing's figures, each a COUNT in the database: with years of
 * content the landing costs the same as with a dozen publications.
 */
export async function contentSummary(db: DbOrTrx) {
  const count = (row: { count: string | number | bigint } | undefined) => toCount(row?.count);
  const [sections, visible, publications, published, biographies, active] = await Promise.all([
    db
      .selectFrom('sections')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('sections')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('is_active', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('publications')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('publications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'published')
      .executeTakeFirst(),
    db
      .selectFrom('biographies')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('biographies')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('is_active', '=', 1)
      .executeTakeFirst(),
  ]);
  return {
    sections: { total: count(sections), visible: count(visible) },
    publications: { total: count(publications), published: count(published) },
    biographies: { total: count(biographies), active: count(active) },
  };
}
