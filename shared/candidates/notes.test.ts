import { describe, expect, it } from 'vitest';
import {
  appendNoteLine,
  applicationHistory,
  formatNoteLine,
  formatNoteStamp,
  parseNoteLine,
  reappliedNote,
  statusChangeNote,
  turnedDownNote,
} from './notes';

describe('note lines', () => {
  it('stamps a line in Pacific time with the zone abbreviation', () => {
    expect(formatNoteLine(new Date('2024-01-05T18:30:00Z'), 'Status updated from new to interview')).toBe(
      '[2024-01-05 10:30 PST] Status updated from new to interview',
    );
    expect(formatNoteLine('2024-07-01T00:15:00Z', 'x')).toBe('[2024-06-30 17:15 PDT] x');
  });

  it('uses 24-hour time, midnight as 00', () => {
    expect(formatNoteStamp('2024-01-01T08:05:00Z')).toBe('2024-01-01 00:05 PST');
    expect(formatNoteStamp('2024-01-01T08:05:00Z', 'UTC')).toBe('2024-01-01 08:05 UTC');
  });

  it('keeps a line on one line', () => {
    expect(formatNoteLine('2024-01-05T18:30:00Z', 'first\n  second\r\nthird ')).toBe('[2024-01-05 10:30 PST] first second third');
  });

  it('refuses an invalid date rather than writing a broken stamp', () => {
    expect(() => formatNoteLine('not a date', 'x')).toThrow(RangeError);
  });

  it('words the status, turn-down and reapplied lines', () => {
    expect(statusChangeNote('new', 'interview')).toBe('Status updated from new to interview');
    expect(turnedDownNote()).toBe('Candidate marked as turned down (status rejected)');
    expect(reappliedNote('Zapier')).toBe('Candidate reapplied via Zapier');
    expect(reappliedNote('  ')).toBe('Candidate reapplied via unknown source');
  });
});

describe('appendNoteLine', () => {
  it('starts empty notes with the line', () => {
    expect(appendNoteLine('', 'a')).toBe('a');
    expect(appendNoteLine(null, 'a')).toBe('a');
    expect(appendNoteLine(' \n', 'a')).toBe('a');
  });

  it('adds the line on its own line, without blank lines, keeping the rest as written', () => {
    expect(appendNoteLine('  Met at fair', 'b')).toBe('  Met at fair\nb');
    expect(appendNoteLine('first\nsecond\n\n', 'third')).toBe('first\nsecond\nthird');
  });
});

describe('applicationHistory', () => {
  const notes = [
    'Talked to Ana, strong closer',
    '[2024-01-05 10:30 PST] Status updated from new to interview',
    '[2024-02-01 09:00 PST] Candidate reapplied via Zapier',
    'Candidate reapplied via phone (no stamp)',
    '[1/3/2024] Candidate reapplied via Form',
  ].join('\r\n');

  it('lists the reapplied lines with their bracketed date', () => {
    expect(applicationHistory(notes)).toEqual([
      { date: '2024-02-01 09:00 PST', text: 'Candidate reapplied via Zapier', line: '[2024-02-01 09:00 PST] Candidate reapplied via Zapier' },
      { date: null, text: 'Candidate reapplied via phone (no stamp)', line: 'Candidate reapplied via phone (no stamp)' },
      { date: '1/3/2024', text: 'Candidate reapplied via Form', line: '[1/3/2024] Candidate reapplied via Form' },
    ]);
  });

  it('round-trips lines this module writes', () => {
    const line = formatNoteLine('2024-03-01T12:00:00Z', reappliedNote('Typeform'));
    expect(applicationHistory(appendNoteLine('old notes', line))).toEqual([parseNoteLine(line)]);
    expect(parseNoteLine(line)).toEqual({ date: '2024-03-01 04:00 PST', text: 'Candidate reapplied via Typeform', line });
  });

  it('is empty without notes', () => {
    expect(applicationHistory('')).toEqual([]);
    expect(applicationHistory(null)).toEqual([]);
  });
});
