import { todayIso } from '@/server/clock';

/**
 * The site's today moved by whole calendar days, as YYYY-MM-DD. Never by
 * 24-hour steps: on the day the clocks change, Date.now() ± n·24 h lands on
 * the same calendar day twice (or skips one) for an hour, and tests that
 * give two publications "different" dates would find them equal.
 */
export function daysFromToday(days: number): string {
  const day = new Date(`${todayIso()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export const yesterday = () => daysFromToday(-1);
