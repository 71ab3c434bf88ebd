import fc from 'fast-check';
import ICAL from 'ical.js';
import type { PublicationEvent } from '@/domain/events';
import { offsetsOfWallClock, wallClockAsUtc } from '@/domain/zoned-time';
import { type CalendarEntry, renderCalendar } from './icalendar';

const MADRID = 'Europe/Madrid';
const SANTIAGO = 'America/Santiago';
const MINUTE = 60_000;

const timed = (start: string, end: string | null = null, fields: Partial<PublicationEvent> = {}): PublicationEvent => ({
  start,
  end,
  all_day: false,
  location: null,
  online_url: null,
  registration_url: null,
  ...fields,
});

const wholeDays = (start: string, end: string | null = null): PublicationEvent => ({ ...timed(start, end), all_day: true });

const entry = (fields: Partial<CalendarEntry> = {}): CalendarEntry => ({
  uid: 'publicacion-12@master.example.org',
  url: 'https://master.example.org/noticias/12',
  summary: 'Jornada de convivencia',
  description: '',
  event: timed('2026-03-12T09:30:00', '2026-03-12T13:00:00'),
  stamp: '2026-03-04T09:30:00.000Z',
  ...fields,
});

const render = (entries: readonly CalendarEntry[], timeZone = MADRID): string =>
  renderCalendar({ name: 'Agenda del máster', timeZone, entries });

const calendarOf = (ics: string) => new ICAL.Component(ICAL.parse(ics));

const eventsOf = (ics: string) =>
  calendarOf(ics)
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));

/** The one event a calendar of `fields` holds, as ical.js reads it. */
const readEvent = (fields: Partial<CalendarEntry>, timeZone = MADRID) => eventsOf(render([entry(fields)], timeZone))[0];

/** The content lines, unfolded (RFC 5545 §3.1). */
const contentLines = (ics: string): string[] => ics.replace(/\r\n /g, '').split('\r\n');

/** The unfolded lines of an event's property, as written: 'SUMMARY:…' (the VTIMEZONE, before the events, has a DTSTART of its own). */
function linesOf(ics: string, name: string): string[] {
  const lines = contentLines(ics);
  return lines.slice(lines.indexOf('BEGIN:VEVENT')).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

/** The physical lines, each without the CRLF that must end it. */
function physicalLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  return ics.slice(0, -2).split('\r\n');
}

const asUtc = (time: ICAL.Time): string => new Date(time.toUnixTime() * 1000).toISOString();

/** The instant of a wall-clock time ('YYYY-MM-DDTHH:MM:SS') of `zone`, as ical.js reads it. */
function icalInstant(wallClock: string, zone: ICAL.Timezone): number {
  const [year, month, day, hour, minute, second] = wallClock.split(/[-T:]/).map(Number);
  return ICAL.Time.fromData({ year, month, day, hour, minute, second }, zone).toUnixTime() * 1000;
}

/** The same, as Intl says: undefined for a time the zone skips or repeats. */
function intlInstant(wallClock: string, timeZone: string): number | undefined {
  const offsets = offsetsOfWallClock(wallClock, timeZone);
  return offsets.length === 1 ? wallClockAsUtc(wallClock) - offsets[0] * MINUTE : undefined;
}

const timeZoneOf = (ics: string): ICAL.Timezone => {
  const component = calendarOf(ics).getFirstSubcomponent('vtimezone');
  if (component === null) throw new Error('no VTIMEZONE');
  return new ICAL.Timezone({ component, tzid: String(component.getFirstPropertyValue('tzid')) });
};

/** Each observance of the calendar's VTIMEZONE, as ical.js writes it back: kind, onset, offsets and name. */
const observancesOf = (ics: string): string[][] =>
  timeZoneOf(ics)
    .component.getAllSubcomponents()
    .map((observance) => [
      observance.name,
      ...['dtstart', 'tzoffsetfrom', 'tzoffsetto', 'tzname'].map(
        (name) =>
          observance
            .getFirstProperty(name)
            ?.toICALString()
            .slice(name.length + 1) ?? '',
      ),
    ]);

