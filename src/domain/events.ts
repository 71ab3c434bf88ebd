import type { Static } from 'typebox';
import type { FieldErrors } from './entities';
import type { PublicationEventSchema } from './schemas/publications';
import { FIELD_LIMITS } from './limits';
import { isOneOf, isRecord } from './guards';
import { longDate, shortDate } from './publication-status';
import { messages } from './messages';
import { isHttpUrl, isIsoDate, parseBoolean } from './validation';
import { formatOffset, offsetMinutesAt, offsetsOfWallClock, parseOffset, wallClockAsUtc } from './zoned-time';

/**
 * A publication's event (docs/decisions/197): when, where, and the links to
 * attend and to register. Any publication may carry one.
 *
 * Times are wall-clock times of the site's zone (SITE_TIME_ZONE): stored as
 * 'YYYY-MM-DDTHH:MM:SS' with no offset, so a change of the clocks never
 * moves an event; the API answers them with the zone's offset at that
 * moment ('2026-03-29T10:00:00+02:00'). A whole-day event has dates only
 * ('YYYY-MM-DD'), its `end` the last day, inclusive.
 */
export type PublicationEvent = Static<typeof PublicationEventSchema>;

/** An event as the admin's form sends it: wall-clock times with no offset (the server reads them in the site's zone), blanks as ''. */
export type EventBody = Omit<PublicationEvent, 'location' | 'online_url' | 'registration_url'> & {
  location: string;
  online_url: string;
  registration_url: string;
};

const EVENT_KEYS = ['start', 'end', 'all_day', 'location', 'online_url', 'registration_url'] as const;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One of the event's times, as stored: a date for a whole-day event, else a
 * wall-clock time with seconds. With `timeZone` (the server), a time that
 * does not exist there that day, or one sent with an offset the zone does not
 * have then, is refused too; the browser, which does not know the site's
 * zone, sends none and leaves those checks to the server.
 */
function readTime(value: unknown, allDay: boolean, timeZone: string | undefined): { time: string } | { problem: string } {
  if (typeof value !== 'string') return { problem: allDay ? messages.invalidDate : messages.eventInvalidDateTime };
  const text = value.trim();
  if (allDay) return isIsoDate(text) ? { time: text } : { problem: messages.invalidDate };
  const match = DATE_TIME.exec(text);
  if (!match) return { problem: messages.eventInvalidDateTime };
  const [, day, hour, minute, second = '00', offsetText] = match;
  const wallClock = `${day}T${hour}:${minute}:${second}`;
  if (Number.isNaN(wallClockAsUtc(wallClock))) return { problem: messages.eventInvalidDateTime };
  if (timeZone === undefined) return { time: wallClock };
  const offsets = offsetsOfWallClock(wallClock, timeZone);
  if (offsets.length === 0) return { problem: messages.eventTimeSkipped };
  if (offsetText !== undefined) {
    const offset = parseOffset(offsetText);
    if (offset === undefined || !offsets.includes(offset)) {
      return { problem: messages.eventWrongOffset(offsets.map(formatOffset).join(' o ')) };
    }
  }
  return { time: wallClock };
}

