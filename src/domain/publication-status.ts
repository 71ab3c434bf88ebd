import { isOneOf, isRecord } from './guards';

/**
 * The status a publication is shown with in the panel, from the rule the
 * public site applies (published, dated today or before in the site's time
 * zone, in a visible section): the stored status alone says 'Publicado' of a
 * publication dated tomorrow, which no visitor can see yet.
 */

/** The shown statuses; also the values of the admin list's `status` filter. */
export const SHOWN_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

export const SHOWN_STATUS_LABELS: Record<ShownStatus, string> = {
  draft: 'Borrador',
  scheduled: 'Programado',
  published: 'Publicado',
  archived: 'Archivado',
};

/** The filter's option for every status. */
export const ALL_STATUSES_LABEL = 'Todos los estados';

export const isShownStatus = (value: unknown): value is ShownStatus => isOneOf(SHOWN_STATUSES, value);

/** What the rule reads of a publication. */
export interface StatusFacts {
  /** The stored status: draft, published or archived. */
  status: string;
  /** YYYY-MM-DD, or null. */
  publish_date: string | null;
  /** Whether its section is visible on the site. */
  section_is_active: boolean;
}

/** A publication's shown status, as the admin answers carry it. */
export interface PublicState {
  status: ShownStatus;
  /** Its date (YYYY-MM-DD) when scheduled, else null. */
  scheduled_for: string | null;
  /** Its section is hidden: nobody sees it on the site, whatever its status. */
  section_hidden: boolean;
  /** Published with no date: not public (the public rule needs a date). */
  undated: boolean;
  /** Whether a visitor sees it today. */
  is_public: boolean;
}

/**
 * The shown status on `today` (YYYY-MM-DD in SITE_TIME_ZONE). 'Programado' is
 * published and dated after today; 'Publicado' is published otherwise, with
 * the second badges saying why it may still be out of sight. A stored status
 * the app does not know reads 'Archivado', as its badge always has.
 */
export function publicState(facts: StatusFacts, today: string): PublicState {
  const date = facts.publish_date || null;
  const published = facts.status === 'published';
  const scheduled = published && date !== null && date > today;
  const status: ShownStatus = facts.status === 'draft' ? 'draft' : !published ? 'archived' : scheduled ? 'scheduled' : 'published';
  return {
    status,
    scheduled_for: scheduled ? date : null,
    section_hidden: !facts.section_is_active,
    undated: published && date === null,
    is_public: published && date !== null && date <= today && facts.section_is_active,
  };
}

const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const LONG_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function dateParts(date: string): { day: number; month: number; year: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { day, month, year } : null;
}

/** '2026-11-25' as '25 nov 2026' (es-ES abbreviated months, written here so that every runtime says the same). */
export function shortDate(date: string): string {
  const parts = dateParts(date);
  return parts ? `${parts.day} ${SHORT_MONTHS[parts.month - 1]} ${parts.year}` : date;
}

/** '2026-11-25' as '25 de noviembre de 2026'. */
export function longDate(date: string): string {
  const parts = dateParts(date);
  return parts ? `${parts.day} de ${LONG_MONTHS[parts.month - 1]} de ${parts.year}` : date;
}

/** The main badge's words: 'Borrador', 'Programado · 25 nov 2026', 'Publicado', 'Archivado'. */
export function publicStateLabel(state: Pick<PublicState, 'status' | 'scheduled_for'>): string {
  const label = SHOWN_STATUS_LABELS[state.status];
  return state.status === 'scheduled' && state.scheduled_for ? `${label} · ${shortDate(state.scheduled_for)}` : label;
}

const SECOND_BADGE_LABELS = { section_hidden: 'Sección oculta', undated: 'Sin fecha' } as const;

/** The second badges' words, in the order they are shown. */
export function secondBadges(state: Pick<PublicState, 'section_hidden' | 'undated'>): string[] {
  return [...(state.section_hidden ? [SECOND_BADGE_LABELS.section_hidden] : []), ...(state.undated ? [SECOND_BADGE_LABELS.undated] : [])];
}

/**
 * The form's sentence beside the date when 'Publicado' is chosen with a date
 * after today: 'Se publicará el 25 de noviembre de 2026.'; null otherwise.
 */
export function schedulingNote(status: string, publishDate: string | null | undefined, today: string): string | null {
  if (status !== 'published' || !publishDate || !dateParts(publishDate) || publishDate <= today) return null;
  return `Se publicará el ${longDate(publishDate)}.`;
}

/**
 * How many image cells of a stored layout (its JSON text) show a picture with
 * no alternative text: 'Pendiente de revisar' lists the published ones. Text
 * that is not a layout counts none.
 */
export function storedImagesWithoutAlt(layoutText: string): number {
  let layout: unknown;
  try {
    layout = JSON.parse(layoutText);
  } catch {
    return 0;
  }
  if (!Array.isArray(layout)) return 0;
  let count = 0;
  for (const row of layout) {
    if (!isRecord(row) || !Array.isArray(row.cells)) continue;
    for (const cell of row.cells) {
      if (!isRecord(cell)) continue;
      const alt = typeof cell.alt === 'string' ? cell.alt.trim() : '';
      if (cell.type === 'image' && typeof cell.content === 'string' && cell.content !== '' && alt === '') count += 1;
    }
  }
  return count;
}
