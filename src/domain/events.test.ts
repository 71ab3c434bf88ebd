import type { FieldErrors } from './entities';
import { eventWhen, eventWhere, isUpcoming, readEvent } from './events';
import { messages } from './messages';
import { offsetsOfWallClock } from './zoned-time';

describe('offsetsOfWallClock', () => {
  it('gives one offset on most days, none in the hour the clocks skip, two in the hour they repeat', () => {
    expect(offsetsOfWallClock('2026-01-15T10:00:00', 'Europe/Madrid')).toEqual([60]);
    expect(offsetsOfWallClock('2026-07-15T10:00:00', 'Europe/Madrid')).toEqual([120]);
    expect(offsetsOfWallClock('2026-03-29T02:30:00', 'Europe/Madrid')).toEqual([]);
    expect(offsetsOfWallClock('2026-10-25T02:30:00', 'Europe/Madrid')).toEqual([120, 60]);
    expect(offsetsOfWallClock('2026-04-05T10:00:00', 'America/Santiago')).toEqual([-240]);
    expect(offsetsOfWallClock('2026-02-30T10:00:00', 'Europe/Madrid')).toEqual([]);
  });
});

describe('readEvent', () => {
  const read = (value: unknown, timeZone?: string) => {
    const errors: FieldErrors = {};
    return { event: readEvent(value, errors, timeZone), errors };
  };

  it('keeps wall-clock times with seconds, trims texts and turns blanks into null', () => {
    expect(read({ start: '2026-03-12T09:30', end: '', location: '  Aula Magna ', online_url: ' ' }).event).toEqual({
      start: '2026-03-12T09:30:00',
      end: null,
      all_day: false,
      location: 'Aula Magna',
      online_url: null,
      registration_url: null,
    });
  });

  it('reads JSON text and null as a multipart form sends them; undefined says nothing', () => {
    expect(read('{"start":"2026-05-04","all_day":true}').event).toMatchObject({ start: '2026-05-04', all_day: true });
    expect(read('null').event).toBeNull();
    expect(read(null).event).toBeNull();
    expect(read(undefined).event).toBeUndefined();
    expect(read('{').errors).toEqual({ event: [messages.eventInvalid] });
    expect(read([]).errors).toEqual({ event: [messages.eventInvalid] });
  });

  it('without a zone (the browser) leaves the skipped hour to the server; with one, refuses it', () => {
    expect(read({ start: '2026-03-29T02:30' }).errors).toEqual({});
    expect(read({ start: '2026-03-29T02:30' }, 'Europe/Madrid').errors).toEqual({ 'event.start': [messages.eventTimeSkipped] });
  });

  it('refuses an end before the start, of times and of days', () => {
    expect(read({ start: '2026-03-12T10:00', end: '2026-03-12T09:00' }).errors).toEqual({ 'event.end': [messages.eventEndBeforeStart] });
    expect(read({ start: '2026-03-12', end: '2026-03-11', all_day: true }).errors).toEqual({ 'event.end': [messages.eventEndBeforeStart] });
    expect(read({ start: '2026-03-12T10:00', end: '2026-03-12T10:00' }).errors).toEqual({});
  });
});

describe('what visitors read', () => {
  it('says when in long Spanish', () => {
    expect(eventWhen({ start: '2026-03-12T09:30:00+01:00', end: null, all_day: false })).toBe('jueves, 12 de marzo de 2026, 9:30');
    expect(eventWhen({ start: '2026-03-12T09:30:00+01:00', end: '2026-03-12T13:00:00+01:00', all_day: false })).toBe(
      'jueves, 12 de marzo de 2026, 9:30 a 13:00',
    );
    expect(eventWhen({ start: '2026-05-04', end: '2026-05-06', all_day: true })).toBe(
      'del lunes, 4 de mayo de 2026 al miércoles, 6 de mayo de 2026',
    );
    expect(eventWhen({ start: '2026-05-04', end: '2026-05-04', all_day: true })).toBe('lunes, 4 de mayo de 2026');
  });

  it("says where: the place, else 'En línea', else nothing", () => {
    expect(eventWhere({ location: 'Aula Magna', online_url: 'https://x.example' })).toBe('Aula Magna');
    expect(eventWhere({ location: null, online_url: 'https://x.example' })).toBe('En línea');
    expect(eventWhere({ location: null, online_url: null })).toBeNull();
  });

  it('is upcoming until its last day has passed', () => {
    const event = { start: '2026-05-04', end: '2026-05-06' };
    expect(isUpcoming(event, '2026-05-06')).toBe(true);
    expect(isUpcoming(event, '2026-05-07')).toBe(false);
    expect(isUpcoming({ start: '2026-05-04T10:00:00', end: null }, '2026-05-04')).toBe(true);
  });
});
