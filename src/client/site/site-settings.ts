import { createContext, useContext } from 'react';
import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import type { SectionLink, SiteContact, SiteSettings, SocialLink } from '@/domain/entities';
import { isModality } from '@/domain/site-settings';
import type { ProgrammeFacts } from '@/domain/site-settings-values';
import { isRecord } from '@/domain/guards';
import { settingsScriptJson } from '@/client/ui/settings-script';

const isSectionLink = (value: unknown): value is SectionLink =>
  isRecord(value) && typeof value.title === 'string' && typeof value.slug === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value.slug);

const isLink = (value: unknown): value is SocialLink => isRecord(value) && typeof value.url === 'string' && typeof value.label === 'string';

/** What every public page is drawn with beside its data: the site's settings, the year and the site's day it was made on. */
export interface SiteFrame {
  settings: SiteSettings;
  year: number;
  /**
   * The site's today (YYYY-MM-DD in SITE_TIME_ZONE) when the page was made: whether the
   * admission period is open is decided on it, the same on both sides of a take-over.
   */
  today: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const day = (value: unknown): string | null => (typeof value === 'string' && ISO_DATE.test(value) ? value : null);

/** The contact the page carries, each part a text ('' when absent or unreadable). */
function contactFrom(value: unknown): SiteContact | undefined {
  if (!isRecord(value)) return undefined;
  return { email: text(value.email), phone: text(value.phone), address: text(value.address) };
}

/** The key facts the page carries, each of its type or none. */
function programmeFrom(value: unknown): ProgrammeFacts | undefined {
  if (!isRecord(value)) return undefined;
  return {
    duration_months: whole(value.duration_months),
    ects_credits: whole(value.ects_credits),
    modality: isModality(value.modality) ? value.modality : '',
    language: text(value.language),
    price: whole(value.price),
    admission_opens: day(value.admission_opens),
    admission_closes: day(value.admission_closes),
    how_to_apply_url: text(value.how_to_apply_url),
  };
}

/** The browser's own today, for a page that says none (development, tests). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function settingsFrom(json: Record<string, unknown> | null): SiteSettings {
  if (!json) return DEFAULT_SITE_SETTINGS;
  const group = json.researchGroup;
  const contact = contactFrom(json.contact);
  const programme = programmeFrom(json.programme);
  return {
    sections: Array.isArray(json.sections) ? json.sections.filter(isSectionLink) : [],
    // The networks that have a link, as the settings say: none is none (docs/decisions/199).
    socialLinks: Array.isArray(json.socialLinks) ? json.socialLinks.filter(isLink) : DEFAULT_SITE_SETTINGS.socialLinks,
    researchGroup:
      isRecord(group) && typeof group.url === 'string' && typeof group.label === 'string' && group.label
        ? { label: group.label, url: group.url }
        : DEFAULT_SITE_SETTINGS.researchGroup,
    ...(contact && { contact }),
    ...(programme && { programme }),
    ...(json.mail === true && { mail: true }),
  };
}

/**
 * The site's settings ('Ajustes del sitio', docs/decisions/199: links, contact,
 * the programme's facts) and the visible sections an administrator added, as
 * the server writes them into the page:
 * <script id="site-settings" type="application/json">{...}</script>.
 * Missing or unreadable parts fall back to the defaults (development, tests).
 */
export const readSiteSettings = (doc: Document = document): SiteSettings => settingsFrom(settingsScriptJson(doc));

/**
 * The page's frame from that one script: the settings, and the year and the day the page
 * was made on by the server's clock in the site's time zone (the footer's ©, the admission
 * period), the same on both sides of a take-over; the browser's when the page says none.
 */
export function readSiteFrame(doc: Document = document): SiteFrame {
  const json = settingsScriptJson(doc);
  const year = json?.year;
  const today = day(json?.today) ?? localToday();
  return {
    settings: settingsFrom(json),
    year: typeof year === 'number' && Number.isInteger(year) ? year : Number(today.slice(0, 4)),
    today,
  };
}

const SiteFrameContext = createContext<SiteFrame>({ settings: DEFAULT_SITE_SETTINGS, year: new Date().getFullYear(), today: localToday() });

/**
 * Gives the public pages their frame: in the browser as the server wrote it into the page
 * (readSiteFrame), on the server as it is about to write it (server/render),
 * so that both draw the same header, footer and added sections.
 */
export const SiteFrameProvider = SiteFrameContext.Provider;

export const useSiteSettings = (): SiteSettings => useContext(SiteFrameContext).settings;

export const usePageYear = (): number => useContext(SiteFrameContext).year;

/** The site's day the page was made on (YYYY-MM-DD). */
export const usePageDay = (): string => useContext(SiteFrameContext).today;

/** The visible sections beyond the five, in the admin's order, as this page was served with them. */
export const useAddedSectionLinks = (): SectionLink[] => useSiteSettings().sections ?? [];
