import { describe, expect, it } from 'vitest';
import { selectedDay } from './selected-day';

describe('selectedDay', () => {
  const today = '2026-03-10';

  it('is today without a day, or with a malformed one', () => {
    expect(selectedDay(null, today)).toBe(today);
    expect(selectedDay('', today)).toBe(today);
    expect(selectedDay('yesterday', today)).toBe(today);
    expect(selectedDay('2026-02-30', today)).toBe(today);
  });

  it('keeps a past day and never goes beyond today', () => {
    expect(selectedDay('2026-03-09', today)).toBe('2026-03-09');
    expect(selectedDay('2024-01-01', today)).toBe('2024-01-01');
    expect(selectedDay('2026-03-11', today)).toBe(today);
    expect(selectedDay('2099-01-01', today)).toBe(today);
  });
});
