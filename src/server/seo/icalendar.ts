import { SITE_NAME } from '@/domain/catalogue';
import { eventLastDay, type PublicationEvent } from '@/domain/events';
import { DATE_LOCALE } from '@/domain/limits';
import { formatOffset, offsetMinutesAt } from '@/domain/zoned-time';
import { withoutUnreadableCharacters } from './feeds';

/**
 * The site's events as an iCalendar file (RFC 5545) that calendar
 * applications subscribe to. Timed events keep the site zone's wall-clock
 * times, with a VTIMEZONE drawn from the platform's Intl, so that a reader
 * places them as the site does whatever time-zone data it has itself.
 */

export interface CalendarEntry {
  /** Stable, globally unique: e.g. 'publicacion-12@example.org'. */
  uid: string;
  /** Absolute address of the publication page. */
  url: string;
  summary: string;
  /** Plain text (already stripped of HTML); may be ''. */
  description: string;
  /** The stored event (wall-clock times of `timeZone`). */
  event: PublicationEvent;
  /** ISO 8601 instant (e.g. '2026-12-05T10:00:00.000Z'): the publication's last change — written as DTSTAMP and LAST-MODIFIED in UTC ('20261205T100000Z'). */
  stamp: string;
}

export interface CalendarInput {
  /** Calendar name (X-WR-CALNAME and NAME). */
  name: string;
  /** IANA zone, e.g. 'Europe/Madrid'. */
  timeZone: string;
  entries: readonly CalendarEntry[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const CRLF = '\r\n';
/** RFC 5545 §3.1: longer content lines are folded. */
const LINE_OCTETS = 75;
/** How often a subscribed reader should fetch the calendar again. */
const REFRESH = 'PT6H';

/** First, before any escape, as escapeXml does: the calendar and the feeds then read a text alike (CR, a dropped character, LF: one line break). */
const drop = withoutUnreadableCharacters;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, any line break as '\n'. */
const text = (value: string): string =>
  drop(value)
    .replace(/[\\;,]/g, '\\$&')
    .replace(/\r\n|[\r\n]/g, '\\n');

/**
 * A URI value, which has no escapes: a URL parser skips tabs and line breaks
 * in an address (WHATWG URL), so dropping them leaves the same address on
 * one line.
 */
const uri = (value: string): string => drop(value).replace(/[\t\r\n]/g, '');

/**
 * A content line as the file carries it: folded so that no physical line
 * passes 75 octets of UTF-8 (the space that opens a continuation counts),
 * always between two characters, never inside one nor inside a surrogate
 * pair, and ended by CRLF.
 */
function contentLine(line: string): string {
  let written = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > LINE_OCTETS) {
      written += `${CRLF} `;
      octets = 1;
    }
    written += character;
    octets += size;
  }
  return written + CRLF;
}

const component = (name: string, lines: readonly string[]): string[] => [`BEGIN:${name}`, ...lines, `END:${name}`];

/** A TEXT property, left out when there is nothing to say. */
function optionalText(name: string, value: string | null): string[] {
  const written = text(value ?? '');
  return written === '' ? [] : [`${name}:${written}`];
}

/** RFC 5545's basic format: '2026-03-12T09:30:00' → '20260312T093000', '2026-03-12' → '20260312'. */
const basic = (time: string): string => time.replace(/[-:]/g, '');

/** The wall-clock time ('YYYY-MM-DDTHH:MM:SS') at an instant where the offset is `offset` minutes. */
const wallClockAt = (instant: number, offset: number): string => new Date(instant + offset * MINUTE).toISOString().slice(0, 19);

/** An ISO 8601 instant, whatever its offset, as a UTC DATE-TIME: '20261205T100000Z'. */
const utcDateTime = (instant: string): string => `${basic(wallClockAt(Date.parse(instant), 0))}Z`;

/** The day after a 'YYYY-MM-DD' (a date-only ISO text parses as UTC midnight, so whole days add up). */
const dayAfter = (day: string): string => wallClockAt(Date.parse(day) + DAY, 0).slice(0, 10);

/** A UTC offset in minutes as RFC 5545 writes it: 60 → '+0100'. */
const utcOffset = (minutes: number): string => formatOffset(minutes).replace(':', '');

/** A change of the zone's offset: its instant, and the offsets (minutes) before and after. */
interface OffsetChange {
  at: number;
  from: number;
  to: number;
}

/** The instant in (`before`, `after`] where the offset stops being `from`, by halving to the minute: every change since 1970 falls on one. */
function changeInstant(before: number, after: number, from: number, timeZone: string): number {
  let [low, high] = [before, after];
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
    if (offsetMinutesAt(middle, timeZone) === from) low = middle;
    else high = middle;
  }
  return high;
}

/** The zone's changes of offset from `start` to `end` (instants), found a day at a time: a zone changes offset at most once a day. */
function offsetChanges(timeZone: string, start: number, end: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let offset = offsetMinutesAt(start, timeZone);
  for (let day = start; day < end; day += DAY) {
    const next = offsetMinutesAt(day + DAY, timeZone);
    if (next !== offset) changes.push({ at: changeInstant(day, day + DAY, offset, timeZone), from: offset, to: next });
    offset = next;
  }
  return changes;
}

// Intl's rules do not change while the process runs, and each request for the calendar asks for the same zone
// and years: scanning a year costs some 400 readings of the offset, remembering it almost nothing.
const changesByYear = new Map<string, readonly OffsetChange[]>();

