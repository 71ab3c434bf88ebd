import { formatLongDate } from './format-date';

describe('formatLongDate (es-ES, long)', () => {
  test('writes a publish date the Spanish way', () => {
    expect(formatLongDate('2024-03-05')).toBe('5 de marzo de 2024');
    expect(formatLongDate('2026-12-31')).toBe('31 de diciembre de 2026');
  });

  test('reads the calendar day without shifting it by the time zone', () => {
    const previous = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Madrid']) {
        process.env.TZ = tz;
        expect(formatLongDate('2024-01-01')).toBe('1 de enero de 2024');
      }
    } finally {
      process.env.TZ = previous;
    }
  });

  test('takes the date part of a timestamp', () => {
    expect(formatLongDate('2025-07-09T23:30:00Z')).toBe('9 de julio de 2025');
  });

  test('gives nothing for a missing or impossible date', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('mañana')).toBe('');
    expect(formatLongDate('2024-02-30')).toBe('');
  });
});
