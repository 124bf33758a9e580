import { describe, expect, it } from 'vitest';
import { formatDuration, formatInterviewTimeRange, interviewDayIn, wallClockIn } from './interview-times';

const berlinMorning = { date: '2026-12-01', startTime: '09:30', timeZone: 'Europe/Berlin', durationMinutes: 45 };

describe('interview times', () => {
  it('reads the same instant on another zone’s clock', () => {
    expect(formatInterviewTimeRange(berlinMorning, 'Europe/Berlin')).toBe('9:30 AM – 10:15 AM');
    expect(formatInterviewTimeRange(berlinMorning, 'America/New_York')).toBe('3:30 AM – 4:15 AM');
    expect(wallClockIn(berlinMorning, 'America/Los_Angeles')).toEqual({ date: '2026-12-01', startTime: '00:30' });
    expect(wallClockIn(berlinMorning, 'Pacific/Honolulu')).toEqual({ date: '2026-11-30', startTime: '22:30' });
    expect(interviewDayIn(berlinMorning, 'Pacific/Honolulu')).toBe('2026-11-30');
  });

  it('says when an interview ends on the next day, and writes durations', () => {
    expect(formatInterviewTimeRange({ ...berlinMorning, startTime: '23:30', durationMinutes: 60 }, 'Europe/Berlin')).toBe('11:30 PM – 12:30 AM (next day)');
    expect([45, 60, 90].map(formatDuration)).toEqual(['45 min', '1 h', '1 h 30 min']);
  });
});
