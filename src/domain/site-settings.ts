import { isOneOf, isRecord } from './guards';
import { DEFAULT_SITE_SETTINGS } from './catalogue';
import type { FieldErrors, SiteSettings } from './entities';
import { FIELD_LIMITS } from './limits';
import { messages } from './messages';
import { longDate } from './publication-status';
import { hasControlCharacter } from './text';
import { isEmail, isHttpUrl, isIsoDate, isWholeNumberBetween } from './validation';
import {
  MODALITIES,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type Modality,
  type ProgrammeFacts,
  type SiteSettingsValues,
  type SocialNetwork,
} from './site-settings-values';

/**
 * 'Ajustes del sitio' (docs/decisions/199): the site's facts that its staff
 * edit, written once for the form, the server and the public pages: the
 * fields, their limits and rules with their Spanish messages, what the public
 * pages carry of them, and whether the admission period is open on a day.
 */

export const MODALITY_LABELS: Record<Modality, string> = {
  presencial: 'Presencial',
  semipresencial: 'Semipresencial',
  'en-linea': 'En línea',
};

/** schema.org's words for each (educationalProgramMode). */
export const MODALITY_SCHEMA_ORG: Record<Modality, string> = {
  presencial: 'onsite',
  semipresencial: 'blended',
  'en-linea': 'online',
};

/** Each field's name, as the form labels it and the activity log lists what a save changed. */
export const SITE_SETTINGS_LABELS: Record<Exclude<keyof SiteSettingsValues, 'social_links'>, string> = {
  contact_email: 'Correo de contacto',
  contact_phone: 'Teléfono',
  contact_address: 'Dirección',
  duration_months: 'Duración (meses)',
  ects_credits: 'Créditos ECTS',
  modality: 'Modalidad',
  language: 'Idioma',
  price: 'Precio (euros)',
  admission_opens: 'Apertura del plazo',
  admission_closes: 'Cierre del plazo',
  how_to_apply_url: "Enlace 'Cómo inscribirse'",
  research_group_name: 'Nombre del grupo',
  research_group_url: 'Enlace del grupo',
};

/** Longest value of each field, in characters (numbers: their range). */
export const SITE_SETTINGS_LIMITS = {
  email: FIELD_LIMITS.email,
  phone: 40,
  address: 300,
  language: 100,
  /** Every link: an http(s) address or a path of this site. */
  link: FIELD_LIMITS.url,
  researchGroupName: 100,
  durationMonths: 120,
  ectsCredits: 999,
  price: 1_000_000,
} as const;

/** The text fields, each with its longest value. */
const TEXT_FIELDS = {
  contact_email: SITE_SETTINGS_LIMITS.email,
  contact_phone: SITE_SETTINGS_LIMITS.phone,
  contact_address: SITE_SETTINGS_LIMITS.address,
  language: SITE_SETTINGS_LIMITS.language,
  how_to_apply_url: SITE_SETTINGS_LIMITS.link,
  research_group_name: SITE_SETTINGS_LIMITS.researchGroupName,
  research_group_url: SITE_SETTINGS_LIMITS.link,
} as const;

const NUMBER_FIELDS = {
  duration_months: { min: 1, max: SITE_SETTINGS_LIMITS.durationMonths },
  ects_credits: { min: 1, max: SITE_SETTINGS_LIMITS.ectsCredits },
  price: { min: 0, max: SITE_SETTINGS_LIMITS.price },
} as const;

export const siteSettingsMessages = {
  invalidLink: 'Introduzca una dirección que empiece por https:// o http://, o una ruta de este sitio que empiece por /.',
  invalidPhone: 'Introduzca un teléfono válido: cifras, espacios y los signos + ( ) - . (al menos 6 cifras).',
  durationMonths: `Escriba la duración en meses: un número entero entre 1 y ${SITE_SETTINGS_LIMITS.durationMonths}.`,
  ectsCredits: `Escriba los créditos ECTS: un número entero entre 1 y ${SITE_SETTINGS_LIMITS.ectsCredits}.`,
  price: 'Escriba el precio en euros: un número entero entre 0 y 1.000.000.',
  modality: 'Elija una modalidad: presencial, semipresencial o en línea.',
  closesBeforeOpens: 'El cierre del plazo no puede ser anterior a su apertura.',
  closesRequired: 'Indique también cuándo se cierra el plazo.',
  socialLinks: 'Las redes sociales deben ser un objeto con facebook, instagram, x, youtube y linkedin.',
  /** The notice after a save. */
  saved: 'Ajustes del sitio guardados',
  saveFailed: 'No se pudieron guardar los ajustes. Revise los campos marcados o inténtelo de nuevo.',
  loadFailed: 'No se pudieron cargar los ajustes del sitio.',
} as const;

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// Characters no link holds: spaces and line breaks, and the backslash some browsers read as '/' (control characters: hasControlCharacter).
const UNSAFE_IN_LINK = /[\s\\]/;
const unsafeInLink = (value: string): boolean => UNSAFE_IN_LINK.test(value) || hasControlCharacter(value);

