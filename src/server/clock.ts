/**
 * The server's readings of the clock, in the forms the database stores:
 * timestamps as ISO 8601 text, calendar dates as YYYY-MM-DD.
 */

/** Now, as the created_at / updated_at columns hold it. */
export const nowIso = (): string => new Date().toISOString();

/** Today as YYYY-MM-DD in UTC: a publication is public from its date on (docs/decisions/002). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
