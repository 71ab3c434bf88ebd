/**
 * Wall-clock times in a named time zone, with the platform's Intl (the same
 * time-zone data in Node and in the browsers): the offset at an instant, and
 * which offsets a wall-clock time has there — one, two (the hour repeated
 * when the clocks go back) or none (the hour skipped when they go forward).
 */

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The offset of `timeZone` from UTC at an instant (ms), in minutes (Europe/Madrid in winter: 60). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An offset in minutes as ISO 8601 writes it: 60 → '+01:00', -210 → '-03:30'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** '+01:00' or 'Z' → minutes; undefined for anything else. */
export function parseOffset(text: string): number | undefined {
  if (text === 'Z') return 0;
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!match || Number(match[2]) > 23 || Number(match[3]) > 59) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** A wall-clock time 'YYYY-MM-DDTHH:MM:SS' read as if it were UTC, in ms (NaN when it is not one). */
export function wallClockAsUtc(wallClock: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(wallClock);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  if (hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over into March: a real date reads back the same.
  return new Date(time).toISOString().slice(0, 19) === wallClock ? time : Number.NaN;
}

/**
 * The offsets (minutes) a wall-clock time has in `timeZone`, the earlier
 * moment first: one on most days, two in the hour the clocks go back, none
 * in the hour they skip going forward.
 */
export function offsetsOfWallClock(wallClock: string, timeZone: string): number[] {
  const asUtc = wallClockAsUtc(wallClock);
  if (Number.isNaN(asUtc)) return [];
  // Every offset in force around that day: a zone changes offset at most once in a day either side.
  const candidates = new Set([-1, 0, 1].map((days) => offsetMinutesAt(asUtc + days * 86_400_000, timeZone)));
  return [...candidates].filter((offset) => offsetMinutesAt(asUtc - offset * 60_000, timeZone) === offset).sort((a, b) => b - a);
}
