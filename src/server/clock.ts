/**
 * The server's readings of the clock, in the forms the database stores:
 * timestamps as ISO 8601 text, calendar dates as YYYY-MM-DD.
 */

/** Now, as the created_at / updated_at columns hold it. */
export const nowIso = (): string => new Date().toISOString();

/** The site's time zone when SITE_TIME_ZONE is not set: the programme's. */
const DEFAULT_SITE_TIME_ZONE = 'Europe/Madrid';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of calendar days in `timeZone`; a name Intl does not know throws a RangeError. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** SITE_TIME_ZONE (an IANA name such as Europe/Madrid), checked: an unknown one stops the start. */
export function siteTimeZone(env: Record<string, string | undefined> = process.env): string {
  const timeZone = env.SITE_TIME_ZONE?.trim() || DEFAULT_SITE_TIME_ZONE;
  try {
    dayFormat(timeZone);
  } catch {
    throw new Error(`SITE_TIME_ZONE must be a time zone name such as Europe/Madrid, got "${timeZone}"`);
  }
  return timeZone;
}

/**
 * Today as YYYY-MM-DD in the site's time zone (DECISIONS "What the public
 * sees"): a publication dated today is public from local midnight there,
 * not from UTC's. The public API, the sitemap and the cache's midnight check
 * all ask here.
 */
export function todayIso(now: Date = new Date(), timeZone: string = siteTimeZone()): string {
  return dayFormat(timeZone).format(now);
}
