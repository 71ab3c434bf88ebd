/**
 * The shape of the site's settings ('Ajustes del sitio', docs/decisions/199) and the closed
 * lists of values they take. Their own module, imported by entities.ts, the schemas and
 * domain/site-settings.ts alike, so that none of them imports another.
 */

/** The five networks, in the order the top bar, the footer and the form list them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** How the programme is taught; '' when the settings do not say. */
export const MODALITIES = ['presencial', 'semipresencial', 'en-linea'] as const;
export type Modality = (typeof MODALITIES)[number];

/** The values of the settings, as the API answers and takes them (GET/PATCH /api/settings/). */
export interface SiteSettingsValues {
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  /** Months the programme lasts. */
  duration_months: number | null;
  ects_credits: number | null;
  modality: Modality | '';
  language: string;
  /** Euros, a whole number. */
  price: number | null;
  /** YYYY-MM-DD, both days included. */
  admission_opens: string | null;
  admission_closes: string | null;
  how_to_apply_url: string;
  social_links: Record<SocialNetwork, string>;
  research_group_name: string;
  research_group_url: string;
}

/** The key facts as the public pages carry them (in the page, beside the links). */
export type ProgrammeFacts = Pick<
  SiteSettingsValues,
  'duration_months' | 'ects_credits' | 'modality' | 'language' | 'price' | 'admission_opens' | 'admission_closes' | 'how_to_apply_url'
>;
