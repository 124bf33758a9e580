import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayBounds, isValidDay, isValidTimeZone, parseDay, shiftDay, toDayString, zonedTimeToEpochMs, zoneOffsetMs } from './time-zone';

const HOUR = 3_600_000;

describe('toDayString', () => {
  it('gives the calendar day of an instant in the zone', () => {
    const instant = '2024-03-10T06:30:00Z';
    expect(toDayString(instant, 'UTC')).toBe('2024-03-10');
    expect(toDayString(instant, 'America/Los_Angeles')).toBe('2024-03-09');
    expect(toDayString(new Date(instant), 'Asia/Manila')).toBe('2024-03-10');
    expect(toDayString(Date.parse('2024-12-31T20:00:00Z'), 'Pacific/Auckland')).toBe('2025-01-01');
  });

  it('rejects an invalid date or zone', () => {
    expect(() => toDayString('not a date', 'UTC')).toThrow(RangeError);
    expect(() => toDayString(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('parseDay and shiftDay', () => {
  it('accepts only real calendar dates', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isValidDay('2023-02-29')).toBe(false);
    expect(isValidDay('2024-13-01')).toBe(false);
    expect(isValidDay('2024-1-01')).toBe(false);
    expect(isValidDay('')).toBe(false);
  });

  it('moves across month, year and leap-day boundaries', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2023-12-31', 1)).toBe('2024-01-01');
    expect(shiftDay('2024-01-01', -366)).toBe('2022-12-31');
    expect(() => shiftDay('yesterday', 1)).toThrow(RangeError);
  });
});

describe('zoneOffsetMs', () => {
  it('follows daylight saving time', () => {
    expect(zoneOffsetMs(Date.parse('2024-01-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-8 * HOUR);
    expect(zoneOffsetMs(Date.parse('2024-07-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
    expect(zoneOffsetMs(Date.parse('2024-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('changes at the exact instant of a transition, on both sides within one day', () => {
    // Los Angeles sprang forward at 2024-03-10T10:00:00Z.
    expect(zoneOffsetMs(Date.parse('2024-03-10T09:59:59Z'), 'America/Los_Angeles')).toBe(-8 * HOUR);
    expect(zoneOffsetMs(Date.parse('2024-03-10T10:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
    expect(zoneOffsetMs(Date.parse('2024-03-10T00:00:00Z'), 'America/Los_Angeles')).toBe(-8 * HOUR);
    expect(zoneOffsetMs(Date.parse('2024-03-10T23:59:59Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
  });
});

describe('dayBounds', () => {
  it('gives the UTC start and exclusive end of an ordinary day', () => {
    const { start, end } = dayBounds('2024-01-15', 'America/Los_Angeles');
    expect(start.toISOString()).toBe('2024-01-15T08:00:00.000Z');
    expect(end.toISOString()).toBe('2024-01-16T08:00:00.000Z');
    expect(dayBounds('2024-01-15', 'UTC').start.toISOString()).toBe('2024-01-15T00:00:00.000Z');
    expect(dayBounds('2024-01-15', 'Asia/Manila').start.toISOString()).toBe('2024-01-14T16:00:00.000Z');
  });

  it('makes the spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    const spring = dayBounds('2024-03-10', 'America/Los_Angeles');
    expect(spring.start.toISOString()).toBe('2024-03-10T08:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const fall = dayBounds('2024-11-03', 'America/Los_Angeles');
    expect(fall.start.toISOString()).toBe('2024-11-03T07:00:00.000Z');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
  });

  it('starts a day whose midnight was skipped at the first instant that has its date', () => {
    // Brazil sprang forward at 00:00 on 2018-11-04: local time went from 23:59:59 to 01:00.
    const { start } = dayBounds('2018-11-04', 'America/Sao_Paulo');
    expect(start.toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(toDayString(start, 'America/Sao_Paulo')).toBe('2018-11-04');
    expect(toDayString(start.getTime() - 1, 'America/Sao_Paulo')).toBe('2018-11-03');
  });

  it('rejects a malformed day', () => {
    expect(() => dayBounds('2024-02-30', 'UTC')).toThrow(/Invalid day/);
  });

  it('always contains exactly the instants whose local day it is (property)', () => {
    const zones = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Asia/Manila', 'Europe/London', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (epochMs, zone) => {
          const day = toDayString(epochMs, zone);
          const { start, end } = dayBounds(day, zone);
          expect(start.getTime()).toBeLessThanOrEqual(epochMs);
          expect(epochMs).toBeLessThan(end.getTime());
          expect(toDayString(start, zone)).toBe(day);
          expect(toDayString(start.getTime() - 1, zone)).toBe(shiftDay(day, -1));
          expect(toDayString(end, zone)).toBe(shiftDay(day, 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('zonedTimeToEpochMs', () => {
  it('turns a wall-clock time in a zone into an instant', () => {
    expect(new Date(zonedTimeToEpochMs({ year: 2024, month: 1, day: 5, hour: 10, minute: 30 }, 'America/Los_Angeles')).toISOString()).toBe(
      '2024-01-05T18:30:00.000Z',
    );
    expect(new Date(zonedTimeToEpochMs({ year: 2024, month: 7, day: 5, hour: 10 }, 'America/Los_Angeles')).toISOString()).toBe(
      '2024-07-05T17:00:00.000Z',
    );
    expect(new Date(zonedTimeToEpochMs({ year: 2024, month: 1, day: 5 }, 'Asia/Manila')).toISOString()).toBe('2024-01-04T16:00:00.000Z');
  });

  it('takes the first of a repeated hour and moves a skipped hour forward', () => {
    // 01:30 happens twice in Los Angeles on 2024-11-03; 02:30 never happens on 2024-03-10.
    expect(new Date(zonedTimeToEpochMs({ year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, 'America/Los_Angeles')).toISOString()).toBe(
      '2024-11-03T08:30:00.000Z',
    );
    const skipped = zonedTimeToEpochMs({ year: 2024, month: 3, day: 10, hour: 2, minute: 30 }, 'America/Los_Angeles');
    expect(toDayString(skipped, 'America/Los_Angeles')).toBe('2024-03-10');
  });
});
