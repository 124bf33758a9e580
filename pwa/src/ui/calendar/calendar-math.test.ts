import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayAfterKey,
  dayLabel,
  isInRange,
  monthLabel,
  monthWeeks,
  pickDay,
  shiftMonthKeepingDay,
} from './calendar-math';

describe('month grid', () => {
  it('lays a month out in Sunday-first weeks with blanks around it', () => {
    const weeks = monthWeeks({ year: 2024, month: 2 }); // Feb 2024 starts on a Thursday, has 29 days
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, null, null, '2024-02-01', '2024-02-02', '2024-02-03']);
    expect(weeks[4]).toEqual(['2024-02-25', '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', null, null]);
  });

  it('moves between months across years and names them', () => {
    expect(addMonths({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 });
    expect(addMonths({ year: 2024, month: 1 }, -1)).toEqual({ year: 2023, month: 12 });
    expect(monthLabel({ year: 2024, month: 3 })).toBe('March 2024');
    expect(dayLabel('2024-01-05')).toBe('Friday, January 5, 2024');
  });
});

describe('keyboard movement', () => {
  it('follows the date-picker grid keys', () => {
    expect(dayAfterKey('2024-03-01', 'ArrowLeft')).toBe('2024-02-29');
    expect(dayAfterKey('2024-03-01', 'ArrowDown')).toBe('2024-03-08');
    expect(dayAfterKey('2024-03-06', 'Home')).toBe('2024-03-03'); // Wednesday → Sunday
    expect(dayAfterKey('2024-03-06', 'End')).toBe('2024-03-09');
    expect(dayAfterKey('2024-01-31', 'PageDown')).toBe('2024-02-29');
    expect(dayAfterKey('2024-02-29', 'PageDown', true)).toBe('2025-02-28');
    expect(dayAfterKey('2024-03-06', 'Enter')).toBeNull();
    expect(shiftMonthKeepingDay('2024-03-31', -1)).toBe('2024-02-29');
  });
});

describe('picking a range', () => {
  it('starts, then ends a range in either order, then starts again', () => {
    let range = pickDay({ from: null, to: null }, '2024-03-10');
    expect(range).toEqual({ from: '2024-03-10', to: null });
    expect(isInRange('2024-03-10', range)).toBe(true);
    range = pickDay(range, '2024-03-02');
    expect(range).toEqual({ from: '2024-03-02', to: '2024-03-10' });
    expect(isInRange('2024-03-05', range)).toBe(true);
    expect(isInRange('2024-03-11', range)).toBe(false);
    expect(pickDay(range, '2024-04-01')).toEqual({ from: '2024-04-01', to: null });
  });
});
