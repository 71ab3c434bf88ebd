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

/**
 * The public links of the site (requirements §10.4: configuration, not content),
 * and the visible sections an administrator added, as the server writes them
 * into the page:
 * <script id="site-settings" type="application/json">{...}</script>.
 * Missing or unreadable parts fall back to the defaults (development, tests).
 */
export function readSiteSettings(doc: Document = document): SiteSettings {
  const raw = doc.getElementById('site-settings')?.textContent;
  if (!raw) return DEFAULT_SITE_SETTINGS;
  try {
    const parsed = JSON.parse(raw) as Partial<SiteSettings>;
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
  } catch {
    return DEFAULT_SITE_SETTINGS;
  }
}

let cached: SiteSettings | undefined;

/** The settings of this page, read once. */
export function siteSettings(): SiteSettings {
  cached ??= readSiteSettings();
  return cached;
}

/** The visible sections beyond the five, in the admin's order, as this page was served with them. */
export const addedSectionLinks = (): SectionLink[] => siteSettings().sections ?? [];