/**
 * A link the site may write into its pages: an absolute http(s) address, or a
 * path of this site ('/giese', '/talleres'), never '//elsewhere' nor any other
 * scheme (javascript:, data:, mailto:).
 */
export function isSiteLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !unsafeInLink(value);
  return isHttpUrl(value) && !unsafeInLink(value);
}

const PHONE = /^[+\d\s().-]+$/;
const isPhone = (value: string): boolean => PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6;

export const isModality = (value: unknown): value is Modality => isOneOf(MODALITIES, value);

/** One link's rule: '' is none; else a site link no longer than the limit. */
function checkLink(value: unknown, field: string, errors: FieldErrors): void {
  if (blank(value)) return;
  if (typeof value !== 'string') errors[field] = [messages.invalidText];
  else if (value.trim().length > SITE_SETTINGS_LIMITS.link) errors[field] = [messages.tooLong(SITE_SETTINGS_LIMITS.link)];
  else if (!isSiteLink(value.trim())) errors[field] = [siteSettingsMessages.invalidLink];
}

/**
 * The settings' rules, for a whole set of values or (`partial`, a PATCH) the
 * fields present: lengths, an email address, a phone, whole numbers in range,
 * dates, links that are http(s) or a path of the site, the research group's
 * name required, and the admission period's close not before its opening (and
 * given whenever its opening is). Errors are keyed as the API's fields are,
 * a network's as `social_links.youtube`.
 */
export function validateSiteSettings(input: Record<string, unknown>, { partial = false }: { partial?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  const present = (field: string) => !partial || input[field] !== undefined;

  for (const [field, max] of Object.entries(TEXT_FIELDS)) {
    const value = input[field];
    if (!present(field) || value === null || value === undefined) continue;
    if (typeof value !== 'string') errors[field] = [messages.invalidText];
    else if (value.trim().length > max) errors[field] = [messages.tooLong(max)];
  }
  if (present('research_group_name') && !errors.research_group_name && blank(input.research_group_name)) {
    errors.research_group_name = [messages.required];
  }
  const email = input.contact_email;
  if (!errors.contact_email && typeof email === 'string' && email.trim() !== '' && !isEmail(email.trim())) {
    errors.contact_email = [messages.invalidEmail];
  }
  const phone = input.contact_phone;
  if (!errors.contact_phone && typeof phone === 'string' && phone.trim() !== '' && !isPhone(phone.trim())) {
    errors.contact_phone = [siteSettingsMessages.invalidPhone];
  }
  for (const field of ['how_to_apply_url', 'research_group_url']) {
    if (present(field) && !errors[field]) checkLink(input[field], field, errors);
  }

  for (const [field, { min, max }] of Object.entries(NUMBER_FIELDS)) {
    const value = input[field];
    if (!present(field) || value === null || value === undefined) continue;
    if (!isWholeNumberBetween(value, min, max)) {
      errors[field] = [siteSettingsMessages[field === 'price' ? 'price' : field === 'ects_credits' ? 'ectsCredits' : 'durationMonths']];
    }
  }
  if (present('modality') && !blank(input.modality) && !isModality(input.modality)) errors.modality = [siteSettingsMessages.modality];

  for (const field of ['admission_opens', 'admission_closes']) {
    const value = input[field];
    if (present(field) && !blank(value) && (typeof value !== 'string' || !isIsoDate(value))) errors[field] = [messages.invalidDate];
  }
  const [opens, closes] = [input.admission_opens, input.admission_closes];
  // A PATCH that sends one of the two is checked against the other by the server, on the merged values.
  if ((!partial || (opens !== undefined && closes !== undefined)) && !errors.admission_opens && !errors.admission_closes) {
    if (!blank(opens) && blank(closes)) errors.admission_closes = [siteSettingsMessages.closesRequired];
    else if (!blank(opens) && !blank(closes) && String(closes) < String(opens))
      errors.admission_closes = [siteSettingsMessages.closesBeforeOpens];
  }

  const social = input.social_links;
  if (present('social_links') && social !== undefined) {
    if (!isRecord(social)) errors.social_links = [siteSettingsMessages.socialLinks];
    else {
      if (Object.keys(social).some((key) => !isOneOf(SOCIAL_NETWORKS, key))) errors.social_links = [siteSettingsMessages.socialLinks];
      for (const network of SOCIAL_NETWORKS) checkLink(social[network], `social_links.${network}`, errors);
    }
  }
  return errors;
}

/** A PATCH's values made ready to store: texts trimmed, '' and null for none. */
export function normalizedSiteSettings(input: Partial<SiteSettingsValues>): Partial<SiteSettingsValues> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (field === 'social_links' && value && typeof value === 'object') {
      out.social_links = Object.fromEntries(Object.entries(value).map(([network, url]) => [network, String(url ?? '').trim()]));
    } else if (field in TEXT_FIELDS || field === 'modality') out[field] = String(value ?? '').trim();
    else if (field === 'admission_opens' || field === 'admission_closes') out[field] = blank(value) ? null : value;
    else out[field] = value;
  }
  return out;
}

