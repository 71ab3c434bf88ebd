import type { FieldErrors } from '@/domain/entities';
import { MODALITIES, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SiteSettingsValues } from '@/domain/site-settings-values';
import { hasErrors } from '@/domain/validation';
import { normalizedSiteSettings, SITE_SETTINGS_LABELS, validateSiteSettings } from '@/domain/site-settings';
import { nowIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import type { SiteSettingsRow } from '../db/schema';
import { findSiteSettings, writeSiteSettings } from '../db/site-settings-repository';
import { invalidFields } from '../refusal';
import { logActivity } from './activity-log';
import type { Writer } from './writer';

/**
 * 'Ajustes del sitio' (docs/decisions/199): the site's facts, read by every
 * page the server draws and written by an Administrador. Stored in one row;
 * until the first save, the environment's defaults (config.siteSettingsDefaults)
 * stand, and that save writes them whole with its changes.
 */

/** The settings as GET /api/settings/ answers them. */
export interface SiteSettingsAnswer extends SiteSettingsValues {
  updated_at: string | null;
  updated_by: string | null;
}

const valuesOf = (row: SiteSettingsRow): SiteSettingsValues => ({
  contact_email: row.contact_email,
  contact_phone: row.contact_phone,
  contact_address: row.contact_address,
  duration_months: row.duration_months === null ? null : Number(row.duration_months),
  ects_credits: row.ects_credits === null ? null : Number(row.ects_credits),
  // Written through the rules: one of MODALITIES, or '' for none.
  modality: MODALITIES.find((known) => known === row.modality) ?? '',
  language: row.language,
  price: row.price === null ? null : Number(row.price),
  admission_opens: row.admission_opens,
  admission_closes: row.admission_closes,
  how_to_apply_url: row.how_to_apply_url,
  social_links: {
    facebook: row.social_facebook,
    instagram: row.social_instagram,
    x: row.social_x,
    youtube: row.social_youtube,
    linkedin: row.social_linkedin,
  },
  research_group_name: row.research_group_name,
  research_group_url: row.research_group_url,
});

/** The stored settings, or the defaults while nobody has saved any. */
export async function readSiteSettings(db: DbOrTrx, defaults: SiteSettingsValues): Promise<SiteSettingsAnswer> {
  const row = await findSiteSettings(db);
  return row
    ? { ...valuesOf(row), updated_at: row.updated_at, updated_by: row.updated_by }
    : { ...defaults, updated_at: null, updated_by: null };
}

/** The labels of the fields a save changed, for its activity entry ('Correo de contacto, YouTube'). */
function changedLabels(before: SiteSettingsValues, after: SiteSettingsValues): string[] {
  const labels = (Object.keys(SITE_SETTINGS_LABELS) as (keyof typeof SITE_SETTINGS_LABELS)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => SITE_SETTINGS_LABELS[field]);
  for (const network of SOCIAL_NETWORKS) {
    if (before.social_links[network] !== after.social_links[network]) labels.push(SOCIAL_NETWORK_LABELS[network]);
  }
  return labels;
}

/**
 * Saves the fields a PATCH sends (the others stay): the domain's rules on what
 * was sent (400, nothing written), then, under the content write lock, the
 * whole row with the period's rule checked on the merged values, and the
 * activity entry ('Edición · Ajustes del sitio', naming the fields changed).
 * The write bumps the content version, so every instance's public cache,
 * pages included, forgets what it drew with the old values (docs/decisions/199).
 */
export async function saveSiteSettings(
  writer: Writer,
  input: Record<string, unknown>,
  defaults: SiteSettingsValues,
): Promise<SiteSettingsAnswer> {
  const sent = validateSiteSettings(input, { partial: true });
  if (hasErrors(sent)) throw invalidFields(sent);
  const change = normalizedSiteSettings(input);
  return writer.services.writeContent(async (trx) => {
    const before = await readSiteSettings(trx, defaults);
    const { updated_at: _at, updated_by: _by, ...current } = before;
    const after: SiteSettingsValues = {
      ...current,
      ...change,
      social_links: { ...current.social_links, ...change.social_links },
    };
    // What only the whole can say: a close given with an opening, and not before it.
    const merged: FieldErrors = validateSiteSettings(after as unknown as Record<string, unknown>);
    const periodErrors = Object.fromEntries(Object.entries(merged).filter(([field]) => field.startsWith('admission_')));
    if (hasErrors(periodErrors)) throw invalidFields(periodErrors);
    const stored = await writeSiteSettings(trx, {
      contact_email: after.contact_email,
      contact_phone: after.contact_phone,
      contact_address: after.contact_address,
      duration_months: after.duration_months,
      ects_credits: after.ects_credits,
      price: after.price,
      modality: after.modality,
      language: after.language,
      admission_opens: after.admission_opens,
      admission_closes: after.admission_closes,
      how_to_apply_url: after.how_to_apply_url,
      social_facebook: after.social_links.facebook,
      social_instagram: after.social_links.instagram,
      social_x: after.social_links.x,
      social_youtube: after.social_links.youtube,
      social_linkedin: after.social_links.linkedin,
      research_group_name: after.research_group_name,
      research_group_url: after.research_group_url,
      updated_at: nowIso(),
      updated_by: writer.actor.username || null,
    });
    const changed = changedLabels(current, after);
    await logActivity(trx, writer.actor, 'update', { kind: 'settings', label: changed.length > 0 ? changed.join(', ') : 'Sin cambios' });
    return { ...valuesOf(stored), updated_at: stored.updated_at, updated_by: stored.updated_by };
  });
}
