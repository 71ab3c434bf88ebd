import { createContext, useContext } from 'react';
import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import type { SectionLink, SiteSettings, SocialLink } from '@/domain/entities';

const isSectionLink = (value: unknown): value is SectionLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SectionLink).title === 'string' &&
  typeof (value as SectionLink).slug === 'string' &&
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test((value as SectionLink).slug);

const isLink = (value: unknown): value is SocialLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SocialLink).url === 'string' &&
  typeof (value as SocialLink).label === 'string';

/** What every public page is drawn with beside its data: the site's settings and the year it was made in. */
export interface SiteFrame {
  settings: SiteSettings;
  year: number;
}

/** The settings script's JSON, parsed once; null when there is none or it cannot be read (development, tests). */
function settingsJson(doc: Document): Record<string, unknown> | null {
  const raw = doc.getElementById('site-settings')?.textContent;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function settingsFrom(json: Record<string, unknown> | null): SiteSettings {
  if (!json) return DEFAULT_SITE_SETTINGS;
  const parsed = json as Partial<SiteSettings>;
  const socialLinks = Array.isArray(parsed.socialLinks) ? parsed.socialLinks.filter(isLink) : [];
  const group = parsed.researchGroup;
  return {
    sections: Array.isArray(parsed.sections) ? parsed.sections.filter(isSectionLink) : [],
    socialLinks: socialLinks.length > 0 ? socialLinks : DEFAULT_SITE_SETTINGS.socialLinks,
    researchGroup:
      group && typeof group.url === 'string' && group.url
        ? { label: group.label || DEFAULT_SITE_SETTINGS.researchGroup.label, url: group.url }
        : DEFAULT_SITE_SETTINGS.researchGroup,
  };
}

/**
 * The public links of the site (requirements §10.4: configuration, not content),
 * and the visible sections an administrator added, as the server writes them
 * into the page:
 * <script id="site-settings" type="application/json">{...}</script>.
 * Missing or unreadable parts fall back to the defaults (development, tests).
 */
export const readSiteSettings = (doc: Document = document): SiteSettings => settingsFrom(settingsJson(doc));

/**
 * The page's frame from that one script: the settings, and the year the page was made in by
 * the server's clock in the site's time zone (the footer's ©), the same on both sides of a
 * take-over; the browser's year when the page says none.
 */
export function readSiteFrame(doc: Document = document): SiteFrame {
  const json = settingsJson(doc);
  const year = json?.year;
  return { settings: settingsFrom(json), year: typeof year === 'number' && Number.isInteger(year) ? year : new Date().getFullYear() };
}

const SiteFrameContext = createContext<SiteFrame>({ settings: DEFAULT_SITE_SETTINGS, year: new Date().getFullYear() });

/**
 * Gives the public pages their frame: in the browser as the server wrote it into the page
 * (readSiteFrame), on the server as it is about to write it (server/render),
 * so that both draw the same header, footer and added sections.
 */
export const SiteFrameProvider = SiteFrameContext.Provider;

export const useSiteSettings = (): SiteSettings => useContext(SiteFrameContext).settings;

export const usePageYear = (): number => useContext(SiteFrameContext).year;

/** The visible sections beyond the five, in the admin's order, as this page was served with them. */
export const useAddedSectionLinks = (): SectionLink[] => useSiteSettings().sections ?? [];
