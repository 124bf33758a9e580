import { describe, expect, it } from 'vitest';
import { dateOnlyIso, dayLabel, dayLabelInSentence, formatDateTime, formatLocalDate, formatLongDay, formatPacificDate, formatShortDay, isWithinLast24Hours } from './dates';

describe('formatPacificDate', () => {
  it('shows Pacific standard time with the PST suffix in winter', () => {
    expect(formatPacificDate('2024-01-05T18:30:00Z')).toBe('Jan 5, 2024, 10:30 AM PST');
  });

  it('shows PDT in summer', () => {
    expect(formatPacificDate('2024-07-04T19:05:00Z')).toBe('Jul 4, 2024, 12:05 PM PDT');
  });

  it('converts from any offset and crosses the date line correctly', () => {
    expect(formatPacificDate('2024-01-06T02:00:00+08:00')).toBe('Jan 5, 2024, 10:00 AM PST');
    expect(formatPacificDate(new Date('2024-01-01T07:59:00Z'))).toBe('Dec 31, 2023, 11:59 PM PST');
  });

  it('returns an empty string for a missing or broken date', () => {
    expect(formatPacificDate('')).toBe('');
    expect(formatPacificDate(null)).toBe('');
    expect(formatPacificDate('yesterday-ish')).toBe('');
  });
});

describe('a date without a time', () => {
  const day = dateOnlyIso(2026, 11, 22);

  it('is stored as midnight UTC and reads as that day on every screen, in every zone', () => {
    expect(day).toBe('2026-11-22T00:00:00.000Z');
    expect(formatPacificDate(day)).toBe('Nov 22, 2026');
    for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Manila', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(formatLocalDate(day, zone), zone).toBe('Nov 22, 2026');
      expect(formatDateTime(day, zone), zone).toBe('Nov 22, 2026');
    }
  });
});

describe('formatDateTime', () => {
  it('is the one date-time format, in the zone asked, with its abbreviation', () => {
    expect(formatDateTime('2026-11-24T15:36:52Z', 'America/Los_Angeles')).toBe('Nov 24, 2026, 7:36 AM PST');
    expect(formatDateTime('2026-11-24T15:36:52Z', 'UTC')).toBe('Nov 24, 2026, 3:36 PM UTC');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('isWithinLast24Hours', () => {
  const now = new Date('2024-05-10T12:00:00Z');

  it('is true inside the window and false outside it', () => {
    expect(isWithinLast24Hours('2024-05-10T11:59:00Z', now)).toBe(true);
    expect(isWithinLast24Hours('2024-05-09T12:00:01Z', now)).toBe(true);
    expect(isWithinLast24Hours('2024-05-09T12:00:00Z', now)).toBe(false);
    expect(isWithinLast24Hours('2024-04-01T00:00:00Z', now)).toBe(false);
  });

  it('tolerates a few minutes of clock skew but not future dates', () => {
    expect(isWithinLast24Hours('2024-05-10T12:04:00Z', now)).toBe(true);
    expect(isWithinLast24Hours('2024-05-11T12:00:00Z', now)).toBe(false);
  });

  it('counts a date without a time while its day is today where the device is', () => {
    const day = dateOnlyIso(2026, 11, 22);
    // 5 PM on Nov 22 in California is already Nov 23 in UTC (and in Manila).
    const evening = new Date('2026-11-23T01:00:00Z');
    expect(isWithinLast24Hours(day, evening, 'America/Los_Angeles')).toBe(true);
    expect(isWithinLast24Hours(day, evening, 'Asia/Manila')).toBe(false);
    // 6 PM on Nov 21 in California: the day has not begun there, though it has in UTC.
    const eveBefore = new Date('2026-11-22T02:00:00Z');
    expect(isWithinLast24Hours(day, eveBefore, 'America/Los_Angeles')).toBe(false);
    expect(isWithinLast24Hours(day, eveBefore, 'Asia/Manila')).toBe(true);
    expect(isWithinLast24Hours(day, new Date('2026-11-22T23:59:00Z'), 'UTC')).toBe(true);
    expect(isWithinLast24Hours(day, new Date('2026-11-23T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('is false for an invalid date', () => {
    expect(isWithinLast24Hours('garbage', now)).toBe(false);
    expect(isWithinLast24Hours(undefined, now)).toBe(false);
  });
});

describe('formatLocalDate', () => {
  it('shows the date in the given zone', () => {
    expect(formatLocalDate('2024-01-05T02:00:00Z', 'UTC')).toBe('Jan 5, 2024');
    expect(formatLocalDate('2024-01-05T02:00:00Z', 'America/Los_Angeles')).toBe('Jan 4, 2024');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatLocalDate('nope')).toBe('');
  });
});

describe('day labels', () => {
  it('says Today and Yesterday relative to today', () => {
    expect(dayLabel('2024-03-01', '2024-03-01')).toBe('Today');
    expect(dayLabel('2024-02-29', '2024-03-01')).toBe('Yesterday');
  });

  it('writes today and yesterday in lower case inside a sentence', () => {
    expect(`for ${dayLabelInSentence('2024-03-01', '2024-03-01')}`).toBe('for today');
    expect(`for ${dayLabelInSentence('2024-02-29', '2024-03-01')}`).toBe('for yesterday');
    expect(dayLabelInSentence('2024-01-01', '2024-03-01')).toBe('Monday, January 1, 2024');
  });

  it('writes other days in full', () => {
    expect(dayLabel('2024-01-01', '2024-03-01')).toBe('Monday, January 1, 2024');
    expect(dayLabel('2024-03-02', '2024-03-01')).toBe('Saturday, March 2, 2024');
    expect(formatLongDay('2023-12-31')).toBe('Sunday, December 31, 2023');
    expect(formatShortDay('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('rejects a malformed day', () => {
    expect(() => dayLabel('01/01/2024', '2024-03-01')).toThrow(RangeError);
  });
});
