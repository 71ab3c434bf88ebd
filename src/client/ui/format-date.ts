import { longDate } from '@/domain/publication-status';

/**
 * A calendar date ('2024-03-05', or the date part of an ISO timestamp) as
 * long Spanish text: '5 de marzo de 2024' (requirements §9). The date is read as a
 * calendar day, never shifted by the visitor's time zone. '' when absent or
 * not a date.
 *
 * Written with the domain's month names rather than Intl.DateTimeFormat: the
 * first DateTimeFormat a page creates makes Chromium load its calendar data,
 * which took 144 ms of main thread on a desktop CPU (a CPU profile of
 * /buscar), four times that on a phone, for a format this simple.
 */
export function formatLongDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return longDate(match[0]);
}
