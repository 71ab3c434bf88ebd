import { DATE_LOCALE } from '@/domain/limits';

// Short months: these sit in table columns, beside other facts.
const moment = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });

const format = (formatter: Intl.DateTimeFormat, iso: string | null | undefined): string => {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : formatter.format(time);
};

/** A moment (an ISO timestamp) as the administrator's clock shows it: '22 nov 2026, 14:05'. '' when it is not one. */
export const formatMoment = (iso: string | null | undefined): string => format(moment, iso);

/** Its day only, on the administrator's calendar: '22 nov 2026'. */
export const formatMomentDay = (iso: string | null | undefined): string => format(day, iso);