function changesInYear(timeZone: string, year: number): readonly OffsetChange[] {
  const key = `${timeZone} ${year}`;
  let changes = changesByYear.get(key);
  if (changes === undefined) {
    changes = offsetChanges(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
    changesByYear.set(key, changes);
  }
  return changes;
}

/** The zone's short name at an instant, as the site's locale says it: 'CET', 'CEST'; 'GMT-4' where it has none. */
function zoneName(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An observance of a VTIMEZONE: `onset` is the local time it starts at, read
 * on the clocks before it (RFC 5545 §3.6.5); `daylight` when its offset is
 * the higher of the two it moves between.
 */
interface Observance {
  onset: string;
  from: number;
  to: number;
  name: string;
  daylight: boolean;
}

function observanceLines({ onset, from, to, name, daylight }: Observance): string[] {
  return component(daylight ? 'DAYLIGHT' : 'STANDARD', [
    `DTSTART:${onset}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `TZNAME:${text(name)}`,
  ]);
}

/**
 * The zone's observances over whole years, one per change of offset, none
 * recurring: Intl knows each change, not the rule behind it. They follow the
 * offset of the years' start, held since 1970, since readers take a time
 * before the first observance as UTC (ical.js does); a zone that keeps one
 * offset throughout has that observance alone.
 */
function observances(timeZone: string, firstYear: number, lastYear: number): Observance[] {
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index);
  const changes = years.flatMap((year) => changesInYear(timeZone, year));
  const start = Date.UTC(firstYear, 0, 1);
  const offset = offsetMinutesAt(start, timeZone);
  const before = {
    onset: '19700101T000000',
    from: offset,
    to: offset,
    name: zoneName(start, timeZone),
    daylight: offset > (changes[0]?.to ?? offset),
  };
  const after = changes.map(({ at, from, to }) => ({
    onset: basic(wallClockAt(at, from)),
    from,
    to,
    name: zoneName(at, timeZone),
    daylight: to > from,
  }));
  return [before, ...after];
}

/** The first and last years the timed events touch; undefined when all are whole-day events, which need no zone. */
function timedYears(entries: readonly CalendarEntry[]): [number, number] | undefined {
  const years = entries
    .filter(({ event }) => !event.all_day)
    .flatMap(({ event }) => [event.start, event.end ?? event.start])
    .map((time) => Number(time.slice(0, 4)));
  return years.length === 0 ? undefined : [Math.min(...years), Math.max(...years)];
}

function timeZoneLines(timeZone: string, entries: readonly CalendarEntry[]): string[] {
  const years = timedYears(entries);
  if (years === undefined) return [];
  // A year either side, so that the events' years are framed by the zone's real changes, not by the offsets held before and after them.
  const lines = observances(timeZone, years[0] - 1, years[1] + 1).flatMap(observanceLines);
  return component('VTIMEZONE', [`TZID:${text(timeZone)}`, ...lines]);
}

/**
 * DTSTART and DTEND. A whole-day event's are dates, its DTEND the day after
 * its last (RFC 5545's end is exclusive); a timed event's are wall-clock
 * times of the zone (an IANA name, which never needs quoting as a
 * parameter), with no DTEND unless it ends after it starts: RFC 5545 wants
 * DTEND later than DTSTART, and reads an event without one as taking its
 * start instant.
 */
function eventTimes(event: PublicationEvent, timeZone: string): string[] {
  if (event.all_day) return [`DTSTART;VALUE=DATE:${basic(event.start)}`, `DTEND;VALUE=DATE:${basic(dayAfter(eventLastDay(event)))}`];
  const at = (time: string) => `;TZID=${timeZone}:${basic(time)}`;
  const end = event.end !== null && event.end > event.start ? [`DTEND${at(event.end)}`] : [];
  return [`DTSTART${at(event.start)}`, ...end];
}

const labelled = (label: string, value: string | null): string[] => (value ? [`${label}: ${value}`] : []);

/** The description, then the links to attend and to register, a blank line between: '' when there is none of them. */
function descriptionOf(description: string, event: PublicationEvent): string {
  const links = [...labelled('En línea', event.online_url), ...labelled('Inscripción', event.registration_url)].join('\n');
  return [description, links].filter((part) => part.trim() !== '').join('\n\n');
}

function eventLines(entry: CalendarEntry, timeZone: string): string[] {
  const { event } = entry;
  const changed = utcDateTime(entry.stamp);
  return component('VEVENT', [
    `UID:${text(entry.uid)}`,
    `DTSTAMP:${changed}`,
    `LAST-MODIFIED:${changed}`,
    `SUMMARY:${text(entry.summary)}`,
    ...eventTimes(event, timeZone),
    ...optionalText('LOCATION', event.location ?? event.online_url),
    `URL:${uri(entry.url)}`,
    ...optionalText('DESCRIPTION', descriptionOf(entry.description, event)),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
  ]);
}

/** The calendar, its events in the order given, as an iCalendar file (RFC 5545, with RFC 7986's NAME and REFRESH-INTERVAL). */
export function renderCalendar({ name, timeZone, entries }: CalendarInput): string {
  const lines = component('VCALENDAR', [
    'VERSION:2.0',
    `PRODID:-//${text(SITE_NAME)}//Calendario//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${text(name)}`,
    `X-WR-CALNAME:${text(name)}`,
    `X-WR-TIMEZONE:${text(timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    ...timeZoneLines(timeZone, entries),
    ...entries.flatMap((entry) => eventLines(entry, timeZone)),
  ]);
  return lines.map(contentLine).join('');
}