const defaultLink = (network: SocialNetwork): string =>
  DEFAULT_SITE_SETTINGS.socialLinks.find((link) => link.network === network)?.url ?? '';

/**
 * The settings of a site nobody has edited yet: the networks' home pages and
 * the research group 'GIESE' at /giese (SPEC §2's navigation), nothing else.
 * The server takes the environment's values over these (SOCIAL_*_URL,
 * GIESE_LABEL, GIESE_URL: server/config.ts).
 */
export const DEFAULT_SITE_SETTINGS_VALUES: SiteSettingsValues = {
  contact_email: '',
  contact_phone: '',
  contact_address: '',
  duration_months: null,
  ects_credits: null,
  modality: '',
  language: '',
  price: null,
  admission_opens: null,
  admission_closes: null,
  how_to_apply_url: '',
  // Every network named (its type says so), in SOCIAL_NETWORKS' order.
  social_links: {
    facebook: defaultLink('facebook'),
    instagram: defaultLink('instagram'),
    x: defaultLink('x'),
    youtube: defaultLink('youtube'),
    linkedin: defaultLink('linkedin'),
  },
  research_group_name: DEFAULT_SITE_SETTINGS.researchGroup.label,
  research_group_url: DEFAULT_SITE_SETTINGS.researchGroup.url,
};

/** The settings as every public page carries them (SiteSettings): only the networks that have a link. */
export function publicSiteSettings(values: SiteSettingsValues): SiteSettings {
  return {
    socialLinks: SOCIAL_NETWORKS.filter((network) => values.social_links[network] !== '').map((network) => ({
      network,
      label: SOCIAL_NETWORK_LABELS[network],
      url: values.social_links[network],
    })),
    researchGroup: { label: values.research_group_name, url: values.research_group_url },
    contact: { email: values.contact_email, phone: values.contact_phone, address: values.contact_address },
    programme: {
      duration_months: values.duration_months,
      ects_credits: values.ects_credits,
      modality: values.modality,
      language: values.language,
      price: values.price,
      admission_opens: values.admission_opens,
      admission_closes: values.admission_closes,
      how_to_apply_url: values.how_to_apply_url,
    },
  };
}

/**
 * Where the admission period stands on `today` (YYYY-MM-DD in the site's time
 * zone): 'open' from its opening (or, with none, any day) to its close, both
 * included; 'upcoming' before its opening; 'closed' after its close; null
 * when no close is set. It turns at the site's midnight because `today` does.
 */
export function admissionState(
  period: Pick<SiteSettingsValues, 'admission_opens' | 'admission_closes'>,
  today: string,
): 'open' | 'upcoming' | 'closed' | null {
  const { admission_opens: opens, admission_closes: closes } = period;
  if (!closes) return null;
  if (today > closes) return 'closed';
  if (opens && today < opens) return 'upcoming';
  return 'open';
}

/** What the home page says of the period on `today`: 'Plazo abierto hasta el 30 de junio de 2027', or when it opens; null else. */
export function admissionLine(period: Pick<SiteSettingsValues, 'admission_opens' | 'admission_closes'>, today: string): string | null {
  switch (admissionState(period, today)) {
    case 'open':
      return `Plazo abierto hasta el ${longDate(period.admission_closes!)}`;
    case 'upcoming':
      return `El plazo de admisión se abre el ${longDate(period.admission_opens!)}`;
    default:
      return null;
  }
}

/** The period in long Spanish: 'Del 1 de febrero de 2027 al 30 de junio de 2027', 'Hasta el …'; null without a close. */
export function admissionPeriodText(period: Pick<SiteSettingsValues, 'admission_opens' | 'admission_closes'>): string | null {
  const { admission_opens: opens, admission_closes: closes } = period;
  if (!closes) return null;
  return opens ? `Del ${longDate(opens)} al ${longDate(closes)}` : `Hasta el ${longDate(closes)}`;
}

/** '12 meses', '1 año', '2 años', '18 meses'. */
export function durationText(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 año' : `${months / 12} años`;
  return months === 1 ? '1 mes' : `${months} meses`;
}

/** Thousands grouped with '.', as Spanish prices are written: 4500 → '4.500 €'; 0 → 'Gratuito'. */
export function priceText(euros: number): string {
  if (euros === 0) return 'Gratuito';
  return `${String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
}

/** A phone as a tel: link writes it: its digits and a leading '+'. */
export const telHref = (phone: string): string => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** Whether the settings say any of the programme's key facts (the home page shows the block then). */
export const hasProgrammeFacts = (facts: ProgrammeFacts): boolean =>
  facts.duration_months !== null ||
  facts.ects_credits !== null ||
  facts.modality !== '' ||
  facts.language !== '' ||
  facts.price !== null ||
  facts.admission_closes !== null ||
  facts.how_to_apply_url !== '';