describe('renderCalendar', () => {
  it('opens with the calendar’s properties, then its zone, then the events in the order given', () => {
    const ics = render([entry({ uid: 'b@x' }), entry({ uid: 'a@x' }), entry({ uid: 'c@x' })]);
    expect(contentLines(ics).slice(0, 11)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Máster en Educación Emocional y Convivencia Escolar//Calendario//ES',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'NAME:Agenda del máster',
      'X-WR-CALNAME:Agenda del máster',
      `X-WR-TIMEZONE:${MADRID}`,
      'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
      'X-PUBLISHED-TTL:PT6H',
      'BEGIN:VTIMEZONE',
    ]);
    const calendar = calendarOf(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Agenda del máster');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT6H');
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(eventsOf(ics).map((event) => event.uid)).toEqual(['b@x', 'a@x', 'c@x']);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('writes an empty calendar with neither zone nor events', () => {
    const ics = render([]);
    expect(calendarOf(ics).getAllSubcomponents()).toEqual([]);
    expect(contentLines(ics).at(-2)).toBe('END:VCALENDAR');
  });

  it('ends every line with CRLF, and none passes 75 octets', () => {
    const ics = render([
      entry({ summary: 'ñ'.repeat(120), description: `${'😀'.repeat(50)}\n${'a, b; c'.repeat(30)}` }),
      entry({ event: wholeDays('2026-05-04'), url: `https://master.example.org/${'x'.repeat(200)}` }),
    ]);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of physicalLines(ics)) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  describe('a timed event', () => {
    it('keeps the site zone’s wall-clock times, which ical.js places at the right instant', () => {
      const ics = render([entry()]);
      expect(linesOf(ics, 'DTSTART')).toEqual([`DTSTART;TZID=${MADRID}:20260312T093000`]);
      expect(linesOf(ics, 'DTEND')).toEqual([`DTEND;TZID=${MADRID}:20260312T130000`]);
      const [event] = eventsOf(ics);
      expect(event.startDate.zone?.tzid).toBe(MADRID);
      expect(asUtc(event.startDate)).toBe('2026-03-12T08:30:00.000Z');
      expect(asUtc(event.endDate)).toBe('2026-03-12T12:00:00.000Z');
    });

    it('falls on the right instant on the days the clocks change', () => {
      const [spring, autumn] = eventsOf(
        render([entry({ event: timed('2026-03-29T10:00:00') }), entry({ event: timed('2026-10-25T10:00:00', '2026-10-25T12:00:00') })]),
      );
      expect(asUtc(spring.startDate)).toBe('2026-03-29T08:00:00.000Z');
      expect(asUtc(autumn.startDate)).toBe('2026-10-25T09:00:00.000Z');
      expect(asUtc(autumn.endDate)).toBe('2026-10-25T11:00:00.000Z');
    });

    it('has no DTEND nor DURATION without an end later than its start', () => {
      for (const event of [timed('2026-03-12T09:30:00'), timed('2026-03-12T09:30:00', '2026-03-12T09:30:00')]) {
        const ics = render([entry({ event })]);
        expect(linesOf(ics, 'DTEND')).toEqual([]);
        expect(linesOf(ics, 'DURATION')).toEqual([]);
        expect(asUtc(eventsOf(ics)[0].startDate)).toBe('2026-03-12T08:30:00.000Z');
      }
    });

    it('is placed in a southern zone, whose summer is in January', () => {
      const [january, july] = eventsOf(
        render([entry({ event: timed('2026-01-15T10:00:00') }), entry({ event: timed('2026-07-15T10:00:00') })], SANTIAGO),
      );
      expect(asUtc(january.startDate)).toBe('2026-01-15T13:00:00.000Z');
      expect(asUtc(july.startDate)).toBe('2026-07-15T14:00:00.000Z');
    });
  });

  describe('a whole-day event', () => {
    it('is written in dates, its DTEND the day after its last', () => {
      const ics = render([entry({ event: wholeDays('2026-05-04', '2026-05-06') })]);
      expect(linesOf(ics, 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20260504']);
      expect(linesOf(ics, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20260507']);
      const [event] = eventsOf(ics);
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe('2026-05-04');
      expect(event.endDate.toString()).toBe('2026-05-07');
    });

    it('lasts its one day without an end, across the end of a month and of a year', () => {
      expect(readEvent({ event: wholeDays('2026-12-31') }).endDate.toString()).toBe('2027-01-01');
      expect(readEvent({ event: wholeDays('2028-02-28', '2028-02-29') }).endDate.toString()).toBe('2028-03-01');
    });

    it('needs no VTIMEZONE when every event is one', () => {
      expect(calendarOf(render([entry({ event: wholeDays('2026-05-04') })])).getAllSubcomponents('vtimezone')).toEqual([]);
    });
  });

  describe('the event’s properties', () => {
    it('are its UID, its last change in UTC, where, its address and a description with its links', () => {
      const ics = render([
        entry({
          description: 'Una jornada abierta.',
          stamp: '2026-03-01T00:00:00+01:00',
          event: timed('2026-03-12T09:30:00', null, {
            location: 'Salón de actos',
            online_url: 'https://meet.example.org/jornada',
            registration_url: 'https://forms.example.org/inscripcion',
          }),
        }),
      ]);
      const [event] = eventsOf(ics);
      expect(event.uid).toBe('publicacion-12@master.example.org');
      expect(linesOf(ics, 'DTSTAMP')).toEqual(['DTSTAMP:20260228T230000Z']);
      expect(linesOf(ics, 'LAST-MODIFIED')).toEqual(['LAST-MODIFIED:20260228T230000Z']);
      expect(event.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-02-28T23:00:00Z');
      expect(event.summary).toBe('Jornada de convivencia');
      expect(event.location).toBe('Salón de actos');
      expect(event.component.getFirstPropertyValue('url')).toBe('https://master.example.org/noticias/12');
      expect(event.description).toBe(
        'Una jornada abierta.\n\nEn línea: https://meet.example.org/jornada\nInscripción: https://forms.example.org/inscripcion',
      );
      expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
      expect(event.component.getFirstPropertyValue('transp')).toBe('OPAQUE');
    });

    it('take the online address as the place of an online-only event', () => {
      const event = readEvent({ event: timed('2026-03-12T09:30:00', null, { online_url: 'https://meet.example.org/x,y' }) });
      expect(event.location).toBe('https://meet.example.org/x,y');
      expect(event.description).toBe('En línea: https://meet.example.org/x,y');
    });

    it('leave out LOCATION and DESCRIPTION when there is nothing to say', () => {
      const ics = render([entry({ description: ' \n ' })]);
      expect(linesOf(ics, 'LOCATION')).toEqual([]);
      expect(linesOf(ics, 'DESCRIPTION')).toEqual([]);
    });

    it('escape text, so that semicolons, commas, backslashes and line breaks come back as written', () => {
      const ics = render([entry({ summary: 'Aula 3; patio, jardín \\ casa', description: 'uno\r\ndos\ntres\rcuatro' })]);
      expect(linesOf(ics, 'SUMMARY')).toEqual(['SUMMARY:Aula 3\\; patio\\, jardín \\\\ casa']);
      expect(linesOf(ics, 'DESCRIPTION')).toEqual(['DESCRIPTION:uno\\ndos\\ntres\\ncuatro']);
      const [event] = eventsOf(ics);
      expect(event.summary).toBe('Aula 3; patio, jardín \\ casa');
      expect(event.description).toBe('uno\ndos\ntres\ncuatro');
    });

    it('leave an address’s commas and semicolons unescaped: it is a URI, not text', () => {
      const url = 'https://master.example.org/buscar?q=a,b;c';
      const ics = render([entry({ url })]);
      expect(linesOf(ics, 'URL')).toEqual([`URL:${url}`]);
      expect(eventsOf(ics)[0].component.getFirstPropertyValue('url')).toBe(url);
    });

    it('drop the characters a calendar cannot carry, in text and in addresses', () => {
      const ics = render([
        entry({
          summary: 'a\u0001b\uFFFFc\uD800d\uFFFE',
          url: 'https://master.example.org/\u0001not\nicias\t/12',
          description: 'x\r\u0002\ny',
        }),
      ]);
      const [event] = eventsOf(ics);
      expect(event.summary).toBe('abcd');
      expect(event.component.getFirstPropertyValue('url')).toBe('https://master.example.org/noticias/12');
      expect(event.description).toBe('x\ny');
    });
  });

  describe('folding', () => {
    const pool = ['á', 'é', 'ñ', 'Ü', '€', '😀', '👩‍🏫', 'a'];
    const summary = Array.from({ length: 200 }, (_, index) => pool[index % pool.length]).join('');

    it('splits a long line into lines of at most 75 octets, each as full as the next character allows, never inside a character', () => {
      const ics = render([entry({ summary })]);
      const start = physicalLines(ics).findIndex((line) => line.startsWith('SUMMARY:'));
      const folded = physicalLines(ics).slice(start, physicalLines(ics).indexOf('DTSTART;TZID=Europe/Madrid:20260312T093000'));
      expect(folded.length).toBeGreaterThan(5);
      folded.forEach((line, index) => {
        if (index > 0) expect(line).toMatch(/^ [^ ]/);
        // A line split inside a surrogate pair would not survive UTF-8.
        expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
        const octets = Buffer.byteLength(line, 'utf8');
        expect(octets).toBeLessThanOrEqual(75);
        if (index < folded.length - 1) expect(octets).toBeGreaterThan(75 - 4);
      });
      expect(linesOf(ics, 'SUMMARY')).toEqual([`SUMMARY:${summary}`]);
      expect(eventsOf(ics)[0].summary).toBe(summary);
    });

    it('leaves a line of 75 octets whole', () => {
      const line = `SUMMARY:${'a'.repeat(75 - 'SUMMARY:'.length)}`;
      expect(physicalLines(render([entry({ summary: line.slice('SUMMARY:'.length) })]))).toContain(line);
    });
  });

  it('carries any text to ical.js and back, the characters XML cannot carry dropped and line breaks as LF', () => {
    const tricky = fc.constantFrom(
      '\r\n',
      '\r',
      '\n',
      ';',
      ',',
      '\\',
      ':',
      '"',
      ' ',
      '\t',
      '\u0001',
      '\uD800',
      '\uDC00',
      '\uFFFF',
      'é',
      '😀',
    );
    const unit = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 120 }), (written) => {
        const ics = render([entry({ summary: written })]);
        for (const line of physicalLines(ics)) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        const expected = written.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/\r\n?/g, '\n');
        expect(eventsOf(ics)[0].summary).toBe(expected);
      }),
    );
  });

  describe('the VTIMEZONE', () => {
    it('has one observance per change of offset, from the year before the first timed event to the year after the last', () => {
      const ics = render([entry({ event: timed('2026-03-12T09:30:00') }), entry({ event: wholeDays('2030-01-01') })]);
      expect(observancesOf(ics)).toEqual([
        ['standard', '19700101T000000', '+0100', '+0100', 'CET'],
        ['daylight', '20250330T020000', '+0100', '+0200', 'CEST'],
        ['standard', '20251026T030000', '+0200', '+0100', 'CET'],
        ['daylight', '20260329T020000', '+0100', '+0200', 'CEST'],
        ['standard', '20261025T030000', '+0200', '+0100', 'CET'],
        ['daylight', '20270328T020000', '+0100', '+0200', 'CEST'],
        ['standard', '20271031T030000', '+0200', '+0100', 'CET'],
      ]);
    });

    it('starts each observance at the local time on the clocks before it, in the south too', () => {
      const ics = render([entry({ event: timed('2026-01-15T10:00:00') })], SANTIAGO);
      expect(observancesOf(ics).filter(([, onset]) => onset.startsWith('2026'))).toEqual([
        ['standard', '20260405T000000', '-0300', '-0400', 'GMT-4'],
        ['daylight', '20260906T000000', '-0400', '-0300', 'GMT-3'],
      ]);
    });

    it('has a single standard observance for a zone that keeps one offset', () => {
      for (const [timeZone, offset] of [
        ['Asia/Tokyo', '+0900'],
        ['UTC', '+0000'],
      ]) {
        const ics = render([entry({ event: timed('2026-03-12T09:30:00') })], timeZone);
        expect(observancesOf(ics)).toEqual([['standard', '19700101T000000', offset, offset, expect.any(String)]]);
        expect(asUtc(eventsOf(ics)[0].startDate)).toBe(new Date(intlInstant('2026-03-12T09:30:00', timeZone) ?? Number.NaN).toISOString());
      }
    });

    // Lord Howe moves its clocks by half an hour. The hour repeated when the clocks go back is left out: ical.js
    // reads it as its second time, where RFC 5545 says the first; the hour they skip does not exist.
    it.each([MADRID, SANTIAGO, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Tokyo'])(
      'gives ical.js the instants Intl gives, every few hours of three years and every ten minutes around each change, in %s',
      (timeZone) => {
        const ics = render([entry({ event: timed('2026-06-01T10:00:00') })], timeZone);
        const zone = timeZoneOf(ics);
        // Wall-clock times are handled as if they were UTC instants to count through them; 557 minutes, to come round every hour of the day.
        const throughout = Array.from({ length: 2830 }, (_, index) => Date.UTC(2025, 0, 1) + index * 557 * MINUTE);
        const onsets = observancesOf(ics).map(([, onset]) =>
          wallClockAsUtc(onset.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6')),
        );
        const around = onsets.slice(1).flatMap((onset) => Array.from({ length: 37 }, (_, index) => onset + (index - 18) * 10 * MINUTE));
        for (const time of [...throughout, ...around]) {
          const wallClock = new Date(time).toISOString().slice(0, 19);
          const expected = intlInstant(wallClock, timeZone);
          if (expected !== undefined) expect([wallClock, icalInstant(wallClock, zone)]).toEqual([wallClock, expected]);
        }
      },
    );

    it('places a January and a July time, and the days the clocks change, as Intl does', () => {
      const madrid = timeZoneOf(render([entry()]));
      expect(new Date(icalInstant('2026-03-29T10:00:00', madrid)).toISOString()).toBe('2026-03-29T08:00:00.000Z');
      expect(new Date(icalInstant('2026-10-25T10:00:00', madrid)).toISOString()).toBe('2026-10-25T09:00:00.000Z');
      expect(new Date(icalInstant('2026-01-20T10:00:00', madrid)).toISOString()).toBe('2026-01-20T09:00:00.000Z');
      expect(new Date(icalInstant('2026-07-20T10:00:00', madrid)).toISOString()).toBe('2026-07-20T08:00:00.000Z');
    });
  });
});