/** An optional text: trimmed, '' and null are none. */
function optionalText(value: unknown): string | null | undefined {
  if (blank(value)) return null;
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * An event as a form or an API body sends it: an object, its JSON text (a
 * multipart field, like `layout`), or null / 'null' (none: an edit removes
 * it). Answers undefined when the body says nothing of it. Field errors go
 * under `event.start`, `event.end`… (`event` when it is not an object).
 */
export function readEvent(value: unknown, errors: FieldErrors, timeZone?: string): PublicationEvent | null | undefined {
  if (value === undefined) return undefined;
  let sent: unknown = value;
  if (typeof sent === 'string') {
    if (sent.trim() === '' || sent.trim() === 'null') return null;
    try {
      const parsed: unknown = JSON.parse(sent);
      sent = parsed;
    } catch {
      errors.event = [messages.eventInvalid];
      return undefined;
    }
  }
  if (sent === null) return null;
  if (!isRecord(sent) || Object.keys(sent).some((key) => !isOneOf(EVENT_KEYS, key))) {
    errors.event = [messages.eventInvalid];
    return undefined;
  }
  const fields = sent;
  const before = Object.keys(errors).length;
  const allDay = fields.all_day === undefined ? false : parseBoolean(fields.all_day);
  if (allDay === undefined) errors['event.all_day'] = [messages.invalidBoolean];
  const whole = allDay ?? false;

  let start: string | undefined;
  if (blank(fields.start)) errors['event.start'] = [messages.eventStartRequired];
  else {
    const read = readTime(fields.start, whole, timeZone);
    if ('problem' in read) errors['event.start'] = [read.problem];
    else start = read.time;
  }
  let end: string | null = null;
  if (!blank(fields.end)) {
    const read = readTime(fields.end, whole, timeZone);
    if ('problem' in read) errors['event.end'] = [read.problem];
    else end = read.time;
  }
  // Wall-clock text compares as time does (of two readings of the hour repeated in autumn, as the first).
  if (start !== undefined && end !== null && end < start) errors['event.end'] = [messages.eventEndBeforeStart];

  const location = optionalText(fields.location);
  if (location === undefined) errors['event.location'] = [messages.invalidText];
  else if (location !== null && location.length > FIELD_LIMITS.eventLocation)
    errors['event.location'] = [messages.tooLong(FIELD_LIMITS.eventLocation)];
  const links: Record<'online_url' | 'registration_url', string | null> = { online_url: null, registration_url: null };
  for (const key of ['online_url', 'registration_url'] as const) {
    const link = optionalText(fields[key]);
    if (link === undefined || (link !== null && !isHttpUrl(link))) errors[`event.${key}`] = [messages.invalidUrl];
    else if (link !== null && link.length > FIELD_LIMITS.url) errors[`event.${key}`] = [messages.tooLong(FIELD_LIMITS.url)];
    else links[key] = link;
  }
  if (Object.keys(errors).length > before || start === undefined) return undefined;
  return { start, end, all_day: whole, location: location ?? null, ...links };
}

/** A stored time as the API answers it: a timed one with the site zone's offset at that moment. */
function answeredTime(time: string, timeZone: string): string {
  if (time.length === 10) return time;
  // A time stored before the zone changed its rules may since have fallen in a skipped hour: the offset of that instant then.
  const offset = offsetsOfWallClock(time, timeZone)[0] ?? offsetMinutesAt(wallClockAsUtc(time), timeZone);
  return `${time}${formatOffset(offset)}`;
}

/** A stored event as the API answers it (docs/decisions/197). */
export function eventAnswer(event: PublicationEvent, timeZone: string): PublicationEvent {
  return { ...event, start: answeredTime(event.start, timeZone), end: event.end === null ? null : answeredTime(event.end, timeZone) };
}

/** The wall-clock part of an answered time: '2026-03-12T09:30:00+01:00' → '2026-03-12T09:30:00'. */
export const wallClockOf = (time: string): string => time.slice(0, time.length === 10 ? 10 : 19);

/** An answered event as stored: its times without their offsets (a version kept in Historial, restored). */
export const storedEvent = (event: PublicationEvent): PublicationEvent => ({
  ...event,
  start: wallClockOf(event.start),
  end: event.end === null ? null : wallClockOf(event.end),
});

/** The event's last day (its end's, or its start's when it has none): it is upcoming while that day has not passed. */
export const eventLastDay = (event: Pick<PublicationEvent, 'start' | 'end'>): string => (event.end ?? event.start).slice(0, 10);

/** Upcoming on `today` (YYYY-MM-DD in the site's zone) while its last day is today or later. */
export const isUpcoming = (event: Pick<PublicationEvent, 'start' | 'end'>, today: string): boolean => eventLastDay(event) >= today;

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/**
 * 'jueves, 12 de marzo de 2026' of a date or wall-clock time (its digits as written, no zone
 * arithmetic). With the domain's words rather than Intl: a page's first DateTimeFormat makes
 * Chromium load its calendar data (client/ui/format-date.ts says how long that takes).
 */
function longSpanishDay(time: string): string {
  const [year, month, day] = time.slice(0, 10).split('-').map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ${longDate(time.slice(0, 10))}`;
}

/** '9:30' of a wall-clock time, as a 24-hour clock says it in Spanish. */
const spanishClock = (time: string): string => `${Number(time.slice(11, 13))}:${time.slice(14, 16)}`;

/**
 * When, in long Spanish: 'jueves, 12 de marzo de 2026, 9:30', with the end
 * when there is one ('…, 9:30 a 13:00'; 'del jueves, 12 de marzo de 2026 al
 * sábado, 14 de marzo de 2026' for several days).
 */
export function eventWhen(event: Pick<PublicationEvent, 'start' | 'end' | 'all_day'>): string {
  const start = wallClockOf(event.start);
  const end = event.end === null ? null : wallClockOf(event.end);
  const at = (time: string) => (event.all_day ? longSpanishDay(time) : `${longSpanishDay(time)}, ${spanishClock(time)}`);
  if (end === null || end === start) return at(start);
  if (end.slice(0, 10) === start.slice(0, 10)) return event.all_day ? at(start) : `${at(start)} a ${spanishClock(end)}`;
  return `del ${at(start)} al ${at(end)}`;
}

/** The admin's short form: '12 mar 2026, 9:30' (a whole-day event: its first day). */
export function eventShortWhen(event: Pick<PublicationEvent, 'start' | 'all_day'>): string {
  const start = wallClockOf(event.start);
  return event.all_day ? shortDate(start) : `${shortDate(start.slice(0, 10))}, ${spanishClock(start)}`;
}

/** Where: the place, 'En línea' when it is only online, or null when the event says neither. */
export const eventWhere = (event: Pick<PublicationEvent, 'location' | 'online_url'>): string | null =>
  event.location ?? (event.online_url ? 'En línea' : null);

/** The site's events as a calendar to subscribe to (server/seo/icalendar.ts), announced in every page's head and footer. */
export const CALENDAR_PATH = '/calendario.ics';
export const CALENDAR_TITLE = 'Calendario de eventos';

/** One publication's event as a calendar file: 'Añadir al calendario'. */
export const eventCalendarPath = (sectionSlug: string, id: number): string => `/${sectionSlug}/${id}/evento.ics`;
