import type { DbOrTrx } from './database';
import type { SiteSettingsRow } from './schema';

/**
 * 'Ajustes del sitio' (docs/decisions/199): the one row of site_settings, id 1.
 * None until the first save; the service (content/site-settings.ts) then
 * answers the environment's defaults.
 */
const ROW_ID = 1;

export async function findSiteSettings(db: DbOrTrx): Promise<SiteSettingsRow | undefined> {
  return db.selectFrom('site_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
}

/** Writes the whole row (made on the first save, replaced after) and answers it as stored. */
export async function writeSiteSettings(db: DbOrTrx, values: Omit<SiteSettingsRow, 'id'>): Promise<SiteSettingsRow> {
  const row = { id: ROW_ID, ...values };
  return db
    .insertInto('site_settings')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}
