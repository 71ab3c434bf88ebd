import { siteTimeZone, todayIso } from './clock';

test("today is the site's local day, not UTC's", () => {
  // 23:30 UTC on 22 November is already the 23rd in Madrid (UTC+1), still the 22nd in Santiago de Chile.
  const lateEvening = new Date('2026-11-22T23:30:00Z');
  expect(todayIso(lateEvening, 'Europe/Madrid')).toBe('2026-11-23');
  expect(todayIso(lateEvening, 'UTC')).toBe('2026-11-22');
  expect(todayIso(lateEvening, 'America/Santiago')).toBe('2026-11-22');
  // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July in Madrid (UTC+2).
  expect(todayIso(new Date('2026-06-30T22:30:00Z'), 'Europe/Madrid')).toBe('2026-07-01');
});

test('SITE_TIME_ZONE: Europe/Madrid by default, any IANA name, and a clear error for anything else', () => {
  expect(siteTimeZone({})).toBe('Europe/Madrid');
  expect(siteTimeZone({ SITE_TIME_ZONE: 'America/Santiago' })).toBe('America/Santiago');
  expect(() => siteTimeZone({ SITE_TIME_ZONE: 'Marte/Olimpo' })).toThrow('SITE_TIME_ZONE must be a time zone name');
});
